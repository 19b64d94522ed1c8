// The relay's cached data route beside two yardsticks in the same run: bare `node:http` answering the same bytes (the
// runtime's floor: what the relay's own work per request costs) and nginx proxy_cache in front of the relay, at 100
// and 500 connections, measured with two load generators: autocannon (Node, in this process) and wrk (C, its own
// process, lighter on a shared machine).
// `node --import tsx bench/throughput.ts` runs this part alone.
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createKey } from '../src/relay/key-service/service.js';
import { openSqliteStore } from '../src/relay/store/sqlite.js';
import { findDebianTool } from '../test/harness/deploy-nginx.js';
import { startNginx } from './nginx.js';
import { startBareNode } from './bare-node.js';
import { startServeProcess } from '../test/harness/local-servers.js';

export interface LoadRun {
  tool: 'autocannon' | 'wrk';
  target: 'relay' | 'node' | 'nginx';
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /**
   * The server process's CPU time per answered request (user and system), where it can be read: what a request costs
   * the server whatever else the machine is doing, which req/s on a shared machine is not.
   */
  cpuMicrosPerRequest?: number;
}

export interface Throughput {
  runs: LoadRun[];
  /** Why a yardstick or a load generator is missing from `runs`. */
  missing: string[];
}

const DURATION_S = 10;
const CONNECTIONS = [100, 500];
const ORIGIN = 'https://example.com';

async function withAutocannon(url: string, connections: number, seconds = DURATION_S): Promise<Omit<LoadRun, 'tool' | 'target'>> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { origin: ORIGIN } });
  return {
    connections,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** wrk's latency figures carry their unit: 812.00us, 4.10ms, 1.02s. */
function milliseconds(text: string): number {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text) ?? [];
  return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
}

export async function withWrk(
  wrk: string,
  url: string,
  connections: number,
  seconds = DURATION_S,
): Promise<Omit<LoadRun, 'tool' | 'target'>> {
  const { stdout } = await promisify(execFile)(wrk, [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `Origin: ${ORIGIN}`,
    url,
  ]);
  const line = (pattern: RegExp) => pattern.exec(stdout)?.[1] ?? '0';
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    connections,
    requestsPerSecond: Number(line(/Requests\/sec:\s+([\d.]+)/)),
    p50Ms: milliseconds(line(/\s50%\s+(\S+)/)),
    p99Ms: milliseconds(line(/\s99%\s+(\S+)/)),
    non2xx: Number(line(/Non-2xx or 3xx responses: (\d+)/)),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/** A process's CPU time so far (user and system), in ms, from Linux's /proc; undefined where there is none. */
function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks: 100 a second on every Linux Node supports.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

type Measure = (url: string, connections: number, seconds?: number) => Promise<Omit<LoadRun, 'tool' | 'target'>>;

/** A load run with the server's CPU time per request beside it. */
async function measured(measure: Measure, url: string, connections: number, pid: number | undefined) {
  const before = processCpuMs(pid);
  const run = await measure(url, connections);
  const after = processCpuMs(pid);
  const answered = run.requestsPerSecond * DURATION_S;
  const cpuMicrosPerRequest = before === undefined || after === undefined || !answered ? undefined : ((after - before) * 1000) / answered;
  return { ...run, cpuMicrosPerRequest };
}

/** The relay in its own process (as in production), with a key on a plan that never runs out. */
async function startRelayProcess(dir: string): Promise<{ origin: string; key: string; pid: number | undefined; stop(): void }> {
  const db = join(dir, 'bench.db');
  const store = openSqliteStore(db);
  const key = (await createKey(store, { plan: 'custom:100000000', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
  await store.close();
  // The rate limit is lifted: every connection comes from one address.
  const { child, origin } = await startServeProcess(['--port', '0', '--db', db, '--rate-limit', '100000000'], {}, undefined, 'built');
  return { origin, key, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

export async function throughput(dir: string): Promise<Throughput> {
  const missing: string[] = [];
  const relay = await startRelayProcess(dir);
  const path = `/v1/scores?league=nba&key=${relay.key}`;
  await fetch(`${relay.origin}${path}`, { headers: { origin: ORIGIN } });
  const bare = await startBareNode(`${relay.origin}${path}`, { origin: ORIGIN, 'accept-encoding': 'identity' }, dir);
  const nginxFound = findDebianTool('nginx');
  const nginx = 'path' in nginxFound ? await startNginx(nginxFound.path, relay.origin, join(dir, 'nginx')) : undefined;
  if ('missing' in nginxFound) missing.push(nginxFound.missing);
  const wrkFound = findDebianTool('wrk');
  if ('missing' in wrkFound) missing.push(wrkFound.missing);
  const tools: Array<[LoadRun['tool'], Measure]> = [['autocannon', withAutocannon]];
  if ('path' in wrkFound) tools.push(['wrk', (url, connections, seconds) => withWrk(wrkFound.path, url, connections, seconds)]);
  const runs: LoadRun[] = [];
  try {
    // Compiled and warm before anything is measured.
    await withAutocannon(`${relay.origin}${path}`, 100, 3);
    for (const [tool, measure] of tools)
      for (const connections of CONNECTIONS) {
        runs.push({ tool, target: 'relay', ...(await measured(measure, `${relay.origin}${path}`, connections, relay.pid)) });
        runs.push({ tool, target: 'node', ...(await measured(measure, `${bare.origin}${path}`, connections, bare.pid)) });
        if (nginx) runs.push({ tool, target: 'nginx', ...(await measure(`${nginx.origin}${path}`, connections)) });
      }
  } finally {
    nginx?.stop();
    bare.stop();
    relay.stop();
  }
  return { runs, missing };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = await mkdtemp(join(tmpdir(), 'pressbox-throughput-'));
  try {
    const result = await throughput(dir);
    for (const run of result.runs)
      console.log(
        `${run.tool.padEnd(10)} ${run.target.padEnd(5)} ${String(run.connections).padStart(3)} connections: ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.non2xx} non-2xx, ${run.errors} errors${run.cpuMicrosPerRequest === undefined ? '' : `, ${run.cpuMicrosPerRequest.toFixed(1)} µs CPU a request`}`,
      );
    for (const reason of result.missing) console.log(`not measured: ${reason}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
