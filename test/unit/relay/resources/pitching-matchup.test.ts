import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pitchingMatchupResource } from '../../../../src/relay/resources/pitching-matchup.js';
import { always, callsTo, fakeContext, type Answers } from '../fake-context.js';
import { liveGame, teamsBody } from '../upstream-bodies.js';

const NOW = '2026-07-01T18:00:00Z';
const START = '2026-07-01T23:05:00Z';

const starters = (home: object | null, away: object | null, startTime = START) => ({
  gameId: 'sp-1',
  startTime,
  homeTeamId: 'nyy',
  awayTeamId: 'bos',
  starters: { home, away },
});
const cole = { name: 'Gerrit Cole', throws: 'r', status: 'probable' };
const sale = { name: 'Chris Sale', throws: 'L', status: 'at_risk' };
const predictor = {
  data: [
    {
      gameId: 'sp-1',
      props: [
        {
          side: 'home',
          propLine: { line: 6.5 },
          pitcher: { name: 'Gerrit Cole' },
          model: { projectedKs: 7.1, confidence: 'HIGH', range: [5, 9] },
        },
        { side: 'away', propLine: null, pitcher: { name: 'Chris Sale' }, model: { projectedKs: 6, confidence: 'shaky' } },
      ],
    },
  ],
};
const yankeeStadium = {
  teamId: 'NYY',
  venue: { park: 'Yankee Stadium', roof: 'OPEN_AIR' },
  conditions: { summary: 'Clear', tempF: 81, wind: { mph: 12, type: 'OUT' }, precipProb: 10 },
  impact: { lean: 'OVER' },
  alerts: [
    { type: 'heat', severity: 'HIGH', message: 'Heat advisory' },
    { type: 'wind', severity: 'low', message: 'Gusts' },
  ],
};

const matchup = (game: object, more: Answers = {}) =>
  fakeContext(NOW, {
    teams: always(teamsBody('mlb')),
    liveGames: always({ games: [game] }),
    startingPitchers: (date) => (date ? undefined : [starters(cole, sale)]),
    strikeoutPredictor: always(predictor),
    venueWeather: (teamId) => (teamId === 'NYY' ? yankeeStadium : undefined),
    ...more,
  });

describe('/v1/pitching-matchup', () => {
  it("gives both starters with status, hand and strikeout projection, and the home park's weather", async () => {
    const ctx = matchup(liveGame('mlb', 'g1', ['BOS', 'NYY'], { startTime: START }));
    const payload = await pitchingMatchupResource(ctx, { gameId: 'g1' });
    assert.deepEqual(payload.home, {
      team: { ...payload.home.team, abbreviation: 'NYY', name: 'New York Yankees' },
      status: 'probable',
      starter: {
        name: 'Gerrit Cole',
        hand: 'R',
        confirmed: true,
        strikeouts: { projected: 7.1, low: 5, high: 9, confidence: 'high', line: 6.5 },
      },
    });
    assert.deepEqual(payload.away.starter, {
      name: 'Chris Sale',
      hand: 'L',
      confirmed: false,
      strikeouts: { projected: 6, low: 6, high: 6, confidence: null, line: null },
    });
    assert.equal(payload.away.status, 'at_risk');
    assert.deepEqual(payload.venue, { name: 'Yankee Stadium', roof: 'open' });
    assert.deepEqual(payload.weather, { summary: 'Clear', temperatureF: 81, windMph: 12, wind: 'out', precipitation: 10, lean: 'over' });
    assert.deepEqual(
      payload.alerts.map((alert) => [alert.type, alert.severe]),
      [
        ['heat', true],
        ['wind', false],
      ],
    );
    assert.deepEqual([payload.gameId, payload.league, payload.interruption], ['g1', 'mlb', undefined]);
    assert.deepEqual(callsTo(ctx, 'venueWeather'), [['NYY', '2026-07-01']]);
  });

  it('says a side without a probable starter is unknown, and reads an unknown status word as unknown', async () => {
    const ctx = matchup(liveGame('mlb', 'g1', ['BOS', 'NYY'], { startTime: START }), {
      startingPitchers: always([starters({ ...cole, status: 'scratched', throws: 'S' }, null)]),
    });
    const payload = await pitchingMatchupResource(ctx, { gameId: 'g1' });
    assert.deepEqual([payload.away.status, payload.away.starter], ['unknown', null]);
    assert.deepEqual([payload.home.status, payload.home.starter?.confirmed, payload.home.starter?.hand], ['unknown', false, null]);
  });

  it("reads the game's own date when the current slate does not list it", async () => {
    const ctx = matchup(liveGame('mlb', 'g1', ['BOS', 'NYY'], { startTime: START }), {
      startingPitchers: (date) => (date === '2026-07-01' ? [starters(cole, sale)] : [starters(cole, sale, '2026-07-03T23:05:00Z')]),
    });
    const payload = await pitchingMatchupResource(ctx, { gameId: 'g1' });
    assert.equal(payload.home.starter?.name, 'Gerrit Cole');
    assert.deepEqual(callsTo(ctx, 'startingPitchers'), [[], ['2026-07-01']], 'a series’ next game two days on is not this one');
  });

  it('keeps the park but drops the forecast and alerts of a rained-out game, and says why', async () => {
    const rainout = liveGame('mlb', 'g1', ['BOS', 'NYY'], { statusDetail: 'Postponed: Rain', startTime: START });
    const payload = await pitchingMatchupResource(matchup(rainout), { gameId: 'g1' });
    assert.equal(payload.status, 'scheduled');
    assert.equal(payload.interruption, 'postponed');
    assert.deepEqual([payload.venue?.name, payload.weather, payload.alerts], ['Yankee Stadium', null, []]);
  });

  it('keeps the forecast of a delayed game, and shows the matchup when every extra is withheld', async () => {
    const delayed = liveGame('mlb', 'g1', ['BOS', 'NYY'], { statusDetail: 'Delayed', startTime: START });
    const payload = await pitchingMatchupResource(matchup(delayed), { gameId: 'g1' });
    assert.deepEqual([payload.interruption, payload.weather?.summary], ['delayed', 'Clear']);
    const bare = fakeContext(NOW, { liveGames: always({ games: [liveGame('mlb', 'g1', ['BOS', 'NYY'], { startTime: START })] }) });
    const plain = await pitchingMatchupResource(bare, { gameId: 'g1' });
    assert.deepEqual([plain.home.status, plain.home.starter, plain.venue, plain.weather, plain.alerts], ['unknown', null, null, null, []]);
    assert.equal(plain.home.team.name, 'New York Yankees');
  });
});
