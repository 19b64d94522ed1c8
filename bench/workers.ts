// `pressbox serve --workers N` as an operator runs it, for N = 1, 2 and (where the machine has more cores) auto: cached
// req/s against nginx with as many worker processes, one change broadcast to up to 19,500 streams, each worker's memory, and
// upstream calls for one live topic. `node --import tsx bench/workers.ts` runs this part alone.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createKey } from '../src/relay/key-service/service.js';
import { openSqliteStore } from '../src/relay/store/sqlite.js';
import { startSandbox, type RunningSandbox } from '../src/sandbox/server.js';
import { openViewer, percentile, streamsRelaysHold } from './live-viewers.js';
import { findDebianTool } from '../test/harness/deploy-nginx.js';
import { startNginx } from './nginx.js';
import { startServeProcess } from '../test/harness/local-servers.js';
import { withWrk } from './throughput.js';

const ORIGIN = 'https://example.com';
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const SPAN_MS = 30_000;
const CONNECTIONS = 100;

export interface WorkersRun {
  workers: number;
  relayRequestsPerSecond: number;
  relayP99Ms: number;
  /** nginx proxy_cache with as many worker processes; absent where nginx or wrk is missing. */
  nginxRequestsPerSecond?: number;
  /** From the first viewer having the change to each of them. */
  broadcastP50Ms: number;
  broadcastP95Ms: number;
  delivered: number;
  /** Each worker's resident memory with every stream open. */
  rssPerWorkerMiB: number[];
  /** The primary's (it holds no stream), from Linux's /proc; absent where there is none. */
  primaryRssMiB?: number;
  upstreamCallsPerMinute: number;
}

interface Machine {
  origin: string;
  key: string;
  primary: ChildProcess;
}

async function serve(dir: string, workers: number, sandbox: RunningSandbox): Promise<Machine> {
  const db = join(dir, `workers-${workers}.db`);
  const store = openSqliteStore(db);
  const key = (await createKey(store, { plan: 'custom:100000000', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
  await store.close();
  // Every connection comes from one address: the per-address limits are lifted.
  const limits = [
    '--rate-limit',
    '100000000',
    '--max-streams',
    '100000',
    '--max-streams-per-address',
    '100000',
    '--max-streams-per-key',
    '100000',
  ];
  const { child: primary, origin } = await startServeProcess(['--workers', String(workers), '--port', '0', '--db', db, ...limits], {
    PRESSBOX_UPSTREAM_URL: sandbox.baseUrl,
    PRESSBOX_UPSTREAM_KEY: 'sk_sandbox_pro',
    PRESSBOX_ADMIN_TOKEN: ADMIN_TOKEN,
  });
  return { origin, key, primary };
}

/** A process's resident memory in MiB, from Linux's /proc. */
function residentMiB(pid: number | undefined): number | undefined {
  try {
    const kiB = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kiB === undefined ? undefined : Math.round(Number(kiB) / 1024);
  } catch {
    return undefined;
  }
}

async function metrics(machine: Machine): Promise<string> {
  return (await fetch(`${machine.origin}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
}

const upstreamCalls = (text: string) =>
  [...text.matchAll(/^pressbox_upstream_requests_total\{upstream="live",[^}]*\} (\d+)/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );

async function measure(dir: string, workers: number, wrk: string | undefined, nginxPath: string | undefined): Promise<WorkersRun> {
  // A fixed instant with an NBA game in its fourth quarter, so moving the clock on always changes it.
  const sandbox = await startSandbox({ port: 0, calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 });
  const machine = await serve(dir, workers, sandbox);
  const viewers: Socket[] = [];
  try {
    const path = `/v1/scores?league=nba&key=${machine.key}`;
    const scores = (await (await fetch(`${machine.origin}${path}`, { headers: { origin: ORIGIN } })).json()) as {
      games: { id: string; status: string }[];
    };
    let relayRun = { requestsPerSecond: 0, p99Ms: 0 };
    let nginxRequestsPerSecond: number | undefined;
    if (wrk) {
      await withWrk(wrk, `${machine.origin}${path}`, CONNECTIONS, 3);
      relayRun = await withWrk(wrk, `${machine.origin}${path}`, CONNECTIONS);
      if (nginxPath) {
        const nginx = await startNginx(nginxPath, machine.origin, join(dir, `nginx-${workers}`), workers);
        try {
          await withWrk(wrk, `${nginx.origin}${path}`, CONNECTIONS, 3);
          nginxRequestsPerSecond = (await withWrk(wrk, `${nginx.origin}${path}`, CONNECTIONS)).requestsPerSecond;
        } finally {
          nginx.stop();
        }
      }
    }

    const game = scores.games.find((candidate) => candidate.status === 'live')!;
    const topic = `/v1/games/${game.id}?league=nba`;
    let arrivals: number[] = [];
    const onUpdate = (at: number) => arrivals.push(at);
    const streams = streamsRelaysHold(workers);
    for (let opened = 0; opened < streams; opened += 250)
      viewers.push(
        ...(await Promise.all(Array.from({ length: Math.min(250, streams - opened) }, () => openViewer(machine, topic, onUpdate)))),
      );
    const connected = await metrics(machine);
    await new Promise((resolve) => setTimeout(resolve, SPAN_MS));
    const afterSpan = await metrics(machine);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    arrivals = [];
    sandbox.clock.advance(5 * 60_000);
    const deadline = performance.now() + 40_000;
    while (arrivals.length < streams && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const sorted = [...arrivals].sort((a, b) => a - b);
    const fanOut = sorted.map((at) => at - sorted[0]!);
    return {
      workers,
      relayRequestsPerSecond: Math.round(relayRun.requestsPerSecond),
      relayP99Ms: relayRun.p99Ms,
      nginxRequestsPerSecond: nginxRequestsPerSecond && Math.round(nginxRequestsPerSecond),
      broadcastP50Ms: Math.round(percentile(fanOut, 0.5) ?? 0),
      broadcastP95Ms: Math.round(percentile(fanOut, 0.95) ?? 0),
      delivered: arrivals.length,
      rssPerWorkerMiB: [...connected.matchAll(/^pressbox_process_resident_memory_bytes\{worker="\d+"\} (\d+)/gm)].map((match) =>
        Math.round(Number(match[1]) / 2 ** 20),
      ),
      upstreamCallsPerMinute: Math.round(((upstreamCalls(afterSpan) - upstreamCalls(connected)) * 60_000) / SPAN_MS),
      primaryRssMiB: residentMiB(machine.primary.pid),
    };
  } finally {
    for (const viewer of viewers) viewer.destroy();
    machine.primary.kill('SIGTERM');
    await once(machine.primary, 'exit');
    await sandbox.close();
  }
}

/** One run per worker count: 1, 2, and every core where the machine has more than two. */
export async function workersBench(dir: string): Promise<{ runs: WorkersRun[]; missing: string[] }> {
  const missing: string[] = [];
  const wrk = findDebianTool('wrk');
  const nginx = findDebianTool('nginx');
  for (const found of [wrk, nginx]) if ('missing' in found) missing.push(found.missing);
  const counts = [1, 2, ...(availableParallelism() > 2 ? [availableParallelism()] : [])];
  const runs: WorkersRun[] = [];
  for (const workers of counts)
    runs.push(await measure(dir, workers, 'path' in wrk ? wrk.path : undefined, 'path' in nginx ? nginx.path : undefined));
  return { runs, missing };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = await mkdtemp(join(tmpdir(), 'pressbox-workers-'));
  try {
    const { runs, missing } = await workersBench(dir);
    for (const run of runs) console.log(JSON.stringify(run));
    for (const reason of missing) console.log(`not measured: ${reason}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
