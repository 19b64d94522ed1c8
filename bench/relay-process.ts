// A relay (and its sandbox) in a process of its own, so the bench measures its memory and event loop apart from the
// load generator. Options come as JSON in argv[2]; it prints `READY {"origin","sandbox","key"}` when listening and
// answers commands on stdin, one JSON line each: `stats` (memory and the longest event-loop block since `reset`),
// `reset`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Gauge } from 'prom-client';
import { createInterface } from 'node:readline';
import type { RelayOptions } from '../src/relay/server.js';
// The built relay, as `node bin/pressbox.js serve` runs it (npm run bench builds it first); this file itself runs on
// Node's own type stripping, not tsx, whose transform of the relay's source costs a broadcast a tenth more.
import { createKey } from '../dist/relay/key-service/service.js';
import { silentLogger } from '../dist/relay/base/logger.js';
import { startRelay } from '../dist/relay/server.js';

const options = JSON.parse(process.argv[2] ?? '{}') as Pick<
  RelayOptions,
  'db' | 'live' | 'redis' | 'journal' | 'upstreamUrl' | 'upstreamKey' | 'rateLimit' | 'trustProxy'
>;
const relay = await startRelay({
  port: 0,
  db: ':memory:',
  logger: silentLogger,
  rateLimit: { perMinute: 1e9, burst: 1e9 },
  ...options,
  // A fixed instant with an NBA game in its fourth quarter, so moving the clock on always changes it.
  sandbox: { calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 },
});
const key = (await createKey(relay.store, { plan: 'custom:100000000', domains: ['example.com'], name: 'bench', test: false }, Date.now()))
  .key;
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();

/** CPU time the bench's own collections took (`stats`): not the relay's, so left out of what it reports. */
let benchCpuUs = 0;
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** A counter's value summed over its labels. */
const total = async (metric: { get(): Promise<{ values: { value: number }[] }> }) =>
  (await metric.get()).values.reduce((sum, value) => sum + value.value, 0);

async function stats() {
  const before = cpuUs();
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const cpu = before - benchCpuUs;
  benchCpuUs += cpuUs() - before;
  const upstreamCalls = await total(relay.metrics.upstreamRequests);
  const loads = await total(relay.metrics.loads);
  const pending = relay.metrics.registry.getSingleMetric('pressbox_journal_pending_loads') as Gauge | undefined;
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    openStreams: relay.openStreams(),
    upstreamCalls,
    loads,
    longestBlockMs: loop.max / 1e6,
    cpuMs: Math.round(cpu / 1000),
    journalPending: pending ? (await pending.get()).values[0]?.value : undefined,
  };
}

createInterface({ input: process.stdin }).on('line', async (line) => {
  if (line === 'reset') {
    loop.reset();
    console.log(JSON.stringify({ reset: true }));
  } else if (line === 'stats') console.log(JSON.stringify(await stats()));
  else if (line === 'advance') {
    relay.sandbox.clock.advance(5 * 60_000);
    console.log(JSON.stringify({ advanced: true }));
  }
});
process.on('SIGTERM', () => void relay.close().then(() => process.exit(0)));
console.log(`READY ${JSON.stringify({ origin: relay.origin, key })}`);
