import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bettingSplitsResource } from '../../../../src/relay/resources/betting-splits.js';
import { always, callsTo, fakeContext } from '../fake-context.js';
import { fullName, liveGame, storedGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const teams = always(teamsBody('nba'));
const slate = always({
  games: [
    liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: '2026-11-22T23:30:00Z' }),
    liveGame('nba', 'g2', ['LAL', 'MIA'], { startTime: '2026-11-23T00:30:00Z' }),
  ],
});
const side = (homeBets: number, homeMoney: number) => ({
  homeBetsPercent: homeBets,
  awayBetsPercent: 100 - homeBets,
  homeMoneyPercent: homeMoney,
  awayMoneyPercent: 100 - homeMoney,
});
const splits = always({
  data: [
    {
      gameId: 's1',
      homeTeamName: fullName('nba', 'BOS'),
      awayTeamName: fullName('nba', 'NYK'),
      lines: { spread: { home: -4.5, away: 4.5 }, total: 224.5 },
      splits: {
        // Money on the home side ten points above its bets: home marked. The moneyline's gap is nine: nothing marked.
        spread: side(40, 50),
        moneyline: side(60, 51),
        total: { overBetsPercent: 70, underBetsPercent: 30, overMoneyPercent: 45, underMoneyPercent: 55 },
      },
    },
    { gameId: 's2', homeTeamName: fullName('nba', 'MIA'), awayTeamName: fullName('nba', 'LAL'), splits: { moneyline: side(50, 50) } },
  ],
});

describe('/v1/betting-splits', () => {
  it('gives bets and money per side of each market, marking the side whose money beats its bets by ten points', async () => {
    const ctx = fakeContext(NOW, { teams, liveGames: slate, splits });
    const payload = await bettingSplitsResource(ctx, { league: 'nba' });
    const [first, second] = payload.games;
    assert.equal(first!.game.id, 'g1');
    assert.deepEqual(first!.splits, {
      spread: { home: { bets: 40, money: 50 }, away: { bets: 60, money: 50 }, marked: 'home' },
      moneyline: { home: { bets: 60, money: 51 }, away: { bets: 40, money: 49 }, marked: null },
      total: { over: { bets: 70, money: 45 }, under: { bets: 30, money: 55 }, marked: 'under' },
    });
    assert.deepEqual(first!.line?.spread, { home: -4.5, away: 4.5, homePrice: null, awayPrice: null });
    assert.deepEqual([second!.line, second!.splits.spread, second!.splits.total], [null, null, null], 'markets the service leaves out');
    assert.equal(payload.moneyOverBetsPoints, 10);
  });

  it("gives one game by its id, or one team's games", async () => {
    const one = fakeContext(NOW, { teams, liveGames: slate, splits });
    const game = await bettingSplitsResource(one, { league: 'nba', gameId: 'g2' });
    assert.deepEqual(
      game.games.map((row) => row.game.id),
      ['g2'],
    );
    const team = await bettingSplitsResource(fakeContext(NOW, { teams, liveGames: slate, splits }), { league: 'nba', team: 'NYK' });
    assert.deepEqual(
      team.games.map((row) => row.game.id),
      ['g1'],
    );
    await assert.rejects(bettingSplitsResource(one, { league: 'nba', gameId: 'nope' }), { code: 'not_found' });
    const lower = liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: '2026-11-22T23:30:00Z' });
    const feed = always({ games: [{ ...lower, awayTeam: { ...lower.awayTeam, abbreviation: 'nyk' } }] });
    const anyCase = await bettingSplitsResource(fakeContext(NOW, { teams, liveGames: feed, splits }), { league: 'nba', team: 'NYK' });
    assert.deepEqual(
      anyCase.games.map((row) => row.game.id),
      ['g1'],
      "the feed's abbreviation in any case, as the scores match it",
    );
  });

  it('shows a game the service has no splits for with empty markets, and fails when the splits cannot be read', async () => {
    const ctx = fakeContext(NOW, { teams, liveGames: slate, splits: always({ data: [] }) });
    const payload = await bettingSplitsResource(ctx, { league: 'nba' });
    assert.deepEqual(payload.games[0]!.splits, { spread: null, moneyline: null, total: null });
    await assert.rejects(bettingSplitsResource(fakeContext(NOW, { teams, liveGames: slate }), { league: 'nba' }), {
      code: 'upstream_unavailable',
    });
  });

  it('says when an off-season league is back, and looks nothing ahead for a slate with games', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({ games: [] }),
      splits: always({ data: [] }),
      schedule: (_league, date) => ({
        data: date === '2026-11-23' ? [storedGame('nba', 's1', ['NYK', 'BOS'], { startTime: '2026-11-23T23:30:00Z' })] : [],
      }),
    });
    const payload = await bettingSplitsResource(ctx, { league: 'nba' });
    assert.deepEqual(payload.next, [{ league: 'nba', date: '2026-11-23', startTime: '2026-11-23T23:30:00Z', daysAhead: 1 }]);
    const busy = fakeContext(NOW, { teams, liveGames: slate, splits });
    assert.equal((await bettingSplitsResource(busy, { league: 'nba' })).next, undefined);
    assert.deepEqual(callsTo(busy, 'schedule'), []);
  });
});
