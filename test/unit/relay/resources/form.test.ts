import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formResource } from '../../../../src/relay/resources/form.js';
import { always, callsTo, fakeContext } from '../fake-context.js';
import { teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';
const teams = always(teamsBody('nba'));

const played = (date: string, opponent: string, teamScore: number, opponentScore: number, homeAway = 'home') => ({
  gameId: `g-${date}`,
  date,
  homeAway,
  opponent: { abbreviation: opponent },
  teamScore,
  opponentScore,
});

describe('/v1/form: a team’s last five', () => {
  it('gives the last five games, newest first as the service lists them, with results and a summary', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      recentForm: always({
        data: [
          { abbreviation: 'NYK', games: [played('2026-11-21', 'BOS', 90, 99)] },
          {
            abbreviation: 'bos',
            games: [
              played('2026-11-21', 'NYK', 99, 90, 'away'),
              played('2026-11-19', 'MIA', 100, 101),
              played('2026-11-17', 'LAL', 110, 104),
              played('2026-11-15', 'MIA', 95, 95),
              played('2026-11-13', 'NYK', 120, 100),
              played('2026-11-11', 'LAL', 80, 120),
            ],
          },
        ],
      }),
    });
    const payload = await formResource(ctx, { league: 'nba', team: 'BOS' });
    assert.equal(payload.team.name, 'Boston Celtics');
    assert.equal(payload.opponent, null);
    assert.deepEqual(
      payload.games.map((game) => [game.date, game.homeAway, game.opponent.abbreviation, game.result]),
      [
        ['2026-11-21', 'away', 'NYK', 'W'],
        ['2026-11-19', 'home', 'MIA', 'L'],
        ['2026-11-17', 'home', 'LAL', 'W'],
        ['2026-11-15', 'home', 'MIA', 'T'],
        ['2026-11-13', 'home', 'NYK', 'W'],
      ],
    );
    assert.deepEqual(payload.games[0]!.score, { team: 99, opponent: 90 });
    assert.equal(payload.games[1]!.opponent.name, 'Miami Heat');
    assert.deepEqual(payload.summary, { wins: 3, losses: 1, ties: 1 });
  });

  it("says how a fighter's fights ended", async () => {
    const ctx = fakeContext(NOW, {
      recentForm: always({
        data: [
          {
            abbreviation: 'JONES',
            games: [
              { ...played('2026-11-14', 'MIOC', 1, 0), method: 'KO/TKO', round: 2, time: '3:12' },
              { ...played('2026-08-01', 'GANE', 0, 1), method: 'Decision', methodDetail: 'Split Decision', round: 5, time: '5:00' },
              { ...played('2026-03-01', 'ASPI', 1, 0), method: 'Flying knee' },
            ],
          },
        ],
      }),
    });
    const { games } = await formResource(ctx, { league: 'mma', team: 'JONES' });
    assert.deepEqual(games[0]!.ending, { method: 'ko-tko', verdict: null, round: 2, time: '3:12' });
    assert.deepEqual(games[1]!.ending, { method: 'decision', verdict: 'split', round: 5, time: '5:00' });
    assert.equal(games[2]!.ending, undefined, 'an unknown method is left out rather than guessed');
  });

  it('refuses a team the service has no form for', async () => {
    const ctx = fakeContext(NOW, { teams, recentForm: always({ data: [] }) });
    await assert.rejects(formResource(ctx, { league: 'nba', team: 'BOS' }), { code: 'not_found', message: /No NBA team "BOS"/ });
  });
});

describe('/v1/form against one opponent', () => {
  it('reads each meeting from the team’s side, home or away', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      headToHead: always({
        games: [
          { gameId: 'm1', date: '2026-11-21', homeTeam: { abbreviation: 'BOS', score: 99 }, awayTeam: { abbreviation: 'NYK', score: 90 } },
          { date: '2026-04-02', homeTeam: { abbreviation: 'NYK', score: 111 }, awayTeam: { abbreviation: 'BOS', score: 101 } },
        ],
      }),
    });
    const payload = await formResource(ctx, { league: 'nba', team: 'BOS', opponent: 'NYK' });
    assert.equal(payload.opponent?.name, 'New York Knicks');
    assert.deepEqual(
      payload.games.map((game) => [game.id, game.homeAway, game.score.team, game.score.opponent, game.result]),
      [
        ['m1', 'home', 99, 90, 'W'],
        ['2026-04-02-BOS-NYK', 'away', 101, 111, 'L'],
      ],
    );
    assert.deepEqual(payload.summary, { wins: 1, losses: 1, ties: 0 });
  });

  it('refuses a team against itself, and a team the directory does not know, before asking the service', async () => {
    const ctx = fakeContext(NOW, { teams, headToHead: always({ games: [] }) });
    await assert.rejects(formResource(ctx, { league: 'nba', team: 'BOS', opponent: 'BOS' }), { code: 'bad_request' });
    await assert.rejects(formResource(ctx, { league: 'nba', team: 'BOS', opponent: 'XYZ' }), {
      code: 'not_found',
      message: /No NBA team "XYZ"/,
    });
    assert.deepEqual(callsTo(ctx, 'headToHead'), []);
  });
});
