// Redis goes away under two relays serving steady traffic and live viewers: readers see no error, live updates go on
// (each relay polls its own viewers' topics), keys near their limit get only their degraded allowance, and when Redis
// is back the journals are replayed so that usage equals what was delivered, exactly.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { LEASE_SHARE, LEASE_TICK_MS } from '../../../../src/relay/metering/leases.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';
import { monthOf } from '../../../helpers/clock.js';
import { billingWindows, openStream, updates, type Stream } from '../../../helpers/live.js';
import { readinessOnce, testRelay, widgetGet } from '../../../helpers/relay.js';
import { frozenSandbox } from '../../../helpers/sandbox.js';
import { sleep, until } from '../../../helpers/wait.js';

const TOPIC = '/v1/scores?league=nba';
const LIVE_EVENING = '2026-11-23T01:00:00Z';

describe('Redis stopped under traffic on two relays', () => {
  let dir: string;
  let port: number;
  let redis: ChildProcess;
  let sandbox: RunningSandbox;
  let relays: RunningRelay[];
  const polls = [0, 0];
  let streams: Stream[] = [];
  const billing = billingWindows(() => streams);

  // Appended and synced on every write, so what was counted survives the kill: what is measured here is the relays.
  const startRedis = async () => {
    redis = await startRedisServer(port, ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']);
  };
  const stopRedis = async () => {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  };
  const keyOn = async (plan: 'pro' | `custom:${number}`) =>
    (await createKey(relays[0]!.store, { plan, domains: ['example.com'], name: plan, test: false }, relays[0]!.now())).key;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-redis-outage-'));
    port = await freePort();
    await startRedis();
    sandbox = await frozenSandbox(LIVE_EVENING);
    relays = await Promise.all(
      [0, 1].map((index) =>
        testRelay({
          redis: `redis://127.0.0.1:${port}`,
          journal: join(dir, `journal-${index}.db`),
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          rateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
          now: billing.now,
          live: { pollMs: () => 200, onPoll: () => polls[index]!++, loadEveryMs: billing.windowMs },
        }),
      ),
    );
  });
  after(async () => {
    await Promise.all(relays.map((relay) => relay.close().catch(() => {})));
    await sandbox.close();
    redis.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('serves every reader, keeps live updates coming, and counts each delivered load exactly once after', async () => {
    const key = await keyOn('pro');
    let delivered = 0;
    const failures: string[] = [];
    let traffic = true;
    const paths = [`/v1/injuries?league=nba&key=${key}`, `/v1/scores?league=nba&key=${key}`, `/v1/standings?league=nba&key=${key}`];
    const readers = [0, 1].map(async (index) => {
      for (let i = 0; traffic; i++) {
        const answer = await widgetGet(relays[index]!, paths[i % paths.length]!);
        if (answer.status === 200) delivered++;
        else failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        await sleep(40);
      }
    });
    streams = await Promise.all(relays.map((relay) => openStream(relay, key, [TOPIC])));
    await until(() => streams.every((stream) => updates(stream.events).length >= 1), 'first data on both streams');
    const ready = await fetch(`${relays[0]!.origin}/ready`);
    assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ready', store: 'ok', upstream: 'ok' }]);

    await stopRedis();
    // The change while Redis is away opens a billing window: its loads are journaled, and counted once it is back.
    billing.nextWindow();
    const before = streams.map((stream) => updates(stream.events).length);
    // Past the 5 s key cache: keys read before are still served.
    await sleep(5_500);
    sandbox.clock.advance(20 * 60_000);
    await Promise.all(relays.map((relay) => relay.cache.clear()));
    await until(
      () => streams.every((stream, index) => updates(stream.events).length > before[index]!),
      'a live update on both relays while Redis is down',
    );
    polls.fill(0);
    await sleep(1_000);
    assert.ok(
      polls.every((count) => count > 0),
      `each relay polls its own viewers' topic while the lease cannot be checked (${polls})`,
    );
    const degraded = await fetch(`${relays[1]!.origin}/ready`);
    const readiness = (await degraded.json()) as { problems: { store: string } };
    assert.match(readiness.problems.store, /^unreachable: /, 'readiness names what is wrong with the store');
    assert.deepEqual(
      [degraded.status, { ...readiness, problems: undefined }],
      [200, { status: 'degraded', store: 'degraded', upstream: 'ok', problems: undefined }],
    );
    assert.match(await relays[0]!.metrics.registry.metrics(), /pressbox_store_degraded 1/);
    const journaled = (await relays[0]!.metrics.journaledLoads.get()).values[0]?.value ?? 0;
    assert.ok(journaled > 0, 'loads were journaled while Redis was down');

    await startRedis();
    await sleep(3_000);
    polls.fill(0);
    await sleep(1_500);
    assert.equal(polls.filter((count) => count > 0).length, 1, `one poller for the topic again (${polls})`);
    // A change after Redis is back reaches both viewers, under an id above the ones stamped while it was away; it is
    // in the window the outage's change opened, so it costs nothing.
    const beforeRecoveredChange = streams.map((stream) => updates(stream.events).length);
    sandbox.clock.advance(20 * 60_000);
    await Promise.all(relays.map((relay) => relay.cache.clear()));
    await until(
      () => streams.every((stream, index) => updates(stream.events).length > beforeRecoveredChange[index]!),
      'the change after the outage on both relays',
    );
    traffic = false;
    await Promise.all(readers);
    // Let the last pushes land before counting what the viewers received.
    await sleep(1_000);
    streams.forEach((stream) => stream.close());
    await Promise.all(streams.map((stream) => stream.ended));
    delivered += streams.reduce((sum, stream) => sum + billing.windows(stream), 0);
    assert.equal(
      streams.reduce((sum, stream) => sum + billing.windows(stream), 0),
      2 * 2,
      'each viewer billed for the window before the outage and the one it opened',
    );
    for (const stream of streams) {
      const seen = updates(stream.events);
      for (let i = 1; i < seen.length; i++) {
        assert.ok(seen[i]!.id > seen[i - 1]!.id, `event ids only grow for a viewer who stays (${seen.map((update) => update.id)})`);
        const { updatedAt: _now, ...current } = seen[i]!.data;
        const { updatedAt: _before, ...previous } = seen[i - 1]!.data;
        assert.notDeepEqual(current, previous, 'no update sent twice');
      }
    }

    assert.deepEqual(failures, [], 'no reader saw an error');
    const month = monthOf(relays[0]!.now());
    await until(async () => (await relays[0]!.store.loadsUsed(key, month)) === delivered, `usage reaching ${delivered} delivered`);
    await sleep(1_500);
    assert.equal(await relays[1]!.store.loadsUsed(key, month), delivered, 'usage equals loads delivered, and stays there');
    // Ready again once no store operation has failed for a while (failures just before the return keep it degraded).
    assert.deepEqual(await readinessOnce(relays[0]!.origin, 'ready'), { status: 'ready', store: 'ok', upstream: 'ok' });
    assert.match(await relays[0]!.metrics.registry.metrics(), /pressbox_journal_pending_loads 0/);
  });

  it('gives a key near its limit only its allowance while cut off, and refuses keys it never counted', async () => {
    // Eight loads a month: with fewer than LEASE_SHARE + 1 left no relay takes a lease, so what each relay last heard
    // from Redis is exactly the loads counted so far, however the lease ticks fall on a busy machine.
    const [nearLimit, unseen] = [await keyOn(`custom:${LEASE_SHARE}`), await keyOn('pro')];
    const get = (relay: RunningRelay, key: string) => widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
    for (const relay of relays) for (let i = 0; i < 2; i++) assert.equal((await get(relay, nearLimit)).status, 200);
    // Known to the relay (its key cache) but never counted on it.
    assert.equal((await widgetGet(relays[0]!, `/v1/injuries?league=nba&teem=x&key=${unseen}`)).status, 400);

    await stopRedis();
    const served = [0, 0];
    try {
      for (const [index, relay] of relays.entries())
        for (let i = 0; i < 10; i++) {
          const answer = await get(relay, nearLimit);
          if (answer.status === 200) served[index]!++;
          else {
            assert.equal(answer.status, 503);
            assert.match(answer.body.error.message, /served this widget key all it may/);
            assert.ok(answer.headers.get('retry-after'));
          }
        }
      const refused = await get(relays[0]!, unseen);
      assert.equal(refused.status, 503);
      assert.match(refused.body.error.message, /has not counted this widget key before/);
    } finally {
      await startRedis();
    }
    // A quarter of what was left at each relay's last sync, rounded up: relay 0 saw 2 used (6 left: 2), relay 1 saw
    // 4 (4 left: 1). Together they stay within the key's eight.
    assert.deepEqual(served, [2, 1]);
    const month = monthOf(relays[0]!.now());
    await until(async () => (await relays[0]!.store.loadsUsed(nearLimit, month).catch(() => -1)) === 7, 'the 3 replayed');
    await until(async () => (await get(relays[0]!, nearLimit)).status === 200, 'counting in Redis again');
  });

  it('a Redis that hangs (SIGSTOP) holds no request up for more than its 1 s timeout, and nothing counts twice', async () => {
    const key = await keyOn('pro');
    const load = async (relay: RunningRelay) => assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200);
    // Five loads size each relay's next lease at the tick; the sixth takes it. Redis then hangs with both leases
    // unserved, and the next tick gives them back to a Redis that takes them only once it goes on, after the relay has
    // stopped waiting for its answer.
    for (const relay of relays) for (let i = 0; i < 5; i++) await load(relay);
    await sleep(LEASE_TICK_MS + 200);
    for (const relay of relays) await load(relay);
    redis.kill('SIGSTOP');
    await sleep(LEASE_TICK_MS + 500);
    const started = performance.now();
    let slowest = 0;
    try {
      for (let i = 0; i < 40; i++) {
        const asked = performance.now();
        const answer = await widgetGet(relays[i % 2]!, `/v1/${i % 4 < 2 ? 'injuries' : 'standings'}?league=nba&key=${key}`);
        slowest = Math.max(slowest, performance.now() - asked);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
      }
    } finally {
      redis.kill('SIGCONT');
    }
    // Bounds far from what a busy machine needs, and far below a hang: without the timeout SIGSTOP holds a request
    // for as long as Redis is stopped, and without the cut-off each of the forty waits its own second.
    assert.ok(slowest < 4_000, `the slowest request took ${Math.round(slowest)} ms`);
    assert.ok(performance.now() - started < 20_000, 'forty requests are not forty timeouts');
    // Counts and returns that timed out on the client ran once Redis went on: their receipts keep the replay from
    // adding the loads again, and the return sent again from giving the leftover back twice.
    const month = monthOf(relays[0]!.now());
    let counted = -1;
    await until(
      async () => (counted = await relays[0]!.store.loadsUsed(key, month).catch(() => -1)) === 52,
      () => `the 52 loads counted (last read: ${counted})`,
    );
    await sleep(2_500);
    assert.equal(await relays[1]!.store.loadsUsed(key, month), 52, 'and no more');
  });
});
