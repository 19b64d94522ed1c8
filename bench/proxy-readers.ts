// The operators' guide's recipe as readers meet it: three relays on one Redis behind nginx started from deploy/nginx.conf, each
// relay trusting nginx's address only. Readers come from many loopback addresses (127.0.0.0/8): each opens one live
// stream and makes a few data requests, as a page does; one abusive address sends a burst meanwhile. Goals: no stream
// refused, no 429 to a reader within its limits, the abusive address limited alone.
// Run alone with `node --import tsx bench/proxy-readers.ts [readers]`; `npm run bench` runs it as one section.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startRedisServer } from '../scripts/local-servers.js';
import { startSandbox } from '../src/sandbox/server.js';
import { RelayProcess } from './live-viewers.js';
import { findDebianTool } from './nginx.js';

const ORIGIN = 'https://example.com';
const TOPIC = '/v1/scores?league=nba';
const DATA_PATH = '/v1/standings?league=nba';

export interface ProxyReadersResult {
  readers: number;
  distinctAddresses: number;
  streamsOpened: number;
  streamsRefused: number;
  readerRequests: number;
  readerRateLimited: number;
  abusiveRequests: number;
  abusiveRateLimited: number;
}

/** deploy/nginx.conf itself, with its relays' ports, its own listen port and a scratch folder: nothing else changed. */
async function startDeployNginx(nginx: string, relayPorts: number[], dir: string): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort();
  let config = await readFile('deploy/nginx.conf', 'utf8');
  let relay = 0;
  config = config
    .replace(/server 127\.0\.0\.1:880\d/g, () => `server 127.0.0.1:${relayPorts[relay++]}`)
    .replace(/listen 8787;/, `listen 127.0.0.1:${port};`)
    .replace(/pid [^;]+;/, `pid ${dir}/nginx.pid;\ndaemon off;${process.getuid?.() === 0 ? '\nuser root;' : ''}`)
    .replace(
      /http \{/,
      `http {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`,
    );
  if (relay !== relayPorts.length) throw new Error('deploy/nginx.conf no longer names three relays on 127.0.0.1:880x');
  const file = join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child = spawn(nginx, ['-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    if (
      await fetch(`${origin}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { origin, process: child };
}

/** The i-th reader's address: 127.1.0.1, 127.1.0.2, … (all of 127.0.0.0/8 is loopback on Linux). */
const readerAddress = (i: number) => `127.${1 + Math.floor(i / 65_000)}.${Math.floor((i % 65_000) / 250)}.${(i % 250) + 1}`;

/** One live stream from `localAddress`: resolves with the status line's code, keeping the socket open. */
function openStream(origin: string, key: string, localAddress: string): Promise<{ status: number; socket: Socket }> {
  const { hostname, port } = new URL(origin);
  const head =
    `GET /v1/live?key=${key}&topic=${encodeURIComponent(TOPIC)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    `Origin: ${ORIGIN}\r\nAccept: text/event-stream\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress }, () => socket.write(head));
    socket.setEncoding('latin1');
    let buffer = '';
    const answer = (chunk: string) => {
      buffer += chunk;
      if (buffer.length < 12) return;
      socket.off('data', answer);
      resolve({ status: Number(buffer.slice(9, 12)), socket });
    };
    socket.on('data', answer);
    socket.on('error', () => resolve({ status: 0, socket }));
  });
}

/** `count` data requests from `localAddress`, one after another; resolves with their statuses. */
async function getFrom(origin: string, key: string, localAddress: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, localAddress });
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push(
      await new Promise<number>((resolve) => {
        const req = request(`${origin}${DATA_PATH}&key=${key}`, { agent, headers: { origin: ORIGIN } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', () => resolve(0));
        req.end();
      }),
    );
  agent.destroy();
  return statuses;
}

export async function proxyReaders(readers = 1000): Promise<ProxyReadersResult> {
  const nginx = findDebianTool('nginx');
  if ('missing' in nginx) throw new Error(nginx.missing);
  const dir = await mkdtemp(join(tmpdir(), 'pressbox-proxy-'));
  await mkdir(dir, { recursive: true });
  const redisPort = await freePort();
  const redis = await startRedisServer(redisPort);
  const sandbox = await startSandbox({ port: 0, now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 });
  const relays: RelayProcess[] = [];
  let proxy: ChildProcess | undefined;
  const sockets: Socket[] = [];
  try {
    // The guide's relay command: default limits (600 requests a minute per key and reader, 50 streams per reader),
    // trusting nginx's address only.
    for (let i = 0; i < 3; i++)
      relays.push(
        await RelayProcess.start({
          redis: `redis://127.0.0.1:${redisPort}`,
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          rateLimit: { perMinute: 600, burst: 120 },
          trustProxy: ['127.0.0.1'],
        }),
      );
    const started = await startDeployNginx(
      nginx.path,
      relays.map((relay) => Number(new URL(relay.origin).port)),
      dir,
    );
    proxy = started.process;
    const key = relays[0]!.key;

    const abusive = getFrom(started.origin, key, '127.250.250.250', 600);
    const streamStatuses: number[] = [];
    const readerStatuses: number[] = [];
    for (let from = 0; from < readers; from += 100) {
      const batch = Array.from({ length: Math.min(100, readers - from) }, (_, i) => readerAddress(from + i));
      const opened = await Promise.all(batch.map((address) => openStream(started.origin, key, address)));
      for (const stream of opened) {
        streamStatuses.push(stream.status);
        sockets.push(stream.socket);
      }
      for (const statuses of await Promise.all(batch.map((address) => getFrom(started.origin, key, address, 5))))
        readerStatuses.push(...statuses);
    }
    const abusiveStatuses = await abusive;
    return {
      readers,
      distinctAddresses: new Set(Array.from({ length: readers }, (_, i) => readerAddress(i))).size,
      streamsOpened: streamStatuses.filter((status) => status === 200).length,
      streamsRefused: streamStatuses.filter((status) => status !== 200).length,
      readerRequests: readerStatuses.length,
      readerRateLimited: readerStatuses.filter((status) => status === 429).length,
      abusiveRequests: abusiveStatuses.length,
      abusiveRateLimited: abusiveStatuses.filter((status) => status === 429).length,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    proxy?.kill('SIGQUIT');
    await Promise.all(relays.map((relay) => relay.stop()));
    await sandbox.close();
    redis.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await proxyReaders(Number(process.argv[2] ?? 1000)));
