// Several relays on one Redis behave as one: one of them polls each live topic, every relay passes the changes on
// with the same event ids, a page resumes on another relay with its Last-Event-ID, and when the polling relay goes
// another takes the topic over.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { testRelay } from '../../../helpers/relay.js';
import { openStream as openLive, updates, type Stream } from '../../../helpers/live.js';
import { frozenSandbox } from '../../../helpers/sandbox.js';

const TOPIC = '/v1/scores?league=nba';
const POLL_MS = 200;
const LIVE_EVENING = '2026-11-23T01:00:00Z';

/** Database 14: the store tests flush 15 while they run. */
function redisUrl(): string {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = '/14';
  return url.toString();
}

const openStream = (relay: RunningRelay, key: string, lastEventId?: number): Promise<Stream> =>
  openLive(relay, key, [TOPIC], { lastEventId });

async function until(condition: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('three relays on one Redis', () => {
  let sandbox: RunningSandbox;
  let relays: RunningRelay[];
  let key: string;
  const polls = new Map<number, number>();
  /** Twenty minutes of play (past any break); the upstream caches are emptied so the poller sees it at once. */
  /** Calls to the data service's /injuries by all three relays. */
  const calls = async () =>
    (await Promise.all(relays.map((relay) => relay.metrics.upstreamRequests.get())))
      .flatMap((metric) => metric.values)
      .filter((value) => value.labels.endpoint === '/injuries')
      .reduce((sum, value) => sum + value.value, 0);
  const nextChange = async () => {
    sandbox.clock.advance(20 * 60_000);
    await Promise.all(relays.map((relay) => relay.cache.clear()));
  };

  before(async () => {
    const redis = new Redis(redisUrl());
    await redis.flushdb();
    redis.disconnect();
    // 8 pm in New York: NBA games in progress, so moving the clock changes scores.
    sandbox = await frozenSandbox(LIVE_EVENING);
    relays = await Promise.all(
      [0, 1, 2].map((index) =>
        testRelay({
          redis: redisUrl(),
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          live: { pollMs: () => POLL_MS, onPoll: () => polls.set(index, (polls.get(index) ?? 0) + 1) },
        }),
      ),
    );
    key = (await createKey(relays[0]!.store, { plan: 'pro', domains: ['example.com'], name: 'scale-out', test: false }, relays[0]!.now()))
      .key;
  });
  after(async () => {
    await Promise.all(relays.map((relay) => relay.close()));
    await sandbox.close();
  });

  it('one relay polls the topic for all three, and every viewer gets each change with the same id', async () => {
    const streams = await Promise.all(relays.map((relay) => openStream(relay, key)));
    await until(() => streams.every((stream) => updates(stream.events).length >= 1), 'first data on every relay');
    polls.clear();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const pollers = [...polls].filter(([, count]) => count > 0);
    assert.equal(pollers.length, 1, `one relay polls (${JSON.stringify([...polls])})`);
    assert.ok(pollers[0]![1] <= 2000 / POLL_MS + 2, `as often as one relay alone would (${pollers[0]![1]} polls in 2 s)`);

    await nextChange();
    await until(() => streams.every((stream) => updates(stream.events).length >= 2), 'the change on every relay');
    const ids = streams.map((stream) => updates(stream.events).at(-1)!.id);
    assert.equal(new Set(ids).size, 1, `the same id everywhere (${ids})`);
    assert.ok(ids[0]! > updates(streams[0]!.events)[0]!.id);
    streams.forEach((stream) => stream.close());
  });

  it('a page resumes on another relay with its Last-Event-ID: the current state once if it changed, else nothing', async () => {
    const first = await openStream(relays[0]!, key);
    await until(() => updates(first.events).length >= 1, 'data on relay 0');
    const seen = updates(first.events).at(-1)!.id;
    first.close();

    const caughtUp = await openStream(relays[1]!, key, seen);
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.deepEqual(updates(caughtUp.events), [], 'nothing it has seen is sent again');
    caughtUp.close();

    await nextChange();
    const watcher = await openStream(relays[2]!, key);
    await until(() => updates(watcher.events).some((update) => update.id > seen), 'the change');
    const resumed = await openStream(relays[1]!, key, seen);
    await until(() => updates(resumed.events).length >= 1, 'the current state after the change');
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(updates(resumed.events).length, 1, 'once');
    assert.equal(updates(resumed.events)[0]!.id, updates(watcher.events).at(-1)!.id);
    resumed.close();
    watcher.close();
  });

  it('a cold relay answers from the cache the others share, without calling upstream', async () => {
    const before = await calls();
    const get = (relay: RunningRelay) =>
      fetch(`${relay.origin}/v1/injuries?league=mlb&key=${key}`, { headers: { origin: 'https://example.com' } }).then(async (r) => [
        r.status,
        (await r.json()).teams.length,
      ]);
    const first = await get(relays[0]!);
    assert.deepEqual(await Promise.all([get(relays[1]!), get(relays[2]!)]), [first, first]);
    assert.equal((await calls()) - before, 1, 'one upstream call for three relays');
  });

  it('a cold burst on three relays at once makes one upstream call', async () => {
    const before = await calls();
    const answers = await Promise.all(
      relays.flatMap((relay) =>
        Array.from({ length: 10 }, () =>
          fetch(`${relay.origin}/v1/injuries?league=nhl&key=${key}`, { headers: { origin: 'https://example.com' } }).then((r) => r.status),
        ),
      ),
    );
    assert.deepEqual([...new Set(answers)], [200]);
    assert.equal((await calls()) - before, 1, 'singleflight across relays');
  });

  it('a key revoked anywhere stops working on every relay at once, not after the 5 s key cache', async () => {
    const other = (await createKey(relays[0]!.store, { plan: 'pro', domains: ['example.com'], name: '', test: false }, relays[0]!.now()))
      .key;
    const get = (relay: RunningRelay) =>
      fetch(`${relay.origin}/v1/injuries?league=nba&key=${other}`, { headers: { origin: 'https://example.com' } }).then((r) => r.status);
    assert.deepEqual(await Promise.all(relays.map(get)), [200, 200, 200], 'every relay has the key cached');
    await relays[2]!.store.revokeKey(other, relays[2]!.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(await Promise.all(relays.map(get)), [401, 401, 401]);
  });

  it("an upstream failure seen by the polling relay reaches every relay's viewers as the same stale mark", async () => {
    const streams = await Promise.all(relays.map((relay) => openStream(relay, key)));
    await until(() => streams.every((stream) => updates(stream.events).length >= 1), 'first data');
    const before = streams.map((stream) => updates(stream.events).length);
    sandbox.faults.add({ kind: 'status', status: 503 });
    try {
      // Once the slate is past its freshness (10 s while games are live), the poller's refresh fails and it publishes
      // the last data, marked stale.
      await until(
        () =>
          streams.every((stream, index) =>
            updates(stream.events)
              .slice(before[index]!)
              .some((update) => update.data.stale === true),
          ),
        'the stale mark on every relay',
        15_000,
      );
      const marks = streams.map((stream) => updates(stream.events).find((update) => update.data.stale === true)!.id);
      assert.equal(new Set(marks).size, 1, `one published state, the same id everywhere (${marks})`);
    } finally {
      sandbox.faults.clear();
      streams.forEach((stream) => stream.close());
    }
  });

  it('when the polling relay stops, another takes the topic over and viewers get the next change', async () => {
    const streams = await Promise.all(relays.map((relay) => openStream(relay, key)));
    await until(() => streams.every((stream) => updates(stream.events).length >= 1), 'first data');
    polls.clear();
    // The first data can come from the state in Redis; the holder is the relay seen polling (its first poll may wait
    // for a refresh still retrying after the previous test's upstream failure).
    await until(() => [...polls].some(([, count]) => count > 0), 'a poll by the holder');
    const holder = [...polls].find(([, count]) => count > 0)![0];
    const before = streams.map((stream) => updates(stream.events).length);
    await relays[holder]!.close();
    const others = [0, 1, 2].filter((index) => index !== holder);
    polls.clear();
    await nextChange();
    const started = Date.now();
    await until(
      () => others.every((index) => updates(streams[index]!.events).length > before[index]!),
      'the next change after the takeover',
    );
    assert.ok(Date.now() - started < 3000, 'taken over within a few checks');
    // A poll is counted once its change has been sent, which can be after another relay's viewers have it.
    const pollers = () => [...polls].filter(([index, count]) => count > 0 && others.includes(index)).length;
    await until(() => pollers() > 0, 'the poll of the relay that took over');
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS));
    assert.equal(pollers(), 1, 'by one relay');
    streams.forEach((stream) => stream.close());
  });
});
