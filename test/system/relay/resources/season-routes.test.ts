// The three season routes against a real sandbox: widget-shaped payloads, bad parameters, and upstream cost that
// depends on leagues and games, never on how many teams or viewers ask.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { conforms, upstreamCalls } from '../../../helpers/contract-checks.js';

let relay: RunningRelay;
let key = '';
let scheduledGame = '';
let finalGame = '';
before(async () => {
  relay = await testRelay();
  key = await addKey(relay, ['example.com']);
  const games = (await widgetGet(relay, `/v1/scores?league=mlb&key=${key}`)).body.games as { id: string; status: string }[];
  scheduledGame = games.find((game) => game.status === 'scheduled')!.id;
  finalGame = games.find((game) => game.status === 'final')!.id;
});
after(() => relay?.close());

describe('/v1/standings', () => {
  it('gives the league table best record first, with a ties column where the league has ties', async () => {
    const nba = conforms(contract.standingsPayloadSchema, (await widgetGet(relay, `/v1/standings?league=nba&key=${key}`)).body, 'nba');
    assert.equal(nba.rows.length, 30);
    assert.equal(nba.hasTies, false);
    for (let i = 1; i < nba.rows.length; i++) assert.ok(nba.rows[i - 1]!.pct >= nba.rows[i]!.pct, 'sorted by pct');
    const row = nba.rows[0]!;
    assert.equal(row.pct, Math.round((row.wins / (row.wins + row.losses)) * 1000) / 1000);
    assert.match(row.streak ?? '', /^[WLT]\d+$/);
    const nfl = conforms(contract.standingsPayloadSchema, (await widgetGet(relay, `/v1/standings?league=nfl&key=${key}`)).body, 'nfl');
    assert.equal(nfl.hasTies, true);
    assert.equal((await widgetGet(relay, `/v1/standings?league=cricket&key=${key}`)).status, 400);
  });
});

describe('/v1/team-stats', () => {
  it('gives a team’s numbers with league ranks, ties marked, headline numbers first', async () => {
    const stats = conforms(
      contract.teamStatsPayloadSchema,
      (await widgetGet(relay, `/v1/team-stats?league=nba&team=bos&key=${key}`)).body,
      'team stats',
    );
    assert.equal(stats.team.abbreviation, 'BOS');
    assert.equal(stats.teamsRanked, 30);
    assert.deepEqual(
      stats.stats.filter((stat) => stat.headline).map((stat) => stat.key),
      ['ppg', 'ppgAllowed', 'reb', 'ast', 'fgPct', 'threePct'],
    );
    assert.ok(stats.stats.every((stat) => stat.rank === null || (stat.rank >= 1 && stat.rank <= 30)));
    assert.equal(stats.stats.find((stat) => stat.key === 'fgPct')!.percent, true);
    assert.equal(stats.stats.length, 37, 'every NBA key the spec lists');
    for (const league of ['nfl', 'nhl', 'mlb']) {
      const team = league === 'nfl' ? 'KC' : league === 'nhl' ? 'BOS' : 'NYY';
      const other = conforms(
        contract.teamStatsPayloadSchema,
        (await widgetGet(relay, `/v1/team-stats?league=${league}&team=${team}&key=${key}`)).body,
        league,
      );
      assert.ok(other.stats.filter((stat) => stat.headline).length >= 4, league);
    }
  });

  it('costs one upstream call per league, however many teams are shown', async () => {
    for (const team of ['BOS', 'TOR', 'MTL', 'NYR'])
      assert.equal((await widgetGet(relay, `/v1/team-stats?league=nhl&team=${team}&key=${key}`)).status, 200);
    assert.equal(await upstreamCalls(relay, '/nhl/team-stats'), 1, 'this relay has asked for NHL statistics once in all');
  });

  it('refuses leagues without team statistics, and unknown teams', async () => {
    const wnba = await widgetGet(relay, `/v1/team-stats?league=wnba&team=LVA&key=${key}`);
    assert.equal(wnba.status, 400);
    assert.match(wnba.body.error.message, /Team statistics \(\/v1\/team-stats\) is offered for nfl, nba, mlb, nhl; not for wnba/);
    assert.deepEqual(wnba.body.error.leagues, ['nfl', 'nba', 'mlb', 'nhl']);
    assert.equal((await widgetGet(relay, `/v1/team-stats?league=nba&key=${key}`)).status, 400);
    const unknown = await widgetGet(relay, `/v1/team-stats?league=nba&team=XYZ&key=${key}`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error.message, /XYZ/);
  });
});

describe('/v1/pitching-matchup', () => {
  it('gives both starters with status, hand and strikeout projection, and the park’s weather', async () => {
    const matchup = conforms(
      contract.pitchingMatchupPayloadSchema,
      (await widgetGet(relay, `/v1/pitching-matchup?gameId=${scheduledGame}&key=${key}`)).body,
      'matchup',
    );
    assert.equal(matchup.gameId, scheduledGame);
    assert.equal(matchup.status, 'scheduled');
    for (const side of [matchup.home, matchup.away]) {
      if (!side.starter) {
        assert.equal(side.status, 'unknown');
        continue;
      }
      assert.equal(side.starter.confirmed, side.status === 'probable');
      const ks = side.starter.strikeouts;
      if (ks) assert.ok(ks.low <= ks.projected && ks.projected <= ks.high);
    }
    assert.ok(matchup.venue?.name);
    assert.ok(matchup.weather);
  });

  it('reads a finished game too, and costs the same upstream calls for many viewers as for one', async () => {
    const endpoints = ['/mlb/starting-pitchers', '/mlb/strikeout-predictor', '/mlb/venue-weather'];
    const first = await widgetGet(relay, `/v1/pitching-matchup?gameId=${finalGame}&key=${key}`);
    conforms(contract.pitchingMatchupPayloadSchema, first.body, 'final');
    const calls = await Promise.all(endpoints.map((endpoint) => upstreamCalls(relay, endpoint)));
    await Promise.all(Array.from({ length: 20 }, () => widgetGet(relay, `/v1/pitching-matchup?gameId=${finalGame}&key=${key}`)));
    assert.deepEqual(await Promise.all(endpoints.map((endpoint) => upstreamCalls(relay, endpoint))), calls);
  });

  it('refuses a missing or unknown game, and another league', async () => {
    assert.equal((await widgetGet(relay, `/v1/pitching-matchup?key=${key}`)).status, 400);
    assert.equal((await widgetGet(relay, `/v1/pitching-matchup?gameId=g_mlb_19990101001&key=${key}`)).status, 404);
    const nba = await widgetGet(relay, `/v1/pitching-matchup?gameId=${scheduledGame}&league=nba&key=${key}`);
    assert.equal(nba.status, 400);
    assert.match(nba.body.error.message, /mlb/);
  });
});
