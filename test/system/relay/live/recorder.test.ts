// Every win-probability curve from the first live minute, whoever watches; and the relay's own upstream month,
// watched: alerts at 50/80/100 %, the recorder slowing near the end, stale data (never errors) once it is spent.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { sharedLeagueInterest } from '../../../../src/relay/resources/league-interest.js';
import { openSqliteStore } from '../../../../src/relay/store/sqlite.js';
import type { Logger } from '../../../../src/relay/base/logger.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { MIDDAY } from '../../../helpers/sandbox.js';

const STEP_MS = 5 * 60_000;
const PRO_LIMIT = 1_000_000;

/** The relay's clock, moved by the test: caches expire when the test says so. */
function manualClock() {
  let at = Date.parse(MIDDAY);
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

async function sandboxControl(relay: RunningRelay, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${new URL(relay.sandbox.baseUrl).origin}/_sandbox${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The live NBA games, asked of the sandbox directly: no reader has asked the relay for anything. */
async function liveGames(relay: RunningRelay): Promise<string[]> {
  const response = await fetch(`${relay.sandbox.baseUrl}/live-games?sport=nba`, { headers: { 'x-api-key': 'sk_sandbox_pro' } });
  const games = ((await response.json()) as { games: Array<{ gameId: string; status: string }> }).games;
  const live = games.filter((game) => game.status === 'live').map((game) => game.gameId);
  assert.ok(live.length > 0, 'live NBA games at MIDDAY');
  return live;
}

async function linesCalls(relay: RunningRelay): Promise<number> {
  const metric = await relay.metrics.upstreamRequests.get();
  return metric.values
    .filter((value) => value.labels.endpoint === '/lines' && value.labels.upstream === 'live')
    .reduce((sum, value) => sum + value.value, 0);
}

describe('win-probability recorder', () => {
  const clock = manualClock();
  let relay: RunningRelay;
  let key = '';
  before(async () => {
    relay = await testRelay({ now: clock.now, recorder: { everyMs: 3_600_000, leagues: ['nba'] } });
    key = await addKey(relay, ['example.com']);
  });
  after(() => relay.close());

  it('records a live league nobody watches: the first reader gets the curve from before they came', async () => {
    const live = await liveGames(relay);
    let sampled = 0;
    for (let round = 0; round < 4; round++) {
      clock.advance(STEP_MS);
      await sandboxControl(relay, '/clock', { advanceMs: STEP_MS });
      sampled += await relay.recorder!.sample();
    }
    assert.ok(sampled >= 4, `points recorded: ${sampled}`);
    // A lopsided game's price may not move for twenty minutes (a point that repeats the last is not kept): the game whose did.
    const curves = await Promise.all(live.map(async (id) => [id, (await relay.store.pointsOf(`live:nba:${id}`)).length] as const));
    const [gameId] = curves.sort((a, b) => b[1] - a[1])[0]!;
    const firstAsked = clock.now();
    const { status, body } = await widgetGet(relay, `/v1/win-probability?league=nba&gameId=${gameId}&key=${key}`);
    assert.equal(status, 200);
    const points = (body as { history: Array<{ at: string }> }).history;
    assert.ok(points.length >= 3, `curve of ${points.length} points`);
    assert.ok(
      Date.parse(points[0]!.at) <= firstAsked - 3 * STEP_MS,
      `curve starts at ${points[0]!.at}, the reader came at ${new Date(firstAsked).toISOString()}`,
    );
    // The same samples recorded the game's line: its movement goes on past the start, where the service's history ends.
    const movement = await widgetGet(relay, `/v1/line-movement?league=nba&gameId=${gameId}&key=${key}`);
    assert.equal(movement.status, 200);
    const { points: linePoints, startTime } = movement.body as { points: Array<{ at: string; spread: number | null }>; startTime: string };
    const inPlay = linePoints.filter((point) => point.at > startTime && Date.parse(point.at) < firstAsked);
    assert.ok(inPlay.length >= 1, `points recorded in play before the reader came: ${inPlay.length}`);
    assert.ok(inPlay.every((point) => point.spread !== null));
  });

  it('reuses the prices a viewer’s refresh fetched: watching adds no upstream call', async () => {
    clock.advance(STEP_MS);
    await sandboxControl(relay, '/clock', { advanceMs: STEP_MS });
    const [gameId] = await liveGames(relay);
    await widgetGet(relay, `/v1/win-probability?league=nba&gameId=${gameId}&key=${key}`);
    const afterViewer = await linesCalls(relay);
    await relay.recorder!.sample();
    assert.equal(await linesCalls(relay), afterViewer, 'the sample used the cached answer');
    clock.advance(STEP_MS);
    await relay.recorder!.sample();
    assert.equal(await linesCalls(relay), afterViewer + 1, 'with nobody watching, one /lines call a sample');
  });
});

describe('the recorder and a league without betting lines', () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await testRelay({ recorder: { everyMs: 3_600_000, leagues: ['mls'] } });
  });
  after(() => relay.close());

  it('asks nothing about MLS, which has no lines to price: soccer interest costs no upstream unit', async () => {
    assert.equal(await relay.recorder!.sample(), 0);
    const metric = await relay.metrics.upstreamRequests.get();
    const asked = metric.values.filter((value) => ['/live-games', '/lines'].includes(String(value.labels.endpoint)));
    assert.deepEqual(
      asked.map((value) => value.value),
      [],
    );
  });
});

describe('one recorder for several relays on Redis', () => {
  const clock = manualClock();
  const relays: RunningRelay[] = [];
  before(async () => {
    const redis = new Redis(testRedisUrl());
    await redis.flushdb();
    redis.disconnect();
    for (let i = 0; i < 2; i++)
      relays.push(await testRelay({ redis: testRedisUrl(), now: clock.now, recorder: { everyMs: 3_600_000, leagues: ['nba'] } }));
  });
  after(() => Promise.all(relays.map((relay) => relay.close())));

  it('samples once a round whichever relay asks: the other finds the lease taken', async () => {
    clock.advance(STEP_MS);
    const [first, second] = relays as [RunningRelay, RunningRelay];
    const recorded = [await first.recorder!.sample(), await second.recorder!.sample()];
    assert.ok(recorded[0]! > 0, 'the first relay records');
    assert.equal(recorded[1], 0, 'the second leaves it to the first');
    assert.equal(await linesCalls(second), 0);
  });
});

describe('the relay’s upstream month, watched', () => {
  const clock = manualClock();
  let relay: RunningRelay;
  let key = '';
  const alerts: Array<Record<string, unknown>> = [];
  const logger: Logger = { log: (_level, message, fields) => message === 'usage alert' && alerts.push(fields ?? {}) };
  before(async () => {
    relay = await testRelay({ now: clock.now, logger, recorder: { everyMs: 0 } });
    key = await addKey(relay, ['example.com']);
  });
  after(() => relay.close());

  it('raises 50 % and 80 % once each, exports the month, and slows the recorder past 90 %', async () => {
    await sandboxControl(relay, '/usage', { apiKey: 'sk_sandbox_pro', used: 0.8 * PRO_LIMIT });
    clock.advance(2 * 60_000);
    const budget = await relay.upstreamBudget.check();
    assert.equal(budget!.used, 0.8 * PRO_LIMIT);
    assert.deepEqual(
      alerts.map((alert) => alert.kind),
      ['upstream_50', 'upstream_80'],
    );
    clock.advance(2 * 60_000);
    await relay.upstreamBudget.check();
    assert.equal(alerts.length, 2, 'each threshold once a month');
    const exported = await relay.metrics.registry.metrics();
    assert.match(exported, /pressbox_upstream_month_units_used 800000/);
    assert.match(exported, /pressbox_upstream_month_units_limit 1000000/);
    assert.match(exported, /pressbox_usage_alerts_total\{kind="upstream_80"\} 1/);
    assert.equal(relay.upstreamBudget.slowed(), false);
    await sandboxControl(relay, '/usage', { apiKey: 'sk_sandbox_pro', used: 0.95 * PRO_LIMIT });
    clock.advance(2 * 60_000);
    await relay.upstreamBudget.check();
    assert.equal(relay.upstreamBudget.slowed(), true);
  });

  it('at 100 %, readers get the last data marked stale, never an error', async () => {
    const fresh = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`);
    assert.deepEqual([fresh.status, fresh.body.stale], [200, false]);
    await sandboxControl(relay, '/usage', { apiKey: 'sk_sandbox_pro', used: PRO_LIMIT });
    clock.advance(10 * 60_000);
    await relay.upstreamBudget.check();
    assert.equal(alerts.at(-1)!.kind, 'upstream_100');
    for (let i = 0; i < 3; i++) {
      const spent = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`);
      assert.deepEqual([spent.status, spent.body.stale], [200, true], JSON.stringify(spent.body).slice(0, 200));
    }
    const units = await relay.store.upstreamUnits(new Date(clock.now()).toISOString().slice(0, 7));
    assert.ok(
      units.some((row) => row.upstream === 'live' && row.units > 0),
      'units spent are kept by endpoint',
    );
  });
});

describe('the leagues the recorder follows by default (--record-leagues auto)', () => {
  it('on a fresh store, records the leagues readers asked for, without a warning', async () => {
    const warnings: string[] = [];
    const logger: Logger = { log: (level, message, fields) => level !== 'info' && warnings.push(`${message} ${JSON.stringify(fields)}`) };
    const relay = await testRelay({ now: () => Date.parse(MIDDAY), logger, recorder: { everyMs: 3_600_000 } });
    try {
      assert.equal(await relay.recorder!.sample(), 0, 'nothing asked yet: nothing recorded');
      const key = await addKey(relay, ['example.com']);
      assert.equal((await widgetGet(relay, `/v1/scores?league=nba&key=${key}`)).status, 200);
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok((await relay.recorder!.sample()) > 0, 'the live NBA games readers asked about are recorded');
      assert.deepEqual(warnings, []);
    } finally {
      await relay.close();
    }
  });

  it('are those readers asked any process on the store for: workers on one SQLite file know each other’s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-interest-'));
    // Two workers of one machine: two processes' stores on the same file.
    const stores = [openSqliteStore(join(dir, 'relay.db')), openSqliteStore(join(dir, 'relay.db'))];
    try {
      let clock = Date.parse(MIDDAY);
      const [served, recording] = stores.map((store) => sharedLeagueInterest(store, () => clock));
      served!.note('nba,curling', 'live');
      served!.note('nhl', 'live');
      served!.note('mlb', 'test');
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(await recording!.since(clock - 60_000, 'live'), ['nba', 'nhl'], 'what the other worker served; no made-up league');
      assert.deepEqual(await recording!.since(clock - 60_000, 'test'), ['mlb'], 'test keys’ leagues are the sandbox’s alone');
      clock += 2 * 86_400_000;
      assert.deepEqual(await recording!.since(clock - 86_400_000, 'live'), [], 'two days later, nothing asked in the last day');
    } finally {
      for (const store of stores) await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
