import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineMovementResource, lineSeriesOf } from '../../../../src/relay/resources/line-movement.js';
import { always, callsTo, fakeContext, served, type Answers } from '../fake-context.js';
import { fullName, lineRecord, liveGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const START = '2026-11-22T23:30:00Z';
const at = (time: string) => Date.parse(`2026-11-22T${time}:00Z`);
const names = { homeTeamName: fullName('nba', 'BOS'), awayTeamName: fullName('nba', 'NYK') };
const spreadSplits = (homeBets: number) => ({
  homeBetsPercent: homeBets,
  awayBetsPercent: 100 - homeBets,
  homeMoneyPercent: 50,
  awayMoneyPercent: 50,
});
const totalSplits = (overBets: number) => ({
  overBetsPercent: overBets,
  underBetsPercent: 100 - overBets,
  overMoneyPercent: 50,
  underMoneyPercent: 50,
});

/** The service's hourly snapshots of the day: the spread moves to the home side at three, the total up at five. */
const splitsHistory = always(
  served(
    {
      data: [
        {
          gameId: 'h1',
          ...names,
          startTime: START,
          snapshots: [
            {
              at: '2026-11-22T12:00:00Z',
              lines: { spread: { home: -3.5, away: 3.5 }, total: 223 },
              spread: spreadSplits(55),
              total: totalSplits(60),
            },
            { at: '2026-11-22T15:00:00Z', lines: { spread: { home: -4.5, away: 4.5 }, total: 223 }, spread: spreadSplits(40) },
            { at: '2026-11-22T17:00:00Z', lines: { spread: { home: -4.5, away: 4.5 }, total: 224.5 }, total: totalSplits(35) },
          ],
        },
      ],
    },
    { fetchedAt: '2026-11-22T17:05:00Z' },
  ),
);

function movement(game: object, answers: Answers = {}) {
  return fakeContext(NOW, {
    teams: always(teamsBody('nba')),
    liveGames: always({ games: [game] }),
    lines: always({
      data: [
        lineRecord('nba', 'o1', ['NYK', 'BOS'], { spread: { home: -5, away: 5 }, total: 224.5, moneyline: { home: -200, away: 170 } }),
      ],
    }),
    splits: always({ data: [{ gameId: 's1', ...names, splits: { spread: spreadSplits(70), total: totalSplits(50) } }] }),
    splitsHistory,
    ...answers,
  });
}

const upcoming = liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: START });

describe('/v1/line-movement', () => {
  it("draws the line from the service's snapshots, then what the relay recorded and reads now, and marks moves against the public", async () => {
    const ctx = movement(upcoming);
    // The recorder saw the total go to 225 at half past five.
    await ctx.history.recordPoint(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', 'total'), { at: at('17:30'), value: 225 });
    const payload = await lineMovementResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual(
      payload.points.map((point) => [point.at.slice(11, 16), point.spread, point.total, point.spreadBets, point.overBets]),
      [
        ['12:00', -3.5, 223, 55, 60],
        ['15:00', -4.5, 223, 40, 60],
        ['17:00', -4.5, 224.5, 40, 35],
        ['17:30', -4.5, 225, 40, 35],
        ['18:00', -5, 224.5, 70, 50],
      ],
    );
    assert.deepEqual(payload.points.at(-1)!.homeMoneyline, -200);
    assert.equal(payload.points[0]!.homeMoneyline, null, 'no moneyline before the relay read one');
    assert.deepEqual(
      payload.moves.map((move) => [
        move.at.slice(11, 16),
        move.market,
        move.from,
        move.to,
        move.toward,
        move.towardBets,
        move.againstPublic,
      ]),
      [
        ['15:00', 'spread', -3.5, -4.5, 'home', 40, true],
        ['17:00', 'total', 223, 224.5, 'over', 35, true],
        ['17:30', 'total', 224.5, 225, 'over', 35, true],
        ['18:00', 'spread', -4.5, -5, 'home', 70, false],
        ['18:00', 'total', 225, 224.5, 'under', 50, false],
      ],
    );
    assert.deepEqual([payload.status, payload.interruption, payload.home.name], ['scheduled', undefined, 'Boston Celtics']);
    assert.equal(payload.updatedAt, '2026-11-22T17:05:00.000Z', 'as old as the hourly history');
  });

  it('records what it reads now, at the time each answer was fetched, for the next reader and the chart', async () => {
    const ctx = movement(upcoming, {
      lines: always(
        served(
          { data: [lineRecord('nba', 'o1', ['NYK', 'BOS'], { spread: { home: -5, away: 5 }, total: 224.5 })] },
          { fetchedAt: at('17:59') },
        ),
      ),
    });
    await lineMovementResource(ctx, { league: 'nba', gameId: 'g1' });
    const series = (field: Parameters<typeof lineSeriesOf>[3]) =>
      ctx.history.series.get(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', field));
    assert.deepEqual(series('spread'), [{ at: at('17:59'), value: -5 }]);
    assert.deepEqual(series('spreadBets'), [{ at: at('18:00'), value: 70 }]);
    assert.deepEqual(series('overBets'), [{ at: at('18:00'), value: 50 }]);
    assert.equal(series('homeMoneyline'), undefined, 'nothing the service did not give');
  });

  it('reads no lines for a final game: its chart is what was recorded', async () => {
    const final = liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: '2026-11-22T17:00:00Z', score: [99, 104] });
    const ctx = movement(final, { splitsHistory: always({ data: [] }) });
    await ctx.history.recordPoint(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', 'spread'), { at: at('16:00'), value: -4 });
    await ctx.history.recordPoint(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', 'spread'), { at: at('16:50'), value: -3.5 });
    const payload = await lineMovementResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([callsTo(ctx, 'lines'), callsTo(ctx, 'splits')], [[], []]);
    assert.deepEqual(
      payload.moves.map((move) => [move.toward, move.towardBets, move.againstPublic]),
      [['away', null, false]],
    );
    assert.equal(payload.status, 'final');
  });

  it('says a postponed game is off, and draws a game without any history as no points', async () => {
    const postponed = liveGame('nba', 'g1', ['NYK', 'BOS'], { statusDetail: 'Postponed', startTime: START });
    const ctx = movement(postponed, { lines: always({ data: [] }), splits: always({ data: [] }), splitsHistory: always({ data: [] }) });
    const payload = await lineMovementResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.interruption, payload.points, payload.moves], ['postponed', [], []]);
  });

  it('thins a long timeline to a chart’s worth of points, keeping every move of the line', async () => {
    const ctx = movement(upcoming, { lines: always({ data: [] }), splits: always({ data: [] }), splitsHistory: always({ data: [] }) });
    const bets = Array.from({ length: 600 }, (_, minute) => ({ at: at('08:00') + minute * 60_000, value: 40 + (minute % 7) }));
    ctx.history.series.set(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', 'spreadBets'), bets);
    ctx.history.series.set(lineSeriesOf(ctx.upstream.name, 'nba', 'g1', 'spread'), [
      { at: bets[0]!.at, value: -3 },
      { at: bets[333]!.at, value: -3.5 },
    ]);
    const payload = await lineMovementResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.ok(payload.points.length <= 241, `${payload.points.length} points`);
    assert.equal(payload.points[0]!.at, new Date(bets[0]!.at).toISOString());
    assert.equal(payload.points.at(-1)!.at, new Date(bets.at(-1)!.at).toISOString());
    assert.deepEqual(
      payload.moves.map((move) => [move.at, move.from, move.to]),
      [[new Date(bets[333]!.at).toISOString(), -3, -3.5]],
    );
  });
});
