import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oddsBoardResource } from '../../../../src/relay/resources/odds-board.js';
import { always, callsTo, fakeContext, refused } from '../fake-context.js';
import { lineRecord, liveGame, storedGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const teams = always(teamsBody('nba'));
const slate = always({
  games: [
    liveGame('nba', 'g2', ['LAL', 'MIA'], { startTime: '2026-11-23T00:30:00Z' }),
    liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: '2026-11-22T23:30:00Z' }),
    liveGame('nba', 'g3', ['BOS', 'LAL'], { startTime: '2026-11-23T01:00:00Z', statusDetail: 'Postponed' }),
  ],
});
const book = {
  spread: { home: -4.5, away: 4.5 },
  total: 224.5,
  totalPrice: { over: -110, under: -110 },
  moneyline: { home: -190, away: 160 },
};
const exchange = { moneyline: { home: -175, away: 172 }, status: 'open' };

describe('/v1/odds: the odds board', () => {
  it("gives each game of the slate with the book's line and the exchange's, earliest first", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: slate,
      lines: (_league, withExchange) =>
        withExchange
          ? {
              data: [
                lineRecord('nba', 'o1', ['NYK', 'BOS'], book, { exchange: { xchg: exchange } }),
                lineRecord('nba', 'o2', ['LAL', 'MIA'], { total: 215.5 }),
              ],
              xchg: { status: 'ok', matched: 1 },
            }
          : undefined,
    });
    const payload = await oddsBoardResource(ctx, { league: 'nba' });
    assert.deepEqual(
      payload.games.map((row) => row.game.id),
      ['g1', 'g2', 'g3'],
    );
    const [first, second, third] = payload.games;
    assert.deepEqual(first!.line, {
      spread: { home: -4.5, away: 4.5, homePrice: null, awayPrice: null },
      total: { points: 224.5, overPrice: -110, underPrice: -110 },
      moneyline: { home: -190, away: 160 },
    });
    assert.deepEqual(first!.exchange, { spread: null, total: null, moneyline: { home: -175, away: 172 } });
    assert.deepEqual([second!.line?.total?.points, second!.line?.spread, second!.exchange], [215.5, null, null]);
    assert.deepEqual([third!.line, third!.game.interruption], [null, 'postponed'], 'a game the board does not quote, told postponed');
    assert.equal(payload.exchangeOffered, true);
    assert.equal(payload.next, undefined);
  });

  it("falls back to the book's lines where the plan has no exchange prices, and says the exchange is not offered", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: slate,
      lines: (_league, withExchange) =>
        withExchange ? refused('plan', '/lines') : { data: [lineRecord('nba', 'o1', ['NYK', 'BOS'], book)] },
    });
    const payload = await oddsBoardResource(ctx, { league: 'nba' });
    assert.equal(payload.exchangeOffered, false);
    assert.equal(payload.games.find((row) => row.game.id === 'g1')!.line?.moneyline?.home, -190);
    assert.deepEqual(callsTo(ctx, 'lines'), [
      ['nba', true],
      ['nba', false],
    ]);
  });

  it("keeps one team's games, and shows the slate without lines when the service has none to give", async () => {
    const ctx = fakeContext(NOW, { teams, liveGames: slate });
    const payload = await oddsBoardResource(ctx, { league: 'nba', team: 'BOS' });
    assert.deepEqual(
      payload.games.map((row) => [row.game.id, row.line, row.exchange]),
      [
        ['g1', null, null],
        ['g3', null, null],
      ],
    );
    assert.equal(payload.exchangeOffered, false);
  });

  it("matches a team to the feed's abbreviations in any case, as the scores do", async () => {
    const lower = liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: '2026-11-22T23:30:00Z' });
    const feed = { games: [{ ...lower, homeTeam: { ...lower.homeTeam, abbreviation: 'bos' } }] };
    const payload = await oddsBoardResource(fakeContext(NOW, { teams, liveGames: always(feed) }), { league: 'nba', team: 'BOS' });
    assert.deepEqual(
      payload.games.map((row) => [row.game.id, row.game.home.team.abbreviation]),
      [['g1', 'BOS']],
    );
  });

  it('says when an off-season league is back', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({ games: [] }),
      lines: always({ data: [] }),
      schedule: (_league, date) => ({
        data: date === '2026-11-24' ? [storedGame('nba', 's1', ['NYK', 'BOS'], { startTime: '2026-11-24T23:30:00Z' })] : [],
      }),
    });
    const payload = await oddsBoardResource(ctx, { league: 'nba' });
    assert.deepEqual(payload.games, []);
    assert.deepEqual(payload.next, [{ league: 'nba', date: '2026-11-24', startTime: '2026-11-24T23:30:00Z', daysAhead: 2 }]);
  });
});
