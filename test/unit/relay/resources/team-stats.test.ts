import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { teamStatsResource } from '../../../../src/relay/resources/team-stats.js';
import { always, callsTo, fakeContext } from '../fake-context.js';
import { teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';

const nbaStats = {
  league: 'nba',
  season: '2026-27',
  teams: [
    {
      team: { name: 'Boston Celtics', abbreviation: 'BOS' },
      meta: { gp: 12 },
      stats: { offense: { fgPct: 48.1, ppg: 118.4, pace: 99.1 }, defense: { ppgAllowed: 107.2 }, derived: { netRtg: 9.8 } },
      ranks: { offense: { ppg: 2, fgPct: 'T-4', pace: 'n/a' }, defense: { ppgAllowed: '3' } },
    },
    { team: { abbreviation: 'NYK' }, stats: { offense: { ppg: 112 } } },
  ],
  definitions: { offense: { ppg: 'Points per game', fgPct: 'Field goal %' } },
};

describe('/v1/team-stats', () => {
  it("gives one team's numbers with league ranks, ties marked, headline numbers first in the league's order", async () => {
    const ctx = fakeContext(NOW, { teamStats: always(nbaStats), teams: always(teamsBody('nba')) });
    const payload = await teamStatsResource(ctx, { league: 'nba', team: 'BOS' });
    assert.deepEqual([payload.season, payload.gamesPlayed, payload.teamsRanked], ['2026-27', 12, 2]);
    assert.equal(payload.team.primaryColor, '#007A33');
    assert.deepEqual(
      payload.stats.map((stat) => [stat.key, stat.group, stat.headline, stat.rank, stat.tied]),
      [
        ['ppg', 'offense', true, 2, false],
        ['ppgAllowed', 'defense', true, 3, false],
        ['fgPct', 'offense', true, 4, true],
        ['pace', 'offense', false, null, false],
        ['netRtg', 'derived', false, null, false],
      ],
    );
    const fgPct = payload.stats.find((stat) => stat.key === 'fgPct')!;
    assert.deepEqual([fgPct.label, fgPct.value, fgPct.percent], ['Field goal %', 48.1, true]);
    assert.equal(payload.stats.find((stat) => stat.key === 'pace')!.label, 'pace', 'no definition: the key');
  });

  it('makes the first four numbers the headline in a league without a headline list', async () => {
    const stats = {
      teams: [{ team: { abbreviation: 'SEA' }, stats: { offense: { goals: 30, shots: 300, xg: 28.4, corners: 90, assists: 20 } } }],
    };
    const ctx = fakeContext(NOW, { teamStats: always(stats) });
    const payload = await teamStatsResource(ctx, { league: 'mls', team: 'SEA' });
    assert.deepEqual(
      payload.stats.filter((stat) => stat.headline).map((stat) => stat.key),
      ['goals', 'shots', 'xg', 'corners'],
    );
    assert.deepEqual([payload.season, payload.gamesPlayed], [null, null]);
  });

  it('refuses a team the statistics do not list, after one league-wide call', async () => {
    const ctx = fakeContext(NOW, { teamStats: always(nbaStats) });
    await assert.rejects(teamStatsResource(ctx, { league: 'nba', team: 'LAL' }), {
      code: 'not_found',
      message: /"LAL" in the team statistics/,
    });
    assert.deepEqual(callsTo(ctx, 'teamStats'), [['nba']]);
  });
});
