// The relay in front of a data service in trouble, driven by the sandbox's fault controls: down for ten minutes,
// rate-limiting with Retry-After, slow. Viewers keep getting data (stale, and saying so), never a 5xx, and the
// relay's calls upstream depend on the fault, not on how many viewers ask.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { MIDDAY } from '../../../helpers/sandbox.js';

describe('upstream faults, as viewers meet them', () => {
  let relay: RunningRelay;
  let clock = Date.parse(MIDDAY);
  let key: string;
  before(async () => {
    relay = await testRelay({ now: () => clock, rateLimit: { perMinute: 100_000, burst: 100_000 } });
    key = await addKey(relay, ['example.com']);
  });
  afterEach(() => relay.sandbox.faults.clear());
  after(() => relay.close());

  const upstreamCalls = async (endpoint: string) =>
    (await relay.metrics.upstreamRequests.get()).values
      .filter((value) => value.labels.endpoint === endpoint)
      .reduce((sum, value) => sum + value.value, 0);

  it('down for ten minutes: every viewer request still answers 200 with the last data, marked stale; no 5xx', async () => {
    const first = await widgetGet(relay, `/v1/scores?league=nhl&key=${key}`);
    assert.equal(first.status, 200);
    assert.equal(first.body.stale, false);
    relay.sandbox.faults.add({ kind: 'status', status: 503 });
    const statuses = new Map<number, number>();
    let staleAnswers = 0;
    for (let second = 10; second <= 600; second += 10) {
      clock += 10_000;
      const answer = await widgetGet(relay, `/v1/scores?league=nhl&key=${key}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.body.stale) staleAnswers++;
      assert.equal(answer.body.games.length, first.body.games.length, 'the same slate');
    }
    assert.deepEqual([...statuses], [[200, 60]], 'sixty requests over ten minutes, all 200');
    assert.ok(staleAnswers >= 55, `marked stale once past freshness (${staleAnswers} of 60)`);
    relay.sandbox.faults.clear();
    clock += 60_000;
    // Stale at once while one refresh runs in the background; fresh as soon as it has landed.
    const started = performance.now();
    while ((await widgetGet(relay, `/v1/scores?league=nhl&key=${key}`)).body.stale) {
      assert.ok(performance.now() - started < 3000, 'fresh again once it is back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('429 with Retry-After: 10 — no call to that endpoint before it has passed, however many viewers ask', async () => {
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nfl&key=${key}`)).status, 200);
    const before = await upstreamCalls('/injuries');
    relay.sandbox.faults.add({ kind: 'status', status: 429, retryAfter: 10, path: '/injuries' });
    clock += 11 * 60_000;
    const answers = await Promise.all(Array.from({ length: 30 }, () => widgetGet(relay, `/v1/injuries?league=nfl&key=${key}`)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 20; i++) {
      clock += 1000;
      answers.push(await widgetGet(relay, `/v1/injuries?league=nfl&key=${key}`));
    }
    assert.ok(
      answers.every((answer) => answer.status === 200),
      'viewers get the cached report',
    );
    assert.equal((await upstreamCalls('/injuries')) - before, 1, 'one call met the 429; none after it within 10 s');
  });

  it('slow (5 s): fifty viewers of a cold resource make one upstream call and all get data', async () => {
    relay.sandbox.faults.add({ kind: 'latency', latencyMs: 5000, path: '/live-games' });
    const before = await upstreamCalls('/live-games');
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => widgetGet(relay, `/v1/scores?league=wnba&key=${key}`)));
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [200]);
    assert.equal((await upstreamCalls('/live-games')) - before, 1, 'no pile-up: one call for fifty viewers');
    assert.ok(performance.now() - started < 7000, 'answered when the one call came back');
  });
});
