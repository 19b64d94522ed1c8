// A Redis outage under the scale-out load: three relays (each in its own process) on one Redis, live viewers of a
// live game spread over them and steady data requests; Redis is killed for 60 s and started again on its AOF. It
// measures what readers saw (errors), the live updates delivered during the outage, loads delivered against loads
// counted once Redis is back, a key near its limit (how far past it the outage took it), and the seconds until every
// relay's journal was replayed. Run alone with `node --import tsx bench/redis-outage.ts [outage seconds]`.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import { freePort, startRedisServer } from '../test/harness/local-servers.js';
import { createKey } from '../src/relay/key-service/service.js';
import { openRedisStore } from '../src/relay/store/redis.js';
import { startSandbox } from '../src/sandbox/server.js';
import { openViewer, RelayProcess, type RelayStats } from './live-viewers.js';

const ORIGIN = 'https://example.com';
const RELAYS = 3;
const VIEWERS = 300;
/** Data requests in flight at once, each followed by a 50 ms pause: about 60 a second over the three relays. */
const READERS = 6;
const NEAR_LIMIT = 1_000;
const LEFT_BEFORE_OUTAGE = 12;

export interface RedisOutageResult {
  relays: number;
  viewers: number;
  outageSeconds: number;
  readerRequests: number;
  readerErrors: number;
  readerErrorsDuringOutage: number;
  liveUpdatesDuringOutage: number;
  /** Every viewer got at least one update while Redis was away. */
  viewersUpdatedDuringOutage: number;
  /**
   * Loads the relays served, by their own count (data answers, and live updates that opened a billing window: not every
   * update is a load), and loads counted in Redis after the replay, every key.
   */
  delivered: number;
  counted: number;
  upstreamCallsPerMinuteBefore: number;
  upstreamCallsPerMinuteDuring: number;
  nearLimit: { limit: number; leftAtOutage: number; servedDuringOutage: number; overLimit: number };
  reconcileSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function redisOutage(outageSeconds = 60): Promise<RedisOutageResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pressbox-bench-outage-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  // Synced on every write, so what is measured is the relays, not Redis's own persistence.
  const redisArgs = ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''];
  let redis: ChildProcess = await startRedisServer(port, redisArgs);
  const sandbox = await startSandbox({ port: 0, calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 });
  const relays: RelayProcess[] = [];
  const viewers: Socket[] = [];
  let traffic = true;
  try {
    for (let index = 0; index < RELAYS; index++)
      relays.push(
        await RelayProcess.start({
          redis: url,
          journal: join(dir, `journal-${index}.db`),
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          live: { maxStreamsPerAddress: VIEWERS + 10 },
        }),
      );
    const store = await openRedisStore(url);
    const key = relays[0]!.key;
    const near = (await createKey(store, { plan: `custom:${NEAR_LIMIT}`, domains: ['example.com'], name: 'near', test: false }, Date.now()))
      .key;
    const get = (relay: RelayProcess, path: string, withKey = key) =>
      fetch(`${relay.origin}${path}${path.includes('?') ? '&' : '?'}key=${withKey}`, { headers: { origin: ORIGIN } }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
      );
    // Spend the near-limit key down through every relay, so each has counted it (its last sync).
    for (let i = 0; i < NEAR_LIMIT - LEFT_BEFORE_OUTAGE; i++) await get(relays[i % RELAYS]!, '/v1/injuries?league=nba', near);

    const scores = (await (
      await fetch(`${relays[0]!.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: ORIGIN } })
    ).json()) as {
      games: { id: string; status: string }[];
    };
    const topic = `/v1/games/${scores.games.find((game) => game.status === 'live')!.id}?league=nba`;
    let down: { from: number; to: number } | undefined;
    let updatesDuringOutage = 0;
    const updatedDuringOutage = new Set<number>();
    for (let index = 0; index < VIEWERS; index++) {
      const viewer = index;
      viewers.push(
        await openViewer(relays[index % RELAYS]!, topic, (at) => {
          if (down && at >= down.from && (down.to === 0 || at <= down.to)) {
            updatesDuringOutage++;
            updatedDuringOutage.add(viewer);
          }
        }),
      );
    }
    let requests = 0;
    let errors = 0;
    let errorsDuringOutage = 0;
    const paths = ['/v1/scores?league=nba', '/v1/injuries?league=nba', '/v1/standings?league=nba', `${topic}`];
    const readers = Array.from({ length: READERS }, async (_, reader) => {
      for (let i = reader; traffic; i++) {
        const status = await get(relays[i % RELAYS]!, paths[i % paths.length]!).catch(() => 0);
        requests++;
        if (status !== 200) {
          errors++;
          if (down && down.to === 0) errorsDuringOutage++;
        }
        await sleep(50);
      }
    });
    // The game moves on every 5 s, so live viewers have something to receive.
    const clock = setInterval(() => sandbox.clock.advance(60_000), 5_000);
    const calls = async () =>
      (await Promise.all(relays.map((relay) => relay.command<RelayStats>('stats')))).reduce((sum, stats) => sum + stats.upstreamCalls, 0);

    const spanMs = 20_000;
    const before0 = await calls();
    await sleep(spanMs);
    const before = ((await calls()) - before0) * (60_000 / spanMs);

    redis.kill('SIGKILL');
    down = { from: performance.now(), to: 0 };
    const during0 = await calls();
    const nearServed = await (async () => {
      let served = 0;
      for (let round = 0; round < 10; round++)
        for (const relay of relays) if ((await get(relay, '/v1/injuries?league=nba', near)) === 200) served++;
      return served;
    })();
    await sleep(outageSeconds * 1000 - (performance.now() - down.from));
    const during = ((await calls()) - during0) * (60_000 / (performance.now() - down.from));
    redis = await startRedisServer(port, redisArgs);
    down.to = performance.now();
    const back = performance.now();
    for (;;) {
      const pending = (await Promise.all(relays.map((relay) => relay.command<RelayStats>('stats')))).reduce(
        (sum, stats) => sum + (stats.journalPending ?? 0),
        0,
      );
      if (pending === 0) break;
      await sleep(50);
    }
    const reconcileSeconds = (performance.now() - back) / 1000;
    await sleep(5_000);
    traffic = false;
    clearInterval(clock);
    await Promise.all(readers);
    await sleep(2_000);
    for (const viewer of viewers) viewer.destroy();
    const month = new Date().toISOString().slice(0, 7);
    await sleep(1_000);
    const served = (await Promise.all(relays.map((relay) => relay.command<RelayStats>('stats')))).reduce(
      (sum, stats) => sum + stats.loads,
      0,
    );
    // Each relay process made its own key, and its viewers use it.
    const counted = (await Promise.all(relays.map((relay) => store.loadsUsed(relay.key, month)))).reduce((sum, loads) => sum + loads, 0);
    const nearUsed = await store.loadsUsed(near, month);
    await store.close();
    return {
      relays: RELAYS,
      viewers: VIEWERS,
      outageSeconds,
      readerRequests: requests,
      readerErrors: errors,
      readerErrorsDuringOutage: errorsDuringOutage,
      liveUpdatesDuringOutage: updatesDuringOutage,
      viewersUpdatedDuringOutage: updatedDuringOutage.size,
      delivered: served,
      counted: counted + nearUsed,
      upstreamCallsPerMinuteBefore: Math.round(before),
      upstreamCallsPerMinuteDuring: Math.round(during),
      nearLimit: {
        limit: NEAR_LIMIT,
        leftAtOutage: LEFT_BEFORE_OUTAGE,
        servedDuringOutage: nearServed,
        overLimit: Math.max(0, nearUsed - NEAR_LIMIT),
      },
      reconcileSeconds: Math.round(reconcileSeconds * 10) / 10,
    };
  } finally {
    traffic = false;
    for (const viewer of viewers) viewer.destroy();
    await Promise.all(relays.map((relay) => relay.stop('SIGKILL')));
    await sandbox.close();
    redis.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await redisOutage(Number(process.argv[2] ?? 60)), null, 2));
  process.exit(0);
}
