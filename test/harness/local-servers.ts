// Small servers the tests and the bench start on this machine: a free port, whether something listens, a throwaway
// redis-server, and `pressbox serve` in a process of its own. Shared by test/harness/run-node.ts, the bench and the tests that need their own Redis.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

/** A port nothing listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on host:port. */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A redis-server on `port` (no persistence unless `args` asks for it), resolved once it accepts connections.
 * Throws with the install command when redis-server is missing or does not come up.
 */
export async function startRedisServer(port: number, args = ['--save', '', '--appendonly', 'no']): Promise<ChildProcess> {
  // Under faketime (npm test runs the node suite 40 days ahead once) libfaketime breaks redis-server's allocator.
  const { LD_PRELOAD: _faketime, ...env } = process.env;
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...args], { stdio: 'ignore', env });
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  for (let tries = 0; tries < 100; tries++) {
    if (failed) break;
    if (await reachable('127.0.0.1', port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start: install it with  sudo apt-get install -y redis-server');
}

/** A redis-server of the run's own on a free port (REDIS_URL instead when `shared` and it is set). */
export async function throwawayRedis(shared = false): Promise<{ url: string; stop(): void }> {
  if (shared && process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: () => {} };
  const port = await freePort();
  const server = await startRedisServer(port);
  return { url: `redis://127.0.0.1:${port}`, stop: () => void server.kill('SIGKILL') };
}

/**
 * A Redis primary, one replica and three sentinels (quorum 2, a primary is down after 1 s) on free ports, for
 * failover tests and the bench. Resolves once the sentinels know the replica and each other, so that killing the
 * primary leads to a failover. `url` is what `--redis` takes.
 */
export interface SentinelGroup {
  /** What `--redis` takes: redis+sentinel://127.0.0.1:p,127.0.0.1:p,127.0.0.1:p/name */
  url: string;
  primaryPort: number;
  replicaPort: number;
  /** The port of the server the sentinels call primary now. */
  primaryNow(): Promise<number>;
  killPrimary(): void;
  stop(): void;
}

export async function startSentinelGroup(dir: string, name = 'pressbox'): Promise<SentinelGroup> {
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const servers: ChildProcess[] = [];
  const common = ['--save', '', '--appendonly', 'no', '--dir', dir];
  servers.push(await startRedisServer(primaryPort, common));
  servers.push(await startRedisServer(replicaPort, [...common, '--replicaof', '127.0.0.1', String(primaryPort)]));
  const ask = async <Answer>(port: number, ...command: string[]): Promise<Answer | undefined> => {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.call(command[0]!, ...command.slice(1))) as Answer;
    } catch {
      return undefined;
    } finally {
      client.disconnect();
    }
  };
  const until = async (what: string, condition: () => Promise<boolean>) => {
    for (let tries = 0; tries < 300; tries++) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Sentinel group: ${what} did not happen within 30 s`);
  };
  await until('the replica syncing', async () =>
    /master_link_status:up/.test((await ask<string>(replicaPort, 'INFO', 'replication')) ?? ''),
  );
  const sentinelPorts: number[] = [];
  for (let index = 0; index < 3; index++) {
    const port = await freePort();
    const config = join(dir, `sentinel-${index}.conf`);
    await writeFile(
      config,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 5000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    const { LD_PRELOAD: _faketime, ...env } = process.env;
    servers.push(spawn('redis-server', [config, '--sentinel'], { stdio: 'ignore', env }));
    sentinelPorts.push(port);
  }
  for (const port of sentinelPorts) {
    await until(
      'a sentinel seeing the replica',
      async () => ((await ask<unknown[]>(port, 'SENTINEL', 'REPLICAS', name)) ?? []).length === 1,
    );
    await until(
      'the sentinels seeing each other',
      async () => ((await ask<unknown[]>(port, 'SENTINEL', 'SENTINELS', name)) ?? []).length === 2,
    );
  }
  return {
    url: `redis+sentinel://${sentinelPorts.map((port) => `127.0.0.1:${port}`).join(',')}/${name}`,
    primaryPort,
    replicaPort,
    primaryNow: async () => Number(((await ask<string[]>(sentinelPorts[0]!, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) ?? [])[1]),
    killPrimary: () => void servers[0]!.kill('SIGKILL'),
    stop: () => servers.forEach((server) => server.kill('SIGKILL')),
  };
}

/** A Redis Cluster of three primaries (no replicas) on free ports, its slots spread over them. */
export interface RedisClusterGroup {
  /** What `--redis` takes: redis+cluster://127.0.0.1:p,127.0.0.1:p,127.0.0.1:p */
  url: string;
  ports: number[];
  stop(): void;
}

export async function startRedisCluster(dir: string): Promise<RedisClusterGroup> {
  const ports: number[] = [];
  const servers: ChildProcess[] = [];
  try {
    for (let index = 0; index < 3; index++) {
      const port = await freePort();
      ports.push(port);
      const node = ['--save', '', '--appendonly', 'no', '--dir', dir, '--cluster-enabled', 'yes'];
      node.push('--cluster-config-file', join(dir, `nodes-${port}.conf`), '--cluster-port', String(await freePort()));
      servers.push(await startRedisServer(port, [...node, '--cluster-node-timeout', '2000']));
    }
    const { LD_PRELOAD: _faketime, ...env } = process.env;
    const nodes = ports.map((port) => `127.0.0.1:${port}`);
    await promisify(execFile)('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], { env });
    for (const port of ports) {
      const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
      try {
        for (let tries = 0; !/cluster_state:ok/.test(String(await client.call('CLUSTER', 'INFO'))); tries++) {
          if (tries > 300) throw new Error('Redis Cluster: not ok within 30 s');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        client.disconnect();
      }
    }
  } catch (error) {
    servers.forEach((server) => server.kill('SIGKILL'));
    throw error;
  }
  return {
    url: `redis+cluster://${ports.map((port) => `127.0.0.1:${port}`).join(',')}`,
    ports,
    stop: () => servers.forEach((server) => server.kill('SIGKILL')),
  };
}

export interface ServeProcess {
  child: ChildProcess;
  /** The address its banner names. */
  origin: string;
}

/**
 * `pressbox serve` in a process of its own, as an operator starts it (tests and the bench): resolves once its banner
 * names the address it listens on, or fails with what it printed. Its sandbox plays round the clock, so every league
 * has games in every state whatever the day of the run.
 */
export async function startServeProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 90_000,
  /** `source` (tests: no build needed) or `built`: `node bin/pressbox.js`, as operators run it (the bench measures that). */
  from: 'source' | 'built' = 'source',
): Promise<ServeProcess> {
  const entry = from === 'built' ? ['bin/pressbox.js'] : ['--import', 'tsx', 'src/cli.ts'];
  const child = spawn(process.execPath, [...entry, 'serve', '--sandbox-calendar', 'round-the-clock', ...args], {
    // Its banner and start-up failures are on stderr; its request lines (stdout) would cost a bench run a pipe.
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const banner = /relay\s+(http:\/\/\S+)/;
  const deadline = Date.now() + timeoutMs;
  while (!banner.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = child.exitCode !== null ? `exited with ${child.exitCode}` : `printed no address within ${timeoutMs / 1000} s`;
      child.kill('SIGKILL');
      throw new Error(`pressbox serve ${why}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.stderr!.removeAllListeners('data').resume();
  return { child, origin: banner.exec(output)![1]! };
}
