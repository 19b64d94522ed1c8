import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { propsResource } from '../../../../src/relay/resources/props.js';
import { always, callsTo, fakeContext, type Answers } from '../fake-context.js';
import { lineRecord, liveGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const START = '2026-11-22T23:30:00Z';
const upcoming = liveGame('nba', 'g1', ['NYK', 'BOS'], { startTime: START });

const player = (playerId: string, playerName: string, team: string, line: number, prices: object = {}) => ({
  playerId,
  playerName,
  team,
  line,
  ...prices,
});
const playerProps = {
  gameId: 'odds-1',
  status: 'pregame',
  data: [
    {
      market: 'points',
      label: 'Points',
      players: [
        player('p1', 'Jay Doe', 'BOS', 27.5, { position: 'F', overPrice: -115, underPrice: -105 }),
        player('p2', 'Sam Poe', 'NYK', 22.5),
      ],
    },
    { market: 'rebounds', players: [player('p1', 'Jay Doe', 'BOS', 8.5)] },
  ],
  unavailableMarkets: ['steals'],
};
const propSplits = {
  gameId: 'odds-1',
  data: [
    {
      market: 'points',
      players: [{ playerId: 'p1', playerName: 'Jay Doe', pregame: { over: { bets: 64, money: 71 }, under: { bets: 36, money: 29 } } }],
    },
  ],
};

const props = (game: object, answers: Answers = {}) =>
  fakeContext(NOW, {
    teams: always(teamsBody('nba')),
    liveGames: always({ games: [game] }),
    lines: always({ data: [lineRecord('nba', 'odds-1', ['NYK', 'BOS'], { total: 224.5 }, { startTime: START })] }),
    playerProps: (_league, gameId) => (gameId === 'odds-1' ? playerProps : undefined),
    propSplits: always(propSplits),
    ...answers,
  });

describe('/v1/props', () => {
  it("gives each market's players with prices and the public's share on the over, asked by the odds board's id", async () => {
    const ctx = props(upcoming);
    const payload = await propsResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.gameId, payload.home.name, payload.closed], ['g1', 'Boston Celtics', false]);
    assert.deepEqual(
      payload.markets.map((market) => [market.key, market.label, market.players.length]),
      [
        ['points', 'Points', 2],
        ['rebounds', 'rebounds', 1],
      ],
    );
    assert.deepEqual(payload.markets[0]!.players, [
      { id: 'p1', name: 'Jay Doe', team: 'BOS', position: 'F', line: 27.5, overPrice: -115, underPrice: -105, overBets: 64, overMoney: 71 },
      {
        id: 'p2',
        name: 'Sam Poe',
        team: 'NYK',
        position: null,
        line: 22.5,
        overPrice: null,
        underPrice: null,
        overBets: null,
        overMoney: null,
      },
    ]);
    assert.deepEqual(payload.unavailableMarkets, ['steals']);
    assert.deepEqual(callsTo(ctx, 'playerProps'), [['nba', 'odds-1']]);
  });

  it('keeps the markets asked for, and names those the game does not offer', async () => {
    const payload = await propsResource(props(upcoming), { league: 'nba', gameId: 'g1', markets: ['rebounds', 'assists'] });
    assert.deepEqual(
      payload.markets.map((market) => market.key),
      ['rebounds'],
    );
    assert.deepEqual(payload.unavailableMarkets, ['assists', 'steals']);
  });

  it('still gives the props when the public splits cannot be read', async () => {
    const ctx = props(upcoming, { propSplits: always(undefined) });
    const payload = await propsResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.markets[0]!.players[0]!.overPrice, payload.markets[0]!.players[0]!.overBets], [-115, null]);
  });

  it('says the props of a final game the board no longer quotes are closed, with no markets', async () => {
    const final = liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: '2026-11-22T17:00:00Z', score: [99, 104] });
    const ctx = props(final, { lines: always({ data: [] }) });
    const payload = await propsResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.closed, payload.markets, payload.unavailableMarkets], [true, [], []]);
    assert.deepEqual(callsTo(ctx, 'playerProps'), []);
  });

  it('says the props of a final game are closed even while the board still quotes it', async () => {
    const final = liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: START, score: [99, 104] });
    const ctx = props(final);
    const payload = await propsResource(ctx, { league: 'nba', gameId: 'g1' });
    assert.deepEqual([payload.closed, payload.markets], [true, []]);
    assert.deepEqual(callsTo(ctx, 'playerProps'), []);
  });

  it('answers a game of a league without lines with no markets, still open, rather than not found', async () => {
    const ncaab = {
      gameId: 'c1',
      status: 'scheduled',
      startTime: START,
      awayTeam: { name: 'North Carolina Tar Heels', abbreviation: 'UNC' },
      homeTeam: { name: 'Duke Blue Devils', abbreviation: 'DUKE' },
    };
    const ctx = props(ncaab, { lines: always({ data: [] }), teams: always({ data: [] }) });
    const payload = await propsResource(ctx, { league: 'ncaab', gameId: 'c1' });
    assert.deepEqual([payload.league, payload.closed, payload.markets], ['ncaab', false, []]);
    assert.equal(payload.home.name, 'Duke Blue Devils');
  });

  it('fails as the service is down when the board cannot be read', async () => {
    await assert.rejects(propsResource(props(upcoming, { lines: always(undefined) }), { league: 'nba', gameId: 'g1' }), {
      code: 'upstream_unavailable',
    });
  });
});
