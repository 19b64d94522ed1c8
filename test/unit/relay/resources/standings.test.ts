import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { standingsResource } from '../../../../src/relay/resources/standings.js';
import { always, fakeContext } from '../fake-context.js';
import { teamRow, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';

describe('/v1/standings', () => {
  it('ranks by winning percentage, then wins, then name, working the percentage out where the service leaves it out', async () => {
    const ctx = fakeContext(NOW, {
      teams: always(teamsBody('nba')),
      standings: always({
        league: 'nba',
        data: [
          teamRow('nba', 'NYK', { wins: 6, losses: 6 }),
          teamRow('nba', 'BOS', { wins: 9, losses: 3, pct: 0.75, streak: 'W3' }),
          teamRow('nba', 'MIA', { wins: 5, losses: 5, pct: 0.5 }),
          teamRow('nba', 'LAL', { wins: 3, losses: 1, pct: 0.75, streak: '' }),
        ],
      }),
    });
    const payload = await standingsResource(ctx, { league: 'nba' });
    assert.deepEqual(
      payload.rows.map((row) => [row.team.abbreviation, row.pct]),
      [
        ['BOS', 0.75],
        ['LAL', 0.75],
        ['NYK', 0.5],
        ['MIA', 0.5],
      ],
    );
    assert.equal(payload.rows[0]!.team.name, 'Boston Celtics');
    assert.deepEqual([payload.rows[0]!.streak, payload.rows[1]!.streak], ['W3', null]);
    assert.equal(payload.hasTies, false);
    assert.equal('points' in payload.rows[0]!, false, 'points are a football table’s');
  });

  it("counts a tie as half a win, and always shows the NFL's ties column", async () => {
    const ctx = fakeContext(NOW, {
      standings: always({ data: [{ teamId: 'kc', name: 'Chiefs', abbreviation: 'KC', standings: { wins: 7, losses: 2, ties: 1 } }] }),
    });
    const payload = await standingsResource(ctx, { league: 'nfl' });
    assert.equal(payload.rows[0]!.pct, 0.75);
    assert.equal(payload.hasTies, true);
    const nba = fakeContext(NOW, { standings: always({ data: [teamRow('nba', 'BOS', { wins: 0, losses: 0 })] }) });
    const empty = await standingsResource(nba, { league: 'nba' });
    assert.deepEqual([empty.rows[0]!.pct, empty.hasTies], [0, false], 'no games played: no division by zero');
  });

  it('ranks a football table by points, then wins, goal difference and goals scored, with points from results where missing', async () => {
    const ctx = fakeContext(NOW, {
      teams: always(teamsBody('mls')),
      standings: always({
        league: 'mls',
        data: [
          // 10 points from results (3 W, 1 D), as many as SEA's: SEA has more wins.
          teamRow('mls', 'ATX', { wins: 3, losses: 2, ties: 1, pointsFor: 9, pointsAgainst: 4 }),
          teamRow('mls', 'SEA', { wins: 4, losses: 3, ties: 0, points: 10, pointsFor: 8, pointsAgainst: 8 }),
          // Level with LA on points and wins: the better goal difference first.
          teamRow('mls', 'POR', { wins: 2, losses: 2, ties: 2, points: 8, pointsFor: 7, pointsAgainst: 5 }),
          teamRow('mls', 'LA', { wins: 2, losses: 2, ties: 2, points: 8, pointsFor: 9, pointsAgainst: 9 }),
        ],
      }),
    });
    const payload = await standingsResource(ctx, { league: 'mls' });
    assert.deepEqual(
      payload.rows.map((row) => [row.team.abbreviation, row.points, row.goalDifference]),
      [
        ['SEA', 10, 0],
        ['ATX', 10, 5],
        ['POR', 8, 2],
        ['LA', 8, 0],
      ],
    );
    assert.equal(payload.hasTies, true);
  });

  it('ranks level football clubs by goals scored, then by name', async () => {
    const level = { wins: 1, losses: 1, ties: 1, points: 4 };
    const ctx = fakeContext(NOW, {
      teams: always(teamsBody('mls')),
      standings: always({
        data: [
          teamRow('mls', 'SEA', { ...level, pointsFor: 3, pointsAgainst: 3 }),
          teamRow('mls', 'POR', { ...level, pointsFor: 5, pointsAgainst: 5 }),
          teamRow('mls', 'ATX', { ...level, pointsFor: 3, pointsAgainst: 3 }),
        ],
      }),
    });
    const payload = await standingsResource(ctx, { league: 'mls' });
    assert.deepEqual(
      payload.rows.map((row) => row.team.abbreviation),
      ['POR', 'ATX', 'SEA'],
    );
  });

  it('leaves out teams without standings, and says so when the service keeps none for the league', async () => {
    const ctx = fakeContext(NOW, {
      standings: always({ data: [teamRow('nba', 'BOS', { wins: 1, losses: 0 }), teamRow('nba', 'NYK')] }),
    });
    assert.deepEqual(
      (await standingsResource(ctx, { league: 'nba' })).rows.map((row) => row.team.abbreviation),
      ['BOS'],
    );
    const none = fakeContext(NOW, { standings: always(teamsBody('nba')) });
    await assert.rejects(standingsResource(none, { league: 'nba' }), { code: 'not_found', message: /no standings for NBA/ });
    const offSeason = fakeContext(NOW, { standings: always({ data: [] }) });
    assert.deepEqual((await standingsResource(offSeason, { league: 'nba' })).rows, []);
  });
});
