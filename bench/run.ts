// `npm run bench`: relay throughput on a cached route, upstream fan-in, and durable metering, measured in one run.
import autocannon from 'autocannon';
import { createParser } from 'eventsource-parser';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createKey } from '../src/relay/admin/routes.js';
import { silentLogger } from '../src/relay/http/logger.js';
import { startRelay } from '../src/relay/server.js';
import { openSqliteStore } from '../src/relay/store/sqlite.js';

interface Row {
  measure: string;
  value: string;
}

const rows: Row[] = [];
const results: Record<string, unknown> = {};

async function relayThroughput(dir: string): Promise<void> {
  const db = join(dir, 'bench.db');
  const store = openSqliteStore(db);
  const key = (await createKey(store, { plan: 'custom:100000000', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
  await store.close();
  // The relay in its own process, as in production; rate limit lifted since every connection shares one address.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', '--db', db, '--rate-limit', '100000000'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  while (!/relay\s+(http:\/\/\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(output);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const origin = /relay\s+(http:\/\/\S+)/.exec(output)![1]!;
  const url = `${origin}/v1/scores?league=nba&key=${key}`;
  await fetch(url, { headers: { origin: 'https://example.com' } });
  try {
    for (const connections of [100, 500]) {
      const result = await autocannon({ url, connections, duration: 10, headers: { origin: 'https://example.com' } });
      const entry = {
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      results[`relayCachedRoute${connections}`] = entry;
      rows.push({
        measure: `cached /v1/scores, ${connections} connections`,
        value: `${Math.round(entry.requestsPerSecond)} req/s, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, non-2xx ${entry.non2xx}`,
      });
    }
  } finally {
    child.kill('SIGTERM');
  }
}

async function upstreamFanIn(): Promise<void> {
  for (const clients of [1, 500]) {
    const relay = await startRelay({ port: 0, db: ':memory:', logger: silentLogger, rateLimit: { perMinute: 1e9, burst: 1e9 } });
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
      await Promise.all(
        Array.from({ length: clients }, () =>
          fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'https://example.com' } }).then((r) =>
            r.arrayBuffer(),
          ),
        ),
      );
      const calls = (await relay.metrics.upstreamRequests.get()).values.reduce((sum, value) => sum + value.value, 0);
      results[`upstreamCalls${clients}Clients`] = calls;
      rows.push({ measure: `upstream calls, ${clients} concurrent client${clients === 1 ? '' : 's'} on /v1/scores`, value: String(calls) });
    } finally {
      await relay.close();
    }
  }
}

async function meteringRate(dir: string): Promise<void> {
  for (const synchronous of ['NORMAL', 'FULL'] as const) {
    const store = openSqliteStore(join(dir, `metering-${synchronous}.db`), { synchronous });
    const count = synchronous === 'FULL' ? 2_000 : 20_000;
    const started = performance.now();
    for (let i = 0; i < count; i++)
      await store.countLoad('pk_live_bench', '2026-11', 1e9, { route: '/v1/scores', origin: 'https://example.com' });
    const perSecond = count / ((performance.now() - started) / 1000);
    await store.close();
    results[`meteringLoadsPerSecond${synchronous}`] = Math.round(perSecond);
    rows.push({ measure: `durable counted loads/s, SQLite synchronous=${synchronous}`, value: String(Math.round(perSecond)) });
  }
}

/** Opens one /v1/live stream and calls `onUpdate` with the arrival time of each update. */
async function openLiveStream(
  origin: string,
  key: string,
  topic: string,
  onUpdate: (at: number, data: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${origin}/v1/live?key=${key}&topic=${encodeURIComponent(topic)}`, {
    headers: { origin: 'https://example.com' },
    signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent: (event) => event.event === 'update' && onUpdate(performance.now(), event.data) });
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // closed by the bench
    }
  })();
}

/** Upstream calls per minute for one live game with 1 and with 1,000 viewers, at the production polling rhythm. */
async function liveFanIn(): Promise<void> {
  const SPAN_MS = 30_000;
  for (const viewers of [1, 1000]) {
    const relay = await startRelay({
      port: 0,
      db: ':memory:',
      logger: silentLogger,
      rateLimit: { perMinute: 1e9, burst: 1e9 },
      live: { maxStreamsPerAddress: 5000 },
    });
    const abort = new AbortController();
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
      const scores = await (
        await fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'https://example.com' } })
      ).json();
      const game = scores.games.find((candidate: { status: string }) => candidate.status === 'live');
      const topic = `/v1/games/${game.id}?league=nba`;
      await Promise.all(Array.from({ length: viewers }, () => openLiveStream(relay.origin, key, topic, () => {}, abort.signal)));
      // The span starts once every viewer is connected, so both runs measure the same length of polling.
      const before = (await relay.metrics.upstreamRequests.get()).values.reduce((sum, value) => sum + value.value, 0);
      await new Promise((resolve) => setTimeout(resolve, SPAN_MS));
      const calls = (await relay.metrics.upstreamRequests.get()).values.reduce((sum, value) => sum + value.value, 0) - before;
      const perMinute = Math.round((calls * 60_000) / SPAN_MS);
      results[`liveUpstreamCallsPerMinute${viewers}Viewers`] = perMinute;
      rows.push({
        measure: `upstream calls per minute, one live game, ${viewers} viewer${viewers === 1 ? '' : 's'}`,
        value: String(perMinute),
      });
    } finally {
      abort.abort();
      await relay.close();
    }
  }
}

/** From a score changing in the sandbox to a page receiving it, at the production polling rhythm (live ≈ 10 s). */
async function liveLatency(): Promise<void> {
  const SAMPLES = 12;
  const relay = await startRelay({ port: 0, db: ':memory:', logger: silentLogger, sandbox: { rate: 0 } });
  const abort = new AbortController();
  try {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
    let last = '';
    let arrived: (at: number) => void = () => {};
    await openLiveStream(
      relay.origin,
      key,
      '/v1/scores?league=nba',
      (at, data) => {
        if (data !== last) {
          last = data;
          arrived(at);
        }
      },
      abort.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const latencies: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      // Changes land at random moments between polls, as real scores do.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3000));
      const delivered = new Promise<number | undefined>((resolve) => {
        arrived = resolve;
        // Five minutes of game time nearly always changes a score; a sample that does not is skipped, not waited on.
        setTimeout(() => resolve(undefined), 25_000);
      });
      const changedAt = performance.now();
      relay.sandbox.clock.advance(5 * 60_000);
      const at = await delivered;
      if (at !== undefined) latencies.push(at - changedAt);
    }
    latencies.sort((a, b) => a - b);
    const p50 = Math.round(latencies[Math.floor(latencies.length / 2)]!);
    const p99 = Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)]!);
    results.liveLatencyMs = { p50, p99, samples: latencies.length };
    rows.push({ measure: `score change → page, live polling ≈ 10 s (${latencies.length} samples)`, value: `p50 ${p50} ms, p99 ${p99} ms` });
  } finally {
    abort.abort();
    await relay.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'pressbox-bench-'));
try {
  await liveLatency();
  await liveFanIn();
  await meteringRate(dir);
  await upstreamFanIn();
  await relayThroughput(dir);
} finally {
  await rm(dir, { recursive: true, force: true });
}

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  freeMemoryGiB: Math.round(freemem() / 2 ** 30),
  os: `${platform()} ${release()}`,
  node: process.version,
};
await writeFile('bench/results.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, results }, null, 2)}\n`);
const width = Math.max(...rows.map((row) => row.measure.length));
console.log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}\n`);
for (const row of rows) console.log(`${row.measure.padEnd(width)}  ${row.value}`);
console.log('\nWritten to bench/results.json');
