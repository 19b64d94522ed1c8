import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceCache, type CacheOutcome } from '../../../../src/relay/cache/resource-cache.js';

const POLICY = { ttlMs: 10_000, swrMs: 10_000, staleIfErrorMs: 60_000 };

function setup() {
  let now = 0;
  let version = 0;
  let failing = false;
  const outcomes: CacheOutcome[] = [];
  const cache = new ResourceCache(
    () => now,
    (outcome) => outcomes.push(outcome),
  );
  let attempts = 0;
  const load = async () => {
    attempts++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failing) throw new Error('upstream down');
    return ++version;
  };
  return {
    cache,
    load,
    outcomes,
    loads: () => version,
    attempts: () => attempts,
    advance: (ms: number) => (now += ms),
    fail: (on: boolean) => (failing = on),
  };
}

describe('resource cache', () => {
  it('answers from memory while fresh', async () => {
    const t = setup();
    assert.equal((await t.cache.get('k', POLICY, t.load)).value, 1);
    t.advance(9_000);
    assert.equal((await t.cache.get('k', POLICY, t.load)).value, 1);
    assert.deepEqual(t.outcomes, ['miss', 'hit']);
  });

  it('serves the old value at once past freshness and refreshes in the background', async () => {
    const t = setup();
    await t.cache.get('k', POLICY, t.load);
    t.advance(12_000);
    const served = await t.cache.get('k', POLICY, t.load);
    assert.equal(served.value, 1, 'the viewer does not wait');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await t.cache.get('k', POLICY, t.load)).value, 2, 'the refresh landed');
  });

  it("with revalidate 'wait' (the live hub's polls), refreshes before answering past freshness", async () => {
    const t = setup();
    await t.cache.get('k', POLICY, t.load);
    t.advance(12_000);
    assert.equal((await t.cache.get('k', POLICY, t.load, 'wait')).value, 2);
  });

  it('after clear(), serves nothing a refresh begun before it fetched, and settles that refresh on close', async () => {
    const t = setup();
    // A poll of the old upstream state is under way when the operator clears the cache (after a data fix upstream).
    const before = t.cache.get('k', POLICY, t.load);
    while (t.attempts() === 0) await new Promise((resolve) => setImmediate(resolve));
    await t.cache.clear();
    const after = await t.cache.get('k', POLICY, t.load);
    assert.equal((await before).value, 1, 'the request that began before the clear gets its own answer');
    assert.equal(after.value, 2, 'a request after the clear waits for a fetch of its own, not the one under way');
    assert.equal((await t.cache.get('k', POLICY, t.load)).value, 2, 'and the older answer never lands in the cache');
    const pending = t.cache.get('other', POLICY, t.load);
    while (t.attempts() < 3) await new Promise((resolve) => setImmediate(resolve));
    await t.cache.clear();
    assert.equal(t.loads(), 2, 'its fetch is still under way');
    await t.cache.settled();
    assert.equal(t.loads(), 3, 'settled() waited for the refresh the clear let go of');
    await pending;
  });

  it('with a shared tier, takes the answer another relay stored between its look and its claim, not fetching it again', async () => {
    let looks = 0;
    const stored: Array<{ value: unknown; fetchedAt: number }> = [];
    const landed = { value: 'fetched by the other relay', fetchedAt: 0 };
    const cache = new ResourceCache(() => 0, undefined, 100, {
      // The first look finds nothing; by the second, the relay holding the claim has stored its answer and let it go.
      get: async () => (++looks > 1 ? landed : undefined),
      set: async (_key, entry) => void stored.push(entry),
      claim: async () => true,
      clear: async () => {},
    });
    let fetched = 0;
    const served = await cache.get('k', POLICY, async () => ++fetched);
    assert.equal(served.value, 'fetched by the other relay');
    assert.equal(fetched, 0, 'no second upstream call');
    assert.deepEqual(stored, [landed], 'stored again, which ends the claim for the next refresh');
  });

  it('remembers an upstream refusal for a minute (a made-up id is not asked again), an outage not at all', async () => {
    let now = 0;
    let calls = 0;
    class Refused extends Error {}
    const cache = new ResourceCache(
      () => now,
      undefined,
      100,
      undefined,
      (error) => error instanceof Refused,
    );
    const refused = () => {
      calls++;
      return Promise.reject(new Refused('not found'));
    };
    for (let i = 0; i < 5; i++) await assert.rejects(cache.get('made-up', POLICY, refused), Refused);
    assert.equal(calls, 1, 'asked once');
    now += 60_000;
    await assert.rejects(cache.get('made-up', POLICY, refused), Refused);
    assert.equal(calls, 2, 'asked again after a minute');
    let outages = 0;
    const down = () => {
      outages++;
      return Promise.reject(new Error('503'));
    };
    for (let i = 0; i < 3; i++) await assert.rejects(cache.get('outage', POLICY, down));
    assert.equal(outages, 3, 'an outage is retried');
  });

  it('keeps each upstream’s answers apart: a flood of test-key entries evicts no live one', async () => {
    const cache = new ResourceCache(() => 0, undefined, 10);
    let liveCalls = 0;
    const live = () => cache.get('live|scores|nba', POLICY, async () => ++liveCalls);
    await live();
    for (let i = 0; i < 100; i++) await cache.get(`test|scores|${i}`, POLICY, async () => i);
    await live();
    assert.equal(liveCalls, 1, 'the live entry outlived 100 test entries in a cache of 10');
  });

  it('makes one upstream call for a cold burst', async () => {
    const t = setup();
    const values = await Promise.all(Array.from({ length: 100 }, () => t.cache.get('k', POLICY, t.load)));
    assert.ok(values.every((entry) => entry.value === 1));
    assert.equal(t.loads(), 1);
  });

  it('serves the last good value, marked stale, while the upstream fails, and throws when there is none', async () => {
    const t = setup();
    await t.cache.get('k', POLICY, t.load);
    t.fail(true);
    t.advance(30_000);
    const stale = await t.cache.get('k', POLICY, t.load);
    assert.deepEqual([stale.value, stale.stale], [1, true]);
    await assert.rejects(t.cache.get('other', POLICY, t.load), /upstream down/);
    t.advance(60_000);
    await assert.rejects(t.cache.get('k', POLICY, t.load), /upstream down/, 'too old even to serve stale');
  });

  it('after a failed refresh, serves stale at once with no wait, and retries in the background every few seconds', async () => {
    const t = setup();
    await t.cache.get('k', POLICY, t.load, 'wait');
    t.fail(true);
    t.advance(12_000);
    assert.equal((await t.cache.get('k', POLICY, t.load, 'wait')).stale, true, 'the first one waited for the failure');
    const tried = t.attempts();
    for (let i = 0; i < 4; i++) {
      t.advance(1_000);
      const served = await t.cache.get('k', POLICY, t.load, 'wait');
      assert.deepEqual([served.value, served.stale], [1, true]);
      // Measured in calls, not milliseconds (a busy machine made a 5 ms bound fail): a call is what a wait would be for.
      assert.equal(t.attempts(), tried, 'no call upstream to wait for within RETRY_AFTER_FAILURE_MS of the failure');
    }
    t.advance(1_000);
    t.fail(false);
    assert.equal((await t.cache.get('k', POLICY, t.load, 'wait')).stale, true, 'still stale while the retry runs');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(t.attempts(), tried + 1, 'one retry');
    const fresh = await t.cache.get('k', POLICY, t.load);
    assert.deepEqual([fresh.value, fresh.stale], [2, false], 'fresh once the retry landed');
  });
});
