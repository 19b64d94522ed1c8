// `npm run bench`: bundle sizes against their budgets, relay throughput beside nginx proxy_cache, upstream fan-in,
// live viewers (memory, delivery, event-loop blocking), three relays on one Redis (bench/scale-out.ts), a 60 s Redis
// outage under them (bench/redis-outage.ts), durable metering, what the widgets cost a page, and how soon a live score
// reaches a reader (bench/live-freshness.ts). One run, one table,
// bench/results.json; ratios are measured side by side so noisy machines still compare.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { BUDGETS, bundleSizes, HEADROOM, kilobytes, type Size } from '../scripts/bundle-sizes.js';
import { createKey } from '../src/relay/key-service/service.js';
import { silentLogger } from '../src/relay/base/logger.js';
import { startRelay } from '../src/relay/server.js';
import { openSqliteStore } from '../src/relay/store/sqlite.js';
import { liveViewers, streamsRelaysHold } from './live-viewers.js';
import { throughput, type LoadRun } from './throughput.js';
import { scaleOut } from './scale-out.js';
import { liveBilling } from './live-billing.js';
import { proxyReaders } from './proxy-readers.js';
import { redisOutage } from './redis-outage.js';
import { pageCost } from './page-cost.js';
import { workersBench } from './workers.js';
import { recorderCost } from './recorder.js';
import { liveFreshness, type LiveFreshness } from './live-freshness.js';
import { upstreamAttacks, UNITS_BEFORE_BOUNDS } from './upstream-attacks.js';
import { BEFORE_ISSUE_68, keyAttacks } from './attacked-key.js';

interface Row {
  section: string;
  measure: string;
  value: string;
}

const rows: Row[] = [];
const results: Record<string, unknown> = {};
const row = (section: string, measure: string, value: string) => rows.push({ section, measure, value });
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

function bundle(): void {
  const sizes = bundleSizes();
  results.bundle = sizes;
  const size = (part: Size) => `${kilobytes(part.brotli)} br, ${kilobytes(part.gzip)} gzip, ${kilobytes(part.min)} min`;
  const verdict = (bytes: number, budget: number) => `${bytes + HEADROOM <= budget ? 'within' : 'OVER'} budget ${kilobytes(budget)}`;
  row('bundle', 'loader (pressbox.js)', `${size(sizes.loader)}, ${verdict(sizes.loader.brotli, BUDGETS.loader)}`);
  row('bundle', 'base chunk', size(sizes.base));
  for (const [tag, element] of Object.entries(sizes.elements)) {
    row('bundle', `page with only <${tag}>`, `${size(element.page.size)}, ${verdict(element.page.size.brotli, BUDGETS.oneElement)}`);
    if (element.live)
      row('bundle', `… with live data`, `${size(element.live.size)}, ${verdict(element.live.size.brotli, BUDGETS.oneLiveElement)}`);
  }
  row(
    'bundle',
    'every element through the loader',
    `${size(sizes.allElements.size)}, ${verdict(sizes.allElements.size.brotli, BUDGETS.allElements)}`,
  );
  row('bundle', 'every element, all-in-one file (by name)', size(sizes.allInOne));
  for (const [locale, chunk] of Object.entries(sizes.locales))
    row('bundle', `${locale} messages (lazy, ${locale} pages only)`, `${size(chunk)}`);
}

/** The relay's cached route beside bare node:http and nginx proxy_cache, with autocannon and with wrk (bench/throughput.ts). */
async function cachedRoute(dir: string): Promise<void> {
  const { runs, missing } = await throughput(dir);
  results.throughput = runs;
  for (const reason of missing) row('throughput', 'not measured', reason);
  const describe = (run: LoadRun) =>
    `${thousands(run.requestsPerSecond)} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms${run.non2xx || run.errors ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ''}` +
    (run.cpuMicrosPerRequest === undefined ? '' : `, ${run.cpuMicrosPerRequest.toFixed(1)} µs CPU a request`);
  const WHAT: Record<LoadRun['target'], string> = {
    relay: 'relay, cached /v1/scores with origin check and metering',
    node: 'bare node:http, the same bytes (the floor)',
    nginx: 'nginx proxy_cache (1 worker), same payload',
  };
  for (const run of runs) {
    row('throughput', `${WHAT[run.target]}, ${run.connections} connections (${run.tool})`, describe(run));
    if (run.target === 'relay') continue;
    const relay = runs.find((other) => other.target === 'relay' && other.tool === run.tool && other.connections === run.connections)!;
    const ratio = relay.requestsPerSecond / run.requestsPerSecond;
    const yardstick = run.target === 'node' ? 'Node' : 'Nginx';
    results[`relayTo${yardstick}${run.connections}${run.tool === 'wrk' ? 'Wrk' : ''}`] = {
      throughput: ratio,
      p99: relay.p99Ms / run.p99Ms,
    };
    // The same ratio by CPU time (bare node's a request over the relay's), which a busy machine does not move.
    const cpuRatio = relay.cpuMicrosPerRequest && run.cpuMicrosPerRequest && run.cpuMicrosPerRequest / relay.cpuMicrosPerRequest;
    row(
      'throughput',
      `relay / ${run.target === 'node' ? 'bare node:http' : 'nginx'}, ${run.connections} connections (${run.tool})`,
      `${ratio.toFixed(2)}× the req/s, ${(relay.p99Ms / run.p99Ms).toFixed(2)}× the p99` +
        (cpuRatio ? `; by CPU time a request, ${cpuRatio.toFixed(2)}×` : ''),
    );
  }
}

async function upstreamFanIn(): Promise<void> {
  const calls: Record<number, number> = {};
  for (const clients of [1, 500]) {
    const relay = await startRelay({
      port: 0,
      db: ':memory:',
      logger: silentLogger,
      sandbox: { calendar: 'round-the-clock' },
      rateLimit: { perMinute: 1e9, burst: 1e9 },
    });
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
      await Promise.all(
        Array.from({ length: clients }, () =>
          fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'https://example.com' } }).then((r) =>
            r.arrayBuffer(),
          ),
        ),
      );
      calls[clients] = (await relay.metrics.upstreamRequests.get()).values.reduce((sum, value) => sum + value.value, 0);
    } finally {
      await relay.close();
    }
  }
  results.upstreamCallsConcurrentClients = calls;
  row('fan-in', 'upstream calls, 1 / 500 concurrent clients on a cold /v1/scores', `${calls[1]} / ${calls[500]}`);
}

const SPAN_MS = 30_000;
const MOST_STREAMS = streamsRelaysHold();

async function live(): Promise<void> {
  const runs = [];
  for (const viewers of [1, 1000, 5000, MOST_STREAMS]) runs.push(await liveViewers(viewers, SPAN_MS));
  results.liveViewers = runs;
  const [one, , fiveThousand, most] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
  row(
    'fan-in',
    `upstream calls per minute for one live game, 1 / 5,000 viewers (${SPAN_MS / 1000} s span)`,
    `${one.upstreamCallsPerMinute} / ${fiveThousand.upstreamCallsPerMinute}`,
  );
  for (const run of runs.slice(1)) {
    const label = `${thousands(run.viewers)} viewers`;
    row(
      'live',
      `${label}: memory per open stream (RSS / heap + buffers); relay RSS`,
      `${run.rssPerStreamKiB.toFixed(1)} KiB / ${run.heapPerStreamKiB.toFixed(1)} KiB; ${run.rssMiB} MiB`,
    );
    row(
      'live',
      `${label}: one update, relay has it → each viewer`,
      `p50 ${run.fanOutP50Ms} ms, p95 ${run.fanOutP95Ms} ms, p99 ${run.fanOutP99Ms} ms (${run.delivered} of ${run.viewers} delivered)`,
    );
    row(
      'live',
      `${label}: the floor, a bare Node loop writing the same bytes to as many viewers (same run)`,
      `p50 ${run.floorFanOutP50Ms} ms, p95 ${run.floorFanOutP95Ms} ms: the relay's p95 is ${run.fanOutP95OverFloor}× the floor's`,
    );
    row(
      'live',
      `${label}: CPU time for the update, relay (poll, payload, every viewer's load counted, writes) / floor (writes)`,
      `${run.updateCpuMs} ms / ${run.floorCpuMs} ms`,
    );
    row(
      'live',
      `${label}: score change → each viewer (≈ 10 s live polling)`,
      `p50 ${run.changeToViewerP50Ms} ms, p99 ${run.changeToViewerP99Ms} ms`,
    );
    row('live', `${label}: longest event-loop block during the broadcast`, `${run.longestBlockMs} ms`);
  }
  const at20k = most.rssMiB + ((20_000 - most.viewers) * most.rssPerStreamKiB) / 1024;
  results.rssAt20000StreamsMiB = Math.round(at20k);
  row('live', '20,000 streams in one relay: RSS, scaled from the largest run', `${Math.round(at20k)} MiB (budget 512 MiB)`);
}

/** `serve --workers N` for 1, 2 and every core: req/s against nginx with N processes, broadcast, memory, upstream calls. */
async function everyCore(dir: string): Promise<void> {
  const { runs, missing } = await workersBench(dir);
  results.workers = runs;
  for (const reason of missing) row('workers', 'not measured', reason);
  for (const run of runs) {
    const label = `${run.workers} worker${run.workers > 1 ? 's' : ''}`;
    const nginx = run.nginxRequestsPerSecond;
    row(
      'workers',
      `${label}: cached /v1/scores, 100 connections (wrk); nginx with ${run.workers} worker process${run.workers > 1 ? 'es' : ''}`,
      `${thousands(run.relayRequestsPerSecond)} req/s, p99 ${run.relayP99Ms} ms${nginx ? `; nginx ${thousands(nginx)} req/s: ${(run.relayRequestsPerSecond / nginx).toFixed(2)}× (goal 0.7)` : ''}`,
    );
    row(
      'workers',
      `${label}: one change → ${thousands(run.delivered)} streams, from the first viewer`,
      `p50 ${run.broadcastP50Ms} ms, p95 ${run.broadcastP95Ms} ms (goal 250 ms)`,
    );
    row(
      'workers',
      `${label}: RSS per worker with the streams open; the primary`,
      `${run.rssPerWorkerMiB.join(' / ')} MiB${run.primaryRssMiB === undefined ? '' : `; ${run.primaryRssMiB} MiB`}`,
    );
    row('workers', `${label}: upstream calls per minute for one live topic`, `${run.upstreamCallsPerMinute}`);
  }
}

async function severalRelays(): Promise<void> {
  const run = await scaleOut(5000, 3);
  results.scaleOut = run;
  row(
    'scale-out',
    `upstream calls per minute, one live game, ${run.relays} relays on one Redis, ${thousands(run.viewers)} viewers`,
    String(run.upstreamCallsPerMinute),
  );
  row(
    'scale-out',
    'one change → every viewer across the relays (p95): fan-out / from the change',
    `${run.fanOutP95Ms} ms / ${run.changeToViewerP95Ms} ms`,
  );
  row(
    'scale-out',
    `kill -9 of the polling relay: until every viewer has the next update (${thousands(run.reconnectedViewers)} reconnected with Last-Event-ID)`,
    `${run.takeoverSeconds} s, ${run.missedUpdates} missed`,
  );
}

/** Live readers billed per window and counted in leases: Redis commands a second must stay flat from 100 to 10,000. */
async function liveBillingRows(): Promise<void> {
  const runs = await liveBilling([100, 1_000, 10_000]);
  results.liveBilling = runs;
  for (const run of runs)
    row(
      'live billing',
      `${thousands(run.readers)} readers of one live game on ${run.relays} relays, one Redis: Redis commands/s; relay CPU s/min; loads / updates per reader-minute`,
      `${run.redisCommandsPerSecond}; ${run.relayCpuSecondsPerMinute}; ${run.loadsPerReaderMinute} / ${run.updatesPerReaderMinute}`,
    );
  const counts = runs.map((run) => run.redisCommandsPerSecond);
  row(
    'live billing',
    'Redis commands/s, most ÷ fewest readers (goal ≤ 1.2×)',
    `${(Math.max(...counts) / Math.min(...counts)).toFixed(2)}×`,
  );
}

async function redisAway(): Promise<void> {
  const run = await redisOutage(60);
  results.redisOutage = run;
  const section = `Redis killed for ${run.outageSeconds} s under ${run.relays} relays (AOF, always)`;
  row(
    section,
    `reader errors (${thousands(run.readerRequests)} data requests; goal 0): all / during the outage`,
    `${run.readerErrors} / ${run.readerErrorsDuringOutage}`,
  );
  row(
    section,
    `live updates delivered during the outage (${thousands(run.viewers)} viewers of one live game)`,
    `${thousands(run.liveUpdatesDuringOutage)}, every viewer: ${run.viewersUpdatedDuringOutage === run.viewers ? 'yes' : `no (${run.viewersUpdatedDuringOutage})`}`,
  );
  row(
    section,
    'upstream calls per minute: before / during (each relay polls its own viewers)',
    `${run.upstreamCallsPerMinuteBefore} / ${run.upstreamCallsPerMinuteDuring}`,
  );
  row(
    section,
    'loads the relays served (their own count) / counted in Redis after the replay (goal equal)',
    `${thousands(run.delivered)} / ${thousands(run.counted)}`,
  );
  row(
    section,
    `a key with ${run.nearLimit.leftAtOutage} of ${thousands(run.nearLimit.limit)} loads left: served during the outage / over its limit`,
    `${run.nearLimit.servedDuringOutage} / ${run.nearLimit.overLimit}`,
  );
  row(section, 'from Redis back to every journal replayed', `${run.reconcileSeconds} s`);
}

async function metering(dir: string): Promise<void> {
  for (const synchronous of ['NORMAL', 'FULL'] as const) {
    for (const concurrency of [1, 100]) {
      const store = openSqliteStore(join(dir, `metering-${synchronous}-${concurrency}.db`), { synchronous });
      const rounds = (synchronous === 'FULL' ? 2_000 : 20_000) / (concurrency === 1 ? 1 : 20);
      // One page's loads share their attribution object, as the relay hands them over (metering/attribution.ts).
      const detail = { route: '/v1/scores', origin: 'https://example.com' };
      const count = () => store.countLoad('pk_live_bench', '2026-11', 1e9, detail);
      const started = performance.now();
      for (let i = 0; i < rounds; i++) await Promise.all(Array.from({ length: concurrency }, count));
      const perSecond = (rounds * concurrency) / ((performance.now() - started) / 1000);
      await store.close();
      results[`meteringLoadsPerSecond${synchronous}${concurrency === 1 ? '' : `Concurrent${concurrency}`}`] = Math.round(perSecond);
      row(
        'metering',
        `durable counted loads per second, SQLite synchronous=${synchronous}, ${concurrency === 1 ? 'one at a time' : `${concurrency} at once (group commit)`}`,
        thousands(perSecond),
      );
    }
  }
}

async function behindProxy(): Promise<void> {
  const run = await proxyReaders(1000);
  results.proxyReaders = run;
  const section = 'behind deploy/nginx.conf (3 relays on Redis, --trust-proxy 127.0.0.1)';
  row(
    section,
    `live streams from ${thousands(run.distinctAddresses)} loopback addresses: opened / refused (goal 0)`,
    `${run.streamsOpened} / ${run.streamsRefused}`,
  );
  row(section, `429s to readers within their limits (${thousands(run.readerRequests)} requests; goal 0)`, String(run.readerRateLimited));
  row(section, 'one abusive address, 600 requests at once: 429s (limited alone)', `${run.abusiveRateLimited} of ${run.abusiveRequests}`);
}

async function page(): Promise<void> {
  const costs = await pageCost([1, 4]);
  results.pageCost = costs;
  for (const cost of costs) {
    const cpu = cost.cpuSlowdown === 1 ? 'no CPU throttling' : `CPU ${cost.cpuSlowdown}× slower`;
    row(
      'page',
      `gallery, ${cpu}: total blocking time to first data everywhere / ours`,
      `${cost.totalBlockingTimeMs} ms / ${cost.ourBlockingTimeMs} ms`,
    );
    row(
      'page',
      `gallery, ${cpu}: layout shift (CLS) to first data; first data everywhere at`,
      `${cost.cumulativeLayoutShift}${cost.shiftedNodes.length ? ` (${cost.shiftedNodes.join(', ')})` : ''}; ${cost.firstDataEverywhereMs} ms`,
    );
  }
}

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  freeMemoryGiB: Math.round(freemem() / 2 ** 30),
  os: `${platform()} ${release()}`,
  node: process.version,
};
/** Upstream units an hour for four live leagues, with and without the win-probability recorder, watched or not. */
async function recording(): Promise<void> {
  const runs = await recorderCost();
  results.recorder = runs;
  for (const run of runs)
    row(
      'recorder',
      `${run.liveLeagues} live leagues, ${run.watched ? 'one reader per league' : 'nobody watching'}, recorder ${run.recorder ? 'on (60 s)' : 'off'}`,
      `${thousands(run.unitsPerHour)} upstream units/hour (${Object.entries(run.byEndpoint)
        .filter(([, units]) => units > 0)
        .map(([endpoint, units]) => `${endpoint} ${thousands(units)}`)
        .join(', ')})`,
    );
}

/** How soon a score change reaches a reader over the live stream, and the upstream units it costs (issue 42): the fixed
 * 10 s rhythm beside the pace the upstream month allows. */
async function freshness(): Promise<void> {
  const runs: LiveFreshness[] = [];
  results.freshness = runs;
  for (const rhythm of ['fixed', 'paced'] as const) {
    const run = await liveFreshness({
      start: '2026-11-22T01:30:00Z',
      durationMs: 4 * 60_000,
      leagues: ['nba', 'nhl', 'ncaab', 'nfl', 'cfb', 'wnba', 'mls'],
      rhythm,
    });
    runs.push(run);
    row(
      'freshness',
      `${run.leagues.length} leagues live, one reader on the stream, sandbox in real time, 4 minutes, ${rhythm === 'fixed' ? 'fixed 10 s polls' : 'paced by the upstream month'}`,
      `${run.delivered}/${run.changes} score changes, p50 ${(run.p50Ms / 1000).toFixed(1)} s, p95 ${(run.p95Ms / 1000).toFixed(1)} s after the sandbox had them; ${run.unitsPerMinute.toFixed(1)} upstream units/minute`,
    );
  }
}

/** Issue 51's attacks on a relay with a real upstream: the units each caused, beside what it caused before the bounds. */
async function attacks(): Promise<void> {
  const runs = await upstreamAttacks(20);
  results.upstreamAttacks = runs;
  for (const run of runs)
    row(
      'upstream attacks',
      run.who,
      `${thousands(run.units)} units${run.perMinute === undefined ? '' : ` (${thousands(run.perMinute)} a minute)`}${run.note ? `; ${run.note}` : ''}; before the bounds: ${UNITS_BEFORE_BOUNDS[run.who] ?? 'not measured'}`,
    );
}

/** Issue 68's attacks with a publisher's key: units, honest readers served, beside the same before issue 68. */
async function attackedKey(): Promise<void> {
  const runs = await keyAttacks(30);
  results.attackedKey = runs;
  for (const run of runs)
    row(
      'attacked key',
      run.attack,
      `${thousands(run.units)} units (${thousands(run.perMinute)} a minute)${run.honest ? `; honest readers served ${run.honest}` : ''}${run.note ? `; ${run.note}` : ''}; before: ${BEFORE_ISSUE_68[run.attack] ?? 'not measured'}`,
    );
}

const dir = await mkdtemp(join(tmpdir(), 'pressbox-bench-'));
try {
  bundle();
  await cachedRoute(dir);
  await upstreamFanIn();
  await live();
  await everyCore(dir);
  await severalRelays();
  await liveBillingRows();
  await behindProxy();
  await redisAway();
  await metering(dir);
  await page();
  await recording();
  await freshness();
  await attacks();
  await attackedKey();
} finally {
  await rm(dir, { recursive: true, force: true });
}

await writeFile('bench/results.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, results }, null, 2)}\n`);
const width = Math.max(...rows.map((entry) => entry.measure.length));
console.log(`\nMachine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`);
let section = '';
for (const entry of rows) {
  if (entry.section !== section) console.log(`\n${(section = entry.section)}`);
  console.log(`  ${entry.measure.padEnd(width)}  ${entry.value}`);
}
console.log('\nWritten to bench/results.json');
