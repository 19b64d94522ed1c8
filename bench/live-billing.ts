// What live readers cost when they are many: two relays on one Redis, readers of one live game spread over them, the
// game changing every two seconds. Per reader count: Redis commands a second (counting in leases keeps them flat in
// readers), relay CPU, and loads billed per reader-minute (at most one per billing window: 6 at the default 10 s).
// Run alone with `node --import tsx bench/live-billing.ts [readers…]`; `npm run bench` runs it as one section.
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { throwawayRedis } from '../test/harness/local-servers.js';
import { startSandbox } from '../src/sandbox/server.js';
import { LIVE_LOAD_EVERY_MS } from '../src/relay/base/defaults.js';
import { names } from '../src/relay/store/redis/names.js';
import { RelayProcess, openViewer, type RelayStats } from './live-viewers.js';

const ORIGIN = 'https://example.com';
const SPAN_MS = 60_000;
const CHANGE_EVERY_MS = 2_000;
const RELAYS = 2;
/** Readers arrive in this many groups spread over one billing window. */
const ARRIVAL_GROUPS = 20;

export interface LiveBillingResult {
  readers: number;
  relays: number;
  redisCommandsPerSecond: number;
  /** The same, per command (INFO commandstats): what grows with readers, when the total does. */
  redisCommandsByName: Record<string, number>;
  relayCpuSecondsPerMinute: number;
  loadsPerReaderMinute: number;
  updatesPerReaderMinute: number;
}

async function readersRun(readers: number): Promise<LiveBillingResult> {
  const { url, stop: stopRedis } = await throwawayRedis();
  const admin = new Redis(url);
  const sandbox = await startSandbox({ port: 0, calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 });
  const relays: RelayProcess[] = [];
  const sockets: Socket[] = [];
  try {
    for (let index = 0; index < RELAYS; index++)
      relays.push(
        await RelayProcess.start({
          redis: url,
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          live: { maxStreamsPerAddress: readers + 10, maxStreamsPerKey: readers + 10 },
        }),
      );
    const key = relays[0]!.key;
    const scores = (await (
      await fetch(`${relays[0]!.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: ORIGIN } })
    ).json()) as {
      games: { id: string; status: string }[];
    };
    const topic = `/v1/games/${scores.games.find((game) => game.status === 'live')!.id}?league=nba`;
    let updates = 0;
    // Readers arrive over one billing window, as an article's readers do, not all in the same second: their windows
    // open at every broadcast, as in production, rather than all at one.
    for (let group = 0; group < ARRIVAL_GROUPS; group++) {
      const end = Math.floor((readers * (group + 1)) / ARRIVAL_GROUPS);
      for (let opened = sockets.length; opened < end; opened += 250) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(250, end - opened) }, (_, i) =>
            openViewer({ origin: relays[(opened + i) % RELAYS]!.origin, key }, topic, () => updates++),
          ),
        );
        sockets.push(...batch);
      }
      await new Promise((resolve) => setTimeout(resolve, LIVE_LOAD_EVERY_MS / ARRIVAL_GROUPS));
    }
    // Past the first deliveries and a lease tick: the steady state is measured.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const month = new Date(Date.now()).toISOString().slice(0, 7);
    const loads = async () => Number((await admin.hget(names.usage(key), month)) ?? 0);
    const commands = async () => Number(/total_commands_processed:(\d+)/.exec(await admin.info('stats'))![1]);
    const commandStats = async () =>
      new Map(
        [...(await admin.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map(([, name, calls]) => [name!, Number(calls)]),
      );
    const cpu = async () =>
      (await Promise.all(relays.map((relay) => relay.command<RelayStats>('stats')))).reduce((sum, s) => sum + s.cpuMs, 0);
    const [loadsBefore, commandsBefore, cpuBefore, updatesBefore] = [await loads(), await commands(), await cpu(), updates];
    const statsBefore = await commandStats();
    const changes = setInterval(() => sandbox.clock.advance(30_000), CHANGE_EVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, SPAN_MS));
    clearInterval(changes);
    const [commandsAfter, cpuAfter] = [await commands(), await cpu()];
    const statsAfter = await commandStats();
    // Leases taken ahead are given back within a tick: the month then holds what was billed.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const loadsAfter = await loads();
    const minutes = SPAN_MS / 60_000;
    return {
      readers,
      relays: RELAYS,
      redisCommandsPerSecond: Math.round((commandsAfter - commandsBefore - 3) / (SPAN_MS / 1000)),
      redisCommandsByName: Object.fromEntries(
        [...statsAfter]
          .map(([name, calls]) => [name, Math.round(((calls - (statsBefore.get(name) ?? 0)) / (SPAN_MS / 1000)) * 10) / 10] as const)
          .filter(([, perSecond]) => perSecond > 0),
      ),
      relayCpuSecondsPerMinute: Math.round(((cpuAfter - cpuBefore) / 1000 / minutes) * 10) / 10,
      loadsPerReaderMinute: Math.round(((loadsAfter - loadsBefore) / readers / minutes) * 100) / 100,
      updatesPerReaderMinute: Math.round(((updates - updatesBefore) / readers / minutes) * 100) / 100,
    };
  } catch (error) {
    // Said at once: stopping relays that hold thousands of streams takes a while.
    console.error(`live billing, ${readers} readers: ${(error as Error).message}`);
    throw error;
  } finally {
    for (const socket of sockets) socket.destroy();
    await Promise.all(relays.map((relay) => relay.stop()));
    await sandbox.close();
    admin.disconnect();
    stopRedis();
  }
}

/** One run per reader count, each reported as it ends. */
export async function liveBilling(
  counts = [100, 1_000, 10_000],
  report: (result: LiveBillingResult) => void = () => {},
): Promise<LiveBillingResult[]> {
  const results: LiveBillingResult[] = [];
  for (const readers of counts) {
    results.push(await readersRun(readers));
    report(results.at(-1)!);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const counts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await liveBilling(counts.length ? counts : undefined, (result) => console.log(JSON.stringify(result)));
}
