import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { teamDirectory } from '../../../../src/relay/resources/teams.js';
import { always, fakeContext } from '../fake-context.js';

const NOW = '2026-11-22T18:00:00Z';

describe("a league's team directory", () => {
  it('names each team as the service does, and writes its colours one way whatever the service wrote', async () => {
    const ctx = fakeContext(NOW, {
      teams: always({
        data: [
          { teamId: 1, city: 'Boston', name: 'Celtics', abbreviation: 'bos', primaryColor: '007a33', secondaryColor: '#BA9653' },
          {
            teamId: 2,
            name: 'Inter Miami',
            fullName: 'Inter Miami CF',
            abbreviation: 'MIA',
            primaryColor: 'pink',
            secondaryColor: '#231F2',
          },
          { teamId: 3, name: 'Kraken', abbreviation: 'SEA' },
        ],
      }),
    });
    const teams = await teamDirectory(ctx.upstream, 'nba');
    assert.deepEqual(teams.team('BOS'), {
      id: 'bos',
      abbreviation: 'BOS',
      name: 'Boston Celtics',
      shortName: 'Celtics',
      primaryColor: '#007A33',
      secondaryColor: '#BA9653',
      onPrimaryColor: '#ffffff',
    });
    const miami = teams.team('mia');
    assert.deepEqual(
      [miami.name, miami.shortName, miami.primaryColor, miami.secondaryColor],
      ['Inter Miami CF', 'Inter Miami', null, null],
    );
    assert.equal(teams.team('SEA').name, 'Kraken', 'no city: the name alone');
  });

  it("finds a team the caller knows only by name, else builds one from the caller's words", async () => {
    const ctx = fakeContext(NOW, { teams: always({ data: [{ teamId: 1, city: 'Boston', name: 'Celtics', abbreviation: 'BOS' }] }) });
    const teams = await teamDirectory(ctx.upstream, 'nba');
    assert.equal(teams.team(undefined, 'Boston Celtics').abbreviation, 'BOS');
    assert.deepEqual(teams.team('NYK', 'New York Knicks'), {
      id: 'nyk',
      abbreviation: 'NYK',
      name: 'New York Knicks',
      shortName: 'Knicks',
      primaryColor: null,
      secondaryColor: null,
      onPrimaryColor: '#ffffff',
    });
    assert.equal(teams.team(undefined, 'Unheard Of').abbreviation, 'UNH');
    assert.deepEqual([teams.knows('bos'), teams.knows('NYK')], [true, false]);
  });

  it('checks nothing when the directory cannot be read', async () => {
    const teams = await teamDirectory(fakeContext(NOW, {}).upstream, 'nba');
    assert.equal(teams.cached, undefined);
    assert.equal(teams.knows('ANY'), true);
    assert.equal(teams.team('BOS').name, 'BOS');
  });
});
