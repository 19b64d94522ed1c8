import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { historyKeyOf } from '../../../../src/relay/resources/probability.js';
import { winProbabilityResource } from '../../../../src/relay/resources/win-probability.js';
import { always, callsTo, fakeContext, refused, served, type Answers } from '../fake-context.js';
import { lineRecord, liveGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const START = '2026-11-22T17:00:00Z';
const live = liveGame('nba', 'g1', ['NYK', 'BOS'], {
  status: 'live',
  startTime: START,
  score: [40, 44],
  state: { period: 2, display: 'Q2 3:10' },
});
// -190 / +160: 0.6552 and 0.3846 implied, 0.6301 and 0.3699 with the margin taken out in proportion.
// The exchange's -150 / +150: 0.6 and 0.4, with no margin to take out.
const book = { moneyline: { home: -190, away: 160 } };

function curve(game: object, answers: Answers = {}) {
  return fakeContext(NOW, {
    teams: always(teamsBody('nba')),
    liveGames: always({ games: [game] }),
    lines: (_league, withExchange) =>
      served(
        {
          data: [
            lineRecord(
              'nba',
              'o1',
              ['NYK', 'BOS'],
              book,
              withExchange ? { exchange: { xchg: { moneyline: { home: -150, away: 150 } } } } : {},
            ),
          ],
        },
        { fetchedAt: '2026-11-22T17:59:30Z' },
      ),
    ...answers,
  });
}

describe('/v1/win-probability', () => {
  it("reads the chance from the exchange's moneyline first, records it at the prices' time, and draws the kept curve", async () => {
    const ctx = curve(live);
    const key = historyKeyOf(ctx.upstream.name, 'nba', 'g1');
    await ctx.history.recordPoint(key, { at: Date.parse('2026-11-22T17:02:00Z'), value: 0.58 });
    const payload = await winProbabilityResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual(payload.current, { home: 0.6, away: 0.4, source: 'exchange' });
    assert.deepEqual(payload.history, [
      { at: '2026-11-22T17:02:00.000Z', home: 0.58 },
      { at: '2026-11-22T17:59:30.000Z', home: 0.6 },
    ]);
    assert.equal(payload.recordedSince, null, 'recorded from the start');
    assert.deepEqual([payload.home.name, payload.status], ['Boston Celtics', 'live']);
    assert.notEqual(payload.colors.home, payload.colors.away);
  });

  it("takes the book's moneyline where the plan has no exchange, without its margin, rounded where it is kept", async () => {
    const ctx = curve(live, {
      lines: (_league, withExchange) =>
        withExchange ? refused('plan', '/lines') : { data: [lineRecord('nba', 'o1', ['NYK', 'BOS'], book)] },
    });
    const payload = await winProbabilityResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.equal(payload.current?.source, 'moneyline');
    assert.ok(Math.abs(payload.current!.home - 0.630102) < 1e-6, String(payload.current!.home));
    assert.ok(Math.abs(payload.current!.home + payload.current!.away - 1) < 1e-12);
    assert.deepEqual(
      payload.history.map((point) => point.home),
      [0.6301],
    );
  });

  it('says when the curve began, for a game first recorded well after its start', async () => {
    const ctx = curve(live);
    await ctx.history.recordPoint(historyKeyOf(ctx.upstream.name, 'nba', 'g1'), { at: Date.parse('2026-11-22T17:25:00Z'), value: 0.6 });
    const payload = await winProbabilityResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.equal(payload.recordedSince, '2026-11-22T17:25:00.000Z');
  });

  it('settles a final game on its result, asking for no prices, a draw as even', async () => {
    const final = (score: [number, number]) => liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: START, score });
    const ctx = curve(final([99, 104]));
    const won = await winProbabilityResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual(won.current, { home: 1, away: 0, source: 'result' });
    assert.deepEqual(callsTo(ctx, 'lines'), []);
    const lost = await winProbabilityResource(curve(final([104, 99])), { league: 'nba', gameId: 'g1' });
    assert.deepEqual(lost.current, { home: 0, away: 1, source: 'result' });
    const level = await winProbabilityResource(curve(final([1, 1])), { league: 'mls', gameId: 'g1' });
    assert.deepEqual(level.current, { home: 0.5, away: 0.5, source: 'result' });
  });

  it('has no current chance, and records nothing, for a game without a moneyline', async () => {
    const ctx = curve(live, { lines: always({ data: [lineRecord('nba', 'o1', ['NYK', 'BOS'], { total: 224.5 })] }) });
    const payload = await winProbabilityResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.current, payload.history, payload.recordedSince], [null, [], null]);
  });
});
