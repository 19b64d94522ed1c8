import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePercent as percent } from '../../../../src/relay/features/flags.js';
import { REFRESH_MS } from '../../../../src/contract/refresh.js';
import { DEFAULT_LIVE_PACE, livePollMs, NOT_LIVE_SLOWDOWN, urgencyOf } from '../../../../src/relay/live/pace.js';
import { forecastUnits } from '../../../../src/relay/upstream/budget-watch.js';
import { addKey, testRelay } from '../../../helpers/relay.js';
import { openStream } from '../../../helpers/live.js';

const PRO = 1_000_000;
const SCORES_NBA = '/v1/scores?league=nba';
/** The upstream month as the budget watch reads it `days` into November 2026 with `used` units spent. */
const month = (days: number, used: number) => {
  const now = Date.UTC(2026, 10, 1) + days * 86_400_000;
  return { used, limit: PRO, forecast: forecastUnits(used, now) };
};
const live = (league: string, period: number, home: number, away: number, segment = '') => ({
  id: `${league}-1`,
  league,
  status: 'live',
  home: { score: home },
  away: { score: away },
  progress: { period, periodLabel: '', segment, display: '' },
});

describe('live pace: how often a watched live topic is polled', () => {
  it('keeps the route’s rhythm when nothing is in progress, and today’s 10 s while the month is unknown', () => {
    assert.equal(livePollMs(REFRESH_MS.scheduled, 1, month(15, 0), DEFAULT_LIVE_PACE), REFRESH_MS.scheduled);
    assert.equal(livePollMs(REFRESH_MS.live, 1, undefined, DEFAULT_LIVE_PACE), REFRESH_MS.live);
  });

  it('slows topics with nothing live first: up to twenty times their rhythm as the forecast reaches the share', () => {
    assert.equal(livePollMs(REFRESH_MS.scheduled, 1, month(15, 500_000), DEFAULT_LIVE_PACE), REFRESH_MS.scheduled * NOT_LIVE_SLOWDOWN);
    const halfway = livePollMs(REFRESH_MS.scheduled, 1, month(15, 150_000), DEFAULT_LIVE_PACE);
    assert.ok(halfway > REFRESH_MS.scheduled && halfway < REFRESH_MS.scheduled * NOT_LIVE_SLOWDOWN, String(halfway));
    assert.ok(
      livePollMs(REFRESH_MS.live, 1, month(15, 150_000), DEFAULT_LIVE_PACE) < REFRESH_MS.live,
      'a live game at the same point still polls faster than its route’s rhythm',
    );
  });

  it('polls at the floor with the month untouched, at the ceiling once the forecast reaches the live share', () => {
    assert.equal(livePollMs(REFRESH_MS.live, 1, month(15, 0), DEFAULT_LIVE_PACE), DEFAULT_LIVE_PACE.floorMs);
    // Half the limit by mid-month: the forecast is the whole limit, over the 60 % share.
    assert.equal(livePollMs(REFRESH_MS.live, 1, month(15, 500_000), DEFAULT_LIVE_PACE), DEFAULT_LIVE_PACE.ceilingMs);
    // Already past the share early in the month (a forecast under it cannot hide what is spent).
    assert.equal(livePollMs(REFRESH_MS.live, 1, { used: 700_000, limit: PRO, forecast: 0 }, DEFAULT_LIVE_PACE), 30_000);
  });

  it('slows step by step as the forecast nears the share, and faster for a larger share', () => {
    const at = (used: number, share = DEFAULT_LIVE_PACE.share) =>
      livePollMs(REFRESH_MS.live, 1, month(15, used), { ...DEFAULT_LIVE_PACE, share });
    const intervals = [50_000, 100_000, 150_000, 200_000, 250_000].map((used) => at(used));
    assert.deepEqual(
      [...intervals].sort((a, b) => a - b),
      intervals,
      `${intervals.join(', ')} rise with the month spent`,
    );
    // 10 % spent by mid-month: forecast 20 % of the limit, a third of the 60 % share: 30 s × 0.05^(2/3).
    assert.equal(at(100_000), 4072);
    assert.ok(at(100_000, 0.9) < at(100_000), 'a larger share polls faster');
  });

  it('halves the interval for a close finish and doubles it when every game is at a break, within floor and ceiling', () => {
    const budget = month(15, 100_000);
    const normal = livePollMs(REFRESH_MS.live, 1, budget, DEFAULT_LIVE_PACE);
    assert.ok(Math.abs(livePollMs(REFRESH_MS.live, 2, budget, DEFAULT_LIVE_PACE) - normal / 2) <= 1);
    assert.ok(Math.abs(livePollMs(REFRESH_MS.live, 0.5, budget, DEFAULT_LIVE_PACE) - normal * 2) <= 1);
    assert.equal(livePollMs(REFRESH_MS.live, 2, month(15, 0), DEFAULT_LIVE_PACE), DEFAULT_LIVE_PACE.floorMs);
  });

  it('takes --upstream-share-live as the operator writes it: 60% or 60, from 1 to 100', () => {
    assert.equal(percent('60%'), 0.6);
    assert.equal(percent('60'), 0.6);
    for (const wrong of ['0%', '150%', '60%%', 'sixty']) assert.throws(() => percent(wrong), /whole percentage from 1 to 100/);
  });

  it('reads urgency from the payload: a close last period, play on, or only breaks', () => {
    assert.equal(urgencyOf({ games: [live('nba', 4, 101, 98)] }), 2);
    assert.equal(urgencyOf({ games: [live('nba', 4, 120, 98)] }), 1, 'a blowout is no close finish');
    assert.equal(urgencyOf({ games: [live('nba', 2, 50, 49)] }), 1, 'not yet the last quarter');
    assert.equal(urgencyOf({ games: [live('nhl', 3, 2, 2)] }), 2);
    assert.equal(urgencyOf({ games: [live('nba', 2, 50, 49, 'halftime'), live('nhl', 1, 0, 0, 'intermission')] }), 0.5);
    assert.equal(urgencyOf({ game: live('mls', 2, 1, 0) }), 2, 'a game detail payload');
    assert.equal(urgencyOf({ games: [] }), 1);
    assert.equal(urgencyOf(undefined), 1);
  });
});

describe('live pace in a relay: the interval a watched live slate gets from the upstream month', () => {
  it('polls fast with the month untouched, at the ceiling with it nearly spent, and the route’s rhythm when nothing is live', async () => {
    const chosen = new Map<string, number[]>();
    const relay = await testRelay({
      rateLimit: { perMinute: 1_000_000, burst: 100_000 },
      live: { onPoll: (topic, nextInMs) => chosen.set(topic, [...(chosen.get(topic) ?? []), nextInMs]) },
    });
    try {
      const key = await addKey(relay, ['example.com']);
      const nextPoll = async (topic: string) => {
        chosen.delete(topic);
        const stream = await openStream(relay, key, [topic]);
        await stream.waitFor(1);
        stream.close();
        while (!chosen.has(topic)) await new Promise((resolve) => setTimeout(resolve, 10));
        return chosen.get(topic)![0]!;
      };
      // MIDDAY: NBA games in progress. The month as /me tells it, read again at once (its answer is cached briefly).
      const monthAt = async (used: number) => {
        relay.sandbox.accounts.setUsed('sk_sandbox_pro', used);
        relay.cache.clear();
        await relay.upstreamBudget.check();
      };
      await monthAt(0);
      const untouched = await nextPoll(SCORES_NBA);
      assert.ok(untouched <= DEFAULT_LIVE_PACE.floorMs * 2, `${untouched} ms with nothing spent`);
      await monthAt(900_000);
      assert.ok((await nextPoll(SCORES_NBA)) >= DEFAULT_LIVE_PACE.ceilingMs / 2, 'nine tenths of the month spent');
      // The slate of a league with no game on: its route's own rhythm, whatever the month.
      await monthAt(0);
      assert.ok((await nextPoll('/v1/injuries?league=nhl')) > REFRESH_MS.live);
    } finally {
      await relay.close();
    }
  });
});
