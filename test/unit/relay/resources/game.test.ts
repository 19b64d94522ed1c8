import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gameResource } from '../../../../src/relay/resources/game.js';
import { always, callsTo, fakeContext, refused } from '../fake-context.js';
import { lineRecord, liveGame, storedGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const START = '2026-11-22T17:00:00Z';
const teams = always(teamsBody('nba'));
const bookLine = {
  spread: { home: -4.5, away: 4.5, homePrice: -110, awayPrice: -110 },
  total: 224.5,
  moneyline: { home: -190, away: 160 },
};
const storedSplits = {
  spread: { homePercent: 64, awayPercent: 36 },
  moneyline: { homePercent: 71, awayPercent: 29 },
  total: { overPercent: 55, underPercent: 45 },
};

describe('/v1/games/{gameId}: one game header', () => {
  it("gives a live game with the book's line and the public's splits, matched by teams and start", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({
        games: [
          liveGame('nba', 'g1', ['NYK', 'BOS'], {
            status: 'live',
            startTime: START,
            score: [40, 44],
            state: { period: 2, periodLabel: 'Q2', display: 'Q2 3:10', clock: '3:10' },
          }),
        ],
      }),
      lines: always({
        data: [
          lineRecord('nba', 'odds-7', ['LAL', 'MIA'], { total: 210 }),
          lineRecord('nba', 'odds-1', ['NYK', 'BOS'], bookLine, { startTime: START }),
        ],
      }),
      games: always({ data: [storedGame('nba', 'svc-1', ['NYK', 'BOS'], { startTime: START, splits: storedSplits })] }),
    });
    const payload = await gameResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.equal(payload.game.status, 'live');
    assert.deepEqual([payload.game.away.score, payload.game.home.score], [40, 44]);
    assert.deepEqual(payload.line, {
      spread: { home: -4.5, away: 4.5, homePrice: -110, awayPrice: -110 },
      total: { points: 224.5, overPrice: null, underPrice: null },
      moneyline: { home: -190, away: 160 },
    });
    assert.deepEqual(payload.splits, { spread: { home: 64, away: 36 }, moneyline: { home: 71, away: 29 }, total: { over: 55, under: 45 } });
    assert.deepEqual(callsTo(ctx, 'games'), [['nba', '2026-11-22']], "the splits are the stored schedule's of the game's day");
    assert.notEqual(payload.colors.home, payload.colors.away);
  });

  it('shows a final game without asking for lines, and its header without splits the schedule lacks', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({ games: [liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: START, score: [99, 104] })] }),
      games: always({ data: [storedGame('nba', 'svc-1', ['NYK', 'BOS'], { startTime: START })] }),
    });
    const payload = await gameResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.game.status, payload.game.statusText], ['final', 'Final']);
    assert.equal(payload.line, null);
    assert.equal(payload.splits, null);
    assert.deepEqual(callsTo(ctx, 'lines'), []);
  });

  it('still shows the game when lines and the schedule fail', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({ games: [liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: START })] }),
    });
    const payload = await gameResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.equal(payload.game.id, 'g1');
    assert.deepEqual([payload.line, payload.splits, payload.stale], [null, null, false]);
  });

  it('says a postponed game is postponed, still scheduled', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({
        games: [liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'scheduled', statusDetail: 'Postponed', startTime: START })],
      }),
    });
    const { game } = await gameResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([game.status, game.statusText, game.interruption], ['scheduled', 'Postponed', 'postponed']);
  });

  it("gives a playoff game its round and the series' numbers where they make a series, else only the feed's words", async () => {
    const series = (numbers: object) => ({ round: 'East Semifinals', summary: 'Game 5 · BOS leads 3–1', ...numbers });
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({
        games: [
          liveGame('nba', 'g5', ['NYK', 'BOS'], {
            startTime: START,
            series: series({ gameNumber: 5, bestOf: 7, homeWins: 3, awayWins: 1 }),
          }),
          liveGame('nba', 'g6', ['NYK', 'BOS'], {
            startTime: START,
            series: series({ gameNumber: 6, bestOf: 7, homeWins: 5, awayWins: 1 }),
          }),
          liveGame('nba', 'g7', ['NYK', 'BOS'], { startTime: START, series: { round: 'Finals' } }),
          liveGame('nba', 'g8', ['NYK', 'BOS'], {
            startTime: START,
            series: series({ gameNumber: 8, bestOf: 7, homeWins: 3, awayWins: 3 }),
          }),
        ],
      }),
    });
    const header = async (gameId: string) => (await gameResource(ctx, { league: 'nba', gameId })).game.series;
    assert.deepEqual(await header('g5'), {
      round: 'East Semifinals',
      summary: 'Game 5 · BOS leads 3–1',
      gameNumber: 5,
      bestOf: 7,
      wins: { home: 3, away: 1 },
    });
    assert.deepEqual(await header('g6'), { round: 'East Semifinals', summary: 'Game 5 · BOS leads 3–1' }, 'five wins of a best of seven');
    assert.deepEqual(await header('g7'), { round: 'Finals', summary: 'Finals' });
    assert.deepEqual(await header('g8'), { round: 'East Semifinals', summary: 'Game 5 · BOS leads 3–1' }, 'game eight of seven');
  });

  it('spends nothing on lines or splits for a league without betting markets', async () => {
    const ctx = fakeContext(NOW, {
      teams: always(teamsBody('mls')),
      liveGames: always({
        games: [
          liveGame('mls', 'm1', ['POR', 'SEA'], { status: 'live', startTime: START, score: [1, 1], state: { period: 2, minute: "67'" } }),
        ],
      }),
    });
    const payload = await gameResource(ctx, { league: 'mls', gameId: 'm1' });
    assert.equal(payload.game.progress?.minute, "67'");
    assert.deepEqual([callsTo(ctx, 'lines'), callsTo(ctx, 'games')], [[], []]);
  });
});

describe('finding a game by its id', () => {
  const old = '2026-11-10';
  const oldGame = liveGame('nba', 'g-old', ['NYK', 'BOS'], { status: 'final', startTime: `${old}T23:30:00Z`, score: [88, 91] });

  it("finds a game of the last three days in the feed's recent days", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: (_league, recentDays) =>
        recentDays === 3
          ? { games: [liveGame('nba', 'g-fri', ['NYK', 'BOS'], { status: 'final', startTime: '2026-11-20T23:30:00Z', score: [1, 2] })] }
          : { games: [] },
    });
    const { game } = await gameResource(ctx, { league: 'nba', gameId: 'g-fri' });
    assert.equal(game.home.score, 2);
  });

  it('asks for an older game by its id only with its day, and names the fix without one', async () => {
    const answers = { teams, liveGames: always({ games: [] }), pastGame: always({ games: [oldGame] }) };
    await assert.rejects(gameResource(fakeContext(NOW, answers), { league: 'nba', gameId: 'g-old' }), {
      code: 'not_found',
      message: /add the game's day \(date=YYYY-MM-DD/,
    });
    const ctx = fakeContext(NOW, answers);
    const { game } = await gameResource(ctx, { league: 'nba', gameId: 'g-old', date: old });
    assert.deepEqual([game.status, game.home.score], ['final', 91]);
    assert.deepEqual(callsTo(ctx, 'pastGame'), [['nba', 'g-old']]);
  });

  it('refuses a day the game was not played on, a game still to come, and a day outside the window', async () => {
    const upcoming = liveGame('nba', 'g-next', ['NYK', 'BOS'], { startTime: '2026-12-01T23:30:00Z' });
    const answers = { teams, liveGames: always({ games: [] }), pastGame: always({ games: [oldGame, upcoming] }) };
    await assert.rejects(gameResource(fakeContext(NOW, answers), { league: 'nba', gameId: 'g-old', date: '2026-11-05' }), {
      code: 'not_found',
      message: /was played on 2026-11-05/,
    });
    await assert.rejects(gameResource(fakeContext(NOW, answers), { league: 'nba', gameId: 'g-next', date: '2026-12-01' }), {
      code: 'not_found',
    });
    const ctx = fakeContext(NOW, answers);
    await assert.rejects(gameResource(ctx, { league: 'nba', gameId: 'g-old', date: '2025-01-01' }), { code: 'bad_request' });
    assert.deepEqual(callsTo(ctx, 'pastGame'), [], 'a day outside the window costs no upstream call');
  });

  it("finds an old rainout by its day, and says what the service's refusal means", async () => {
    const rainout = liveGame('nba', 'g-rain', ['NYK', 'BOS'], { statusDetail: 'Postponed · Rain', startTime: `${old}T23:30:00Z` });
    const ctx = fakeContext(NOW, { teams, liveGames: always({ games: [] }), pastGame: always({ games: [rainout] }) });
    const { game } = await gameResource(ctx, { league: 'nba', gameId: 'g-rain', date: old });
    assert.equal(game.interruption, 'postponed');
    const gone = fakeContext(NOW, { teams, liveGames: always({ games: [] }), pastGame: always(refused('not_found')) });
    await assert.rejects(gameResource(gone, { league: 'nba', gameId: 'g-x', date: old }), {
      code: 'not_found',
      message: 'The data service has no such game or team.',
    });
  });
});
