import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { injuriesResource, severityOf } from '../../../../src/relay/resources/injuries.js';
import { always, fakeContext, refused } from '../fake-context.js';
import { teamsBody } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';

const report = {
  league: 'nba',
  reportDate: '2026-11-22',
  data: [
    {
      teamAbbr: 'BOS',
      teamName: 'Boston Celtics',
      players: [
        { name: 'Jay Doe', status: 'Out', position: 'F', reason: 'Knee', playerId: 101 },
        { name: 'Al Roe', status: 'Questionable', practiceParticipation: 'Limited', gameDesignation: 'Questionable' },
      ],
    },
    { teamAbbr: 'nyk', teamName: 'New York Knicks', players: [{ name: 'Sam Poe', status: 'Day-To-Day', reason: null }] },
  ],
};

describe('/v1/injuries', () => {
  it("gives every team's report with one severity scale, teams named as the directory names them", async () => {
    const ctx = fakeContext(NOW, { injuries: always(report), teams: always(teamsBody('nba')) });
    const payload = await injuriesResource(ctx, { league: 'nba' });
    assert.equal(payload.reportDate, '2026-11-22');
    assert.deepEqual(
      payload.teams.map((team) => [team.team.abbreviation, team.team.primaryColor]),
      [
        ['BOS', '#007A33'],
        ['NYK', '#006BB6'],
      ],
    );
    assert.deepEqual(payload.teams[0]!.players, [
      { id: '101', name: 'Jay Doe', position: 'F', status: 'Out', severity: 'out', reason: 'Knee', practice: null, designation: null },
      {
        id: null,
        name: 'Al Roe',
        position: null,
        status: 'Questionable',
        severity: 'questionable',
        reason: null,
        practice: 'Limited',
        designation: 'Questionable',
      },
    ]);
    assert.equal(payload.teams[1]!.players[0]!.severity, 'day-to-day');
  });

  it("keeps one team's report, matched in any case, and names an unknown team", async () => {
    const ctx = fakeContext(NOW, { injuries: always(report), teams: always(teamsBody('nba')) });
    const payload = await injuriesResource(ctx, { league: 'nba', team: 'NYK' });
    assert.deepEqual(
      payload.teams.map((team) => team.team.abbreviation),
      ['NYK'],
    );
    await assert.rejects(injuriesResource(ctx, { league: 'nba', team: 'LAL' }), { code: 'not_found', message: /No NBA team "LAL"/ });
  });

  it('reads each league’s status words into one scale', () => {
    const words: Array<[string, ReturnType<typeof severityOf>]> = [
      ['Out (Season)', 'out'],
      ['10-Day IL', 'out'],
      ['Injured Reserve', 'out'],
      ['IR', 'out'],
      ['LTIR', 'out'],
      ['Doubtful', 'doubtful'],
      ['Probable', 'probable'],
      ['Day to day', 'day-to-day'],
      ['Suspension', 'other'],
    ];
    for (const [status, severity] of words) assert.equal(severityOf(status), severity, status);
  });

  it("fails as the service's plan says when the service refuses the report", async () => {
    const ctx = fakeContext(NOW, { injuries: always(refused('plan', '/injuries')) });
    await assert.rejects(injuriesResource(ctx, { league: 'nba' }), { code: 'plan_required' });
  });
});
