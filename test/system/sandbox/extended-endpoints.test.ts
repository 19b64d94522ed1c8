// The rest of the spec's endpoints in the sandbox: fields against the spec's tables, unit costs, plan gating, and the
// probable starters' states on the game clock.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { z } from 'zod';
import { leaguesOn } from '../../../src/sandbox/leagues.js';
import { starterAt } from '../../../src/sandbox/pitchers.js';
import { slate } from '../../../src/sandbox/schedule.js';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { MIDDAY, frozenSandbox, getJson } from '../../helpers/sandbox.js';
import * as spec from '../../sandbox/spec-schemas.js';

/** The simulation, on the calendar where every league plays every day (the season calendar has its own tests). */
const LEAGUES = leaguesOn('round-the-clock');

function conforms<Schema extends z.ZodType>(schema: Schema, body: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(body);
  assert.ok(result.success, `${what} does not match the spec: ${result.success ? '' : JSON.stringify(result.error.issues.slice(0, 5))}`);
  return result.data;
}

const NBA_KEYS = {
  offense: 'ppg fgm fga fgPct threePm threePa threePct ftm fta ftPct or dr reb ast stl blk tov fouls',
  defense:
    'ppgAllowed fgmAllowed fgaAllowed fgPctAllowed threePmAllowed threePaAllowed threePctAllowed ftmAllowed ftaAllowed ftPctAllowed orAllowed drAllowed rebAllowed astAllowed stlAllowed blkAllowed tovForced foulsDrawn',
  derived: 'astTo',
};

let sandbox: RunningSandbox;
before(async () => {
  sandbox = await frozenSandbox(MIDDAY);
});
after(() => sandbox.close());
beforeEach(() => {
  sandbox.clock.set(Date.parse(MIDDAY));
  for (const account of sandbox.accounts.list()) sandbox.accounts.setUsed(account.apiKey, 0);
});

/** Units a call costs, read from /me as a client would. */
async function unitsOf(path: string, key = 'sk_sandbox_pro'): Promise<{ status: number; units: number; body: any }> {
  const before = (await getJson(sandbox, '/me', key)).body.usage.used;
  const answer = await getJson(sandbox, path, key);
  const after = (await getJson(sandbox, '/me', key)).body.usage.used;
  return { status: answer.status, units: after - before, body: answer.body };
}

describe('GET /{league}/team-stats', () => {
  for (const league of ['nba', 'nfl', 'nhl', 'mlb']) {
    it(`${league}: every team with stats, ranks and definitions for the same keys, 5 units for the league`, async () => {
      const { status, units, body } = await unitsOf(`/${league}/team-stats`);
      assert.equal(status, 200);
      assert.equal(units, 5);
      const stats = conforms(spec.teamStats, body, `/${league}/team-stats`);
      assert.equal(stats.count, stats.teams.length);
      assert.equal(stats.count, LEAGUES[league.toUpperCase() as 'NBA'].teams.length);
      for (const team of stats.teams) {
        for (const group of ['offense', 'defense', 'derived'] as const) {
          assert.deepEqual(
            Object.keys(team.ranks[group]).sort(),
            Object.keys(team.stats[group]).sort(),
            `${team.team.abbreviation} ${group}`,
          );
          assert.deepEqual(Object.keys(stats.definitions[group]).sort(), Object.keys(team.stats[group]).sort(), `definitions ${group}`);
        }
        assert.ok(team.meta.gp > 0);
      }
    });
  }

  it('has the NBA keys the spec lists, and ranks that follow the values with T- for ties', async () => {
    const stats = conforms(spec.teamStats, (await getJson(sandbox, '/nba/team-stats')).body, '/nba/team-stats');
    for (const group of ['offense', 'defense', 'derived'] as const) {
      assert.deepEqual(Object.keys(stats.teams[0]!.stats[group]).sort(), NBA_KEYS[group].split(' ').sort(), group);
    }
    const byPoints = [...stats.teams].sort((a, b) => b.stats.offense.ppg! - a.stats.offense.ppg!);
    assert.match(byPoints[0]!.ranks.offense.ppg!, /^(T-)?1$/);
    const allowed = [...stats.teams].sort((a, b) => a.stats.defense.ppgAllowed! - b.stats.defense.ppgAllowed!);
    assert.match(allowed[0]!.ranks.defense.ppgAllowed!, /^(T-)?1$/, 'fewest points allowed ranks first');
    let ties = 0;
    for (const group of ['offense', 'defense'] as const)
      for (const key of Object.keys(stats.teams[0]!.stats[group])) {
        for (const team of stats.teams) {
          const same = stats.teams.filter((other) => other.stats[group][key] === team.stats[group][key]);
          if (same.length > 1) {
            ties++;
            assert.ok(
              same.every((other) => other.ranks[group][key] === team.ranks[group][key] && /^T-/.test(team.ranks[group][key]!)),
              `${key} tie`,
            );
          } else assert.doesNotMatch(team.ranks[group][key]!, /^T-/, `${key} is not a tie`);
        }
      }
    assert.ok(ties > 0, 'a league this size has some shared values');
  });

  it('costs 1 unit for one team (teamId, or team on /nfl/team-stats), and answers 401 and 404 as documented', async () => {
    const one = await unitsOf('/nba/team-stats?teamId=BOS&season=2026-27&split=season');
    assert.equal(one.status, 200);
    assert.equal(one.units, 1);
    assert.equal(one.body.count, 1);
    assert.equal(one.body.teams[0].team.abbreviation, 'BOS');
    const nfl = await unitsOf('/nfl/team-stats?team=KC&season=2026');
    assert.equal(nfl.status, 200);
    assert.equal(nfl.units, 1);
    assert.equal(nfl.body.teams[0].team.id, 'kc');
    assert.equal((await getJson(sandbox, '/nba/team-stats', null)).status, 401);
    assert.equal((await fetch(`${sandbox.baseUrl}/nba/team-stats?teamId=BOS&api_key=sk_sandbox_free`)).status, 200);
    for (const path of ['/wnba/team-stats', '/nba/team-stats?teamId=XYZ', '/nba/team-stats?season=2019-20']) {
      const refused = await unitsOf(path);
      assert.equal(refused.status, 404, path);
      assert.equal(refused.units, 0, `${path} is not charged`);
    }
  });
});

describe('GET /mlb/starting-pitchers', () => {
  it('gives both starters of every game on the live slate for 1 unit, and a date’s games for 2', async () => {
    const live = await unitsOf('/mlb/starting-pitchers');
    assert.equal(live.status, 200);
    assert.equal(live.units, 1);
    assert.ok(live.body.count > 0);
    for (const record of live.body.data) conforms(spec.probableStarter, record, 'starter record');
    const dated = await unitsOf('/mlb/starting-pitchers?date=2026-11-20');
    assert.equal(dated.units, 2);
    assert.equal(dated.body.data.length, slate(LEAGUES.MLB, '2026-11-20').length);
    const one = await unitsOf(`/mlb/starting-pitchers?gameId=${live.body.data[0].gameId}`);
    assert.deepEqual(
      one.body.data.map((record: { gameId: string }) => record.gameId),
      [live.body.data[0].gameId],
    );
    assert.equal((await unitsOf('/mlb/starting-pitchers?date=2026-13-01')).status, 400);
    assert.equal((await unitsOf('/mlb/starting-pitchers?gameId=nope')).status, 400);
  });

  it('moves a scratched starter through unknown, new, probable, at_risk, and his replacement through new and probable', async () => {
    // Find a side whose announced starter is scratched, by reading the sandbox's timeline every ten minutes.
    let found: { gameId: string; side: 'home' | 'away'; sequence: [number, string, string | null][] } | undefined;
    for (const game of slate(LEAGUES.MLB, '2026-11-25')) {
      for (const side of ['home', 'away'] as const) {
        const sequence: [number, string, string | null][] = [];
        for (let at = game.startMs - 21 * 3_600_000; at <= game.startMs; at += 10 * 60_000) {
          const view = starterAt(game, side, at);
          if (sequence.at(-1)?.[1] !== view.status || sequence.at(-1)?.[2] !== (view.pitcher?.name ?? null))
            sequence.push([at, view.status, view.pitcher?.name ?? null]);
        }
        if (sequence.some(([, status]) => status === 'at_risk')) found ??= { gameId: game.ids.odds, side, sequence };
      }
    }
    assert.ok(found, 'one in ten starters is scratched: a day of fifteen games has one');
    assert.deepEqual(
      found.sequence.map(([, status]) => status),
      ['unknown', 'new', 'probable', 'at_risk', 'new', 'probable'],
    );
    const [, , first] = found.sequence[1]!;
    const [, , replacement] = found.sequence[4]!;
    assert.notEqual(first, replacement);
    // The service says the same at each of those moments.
    for (const [at, status, name] of found.sequence) {
      sandbox.clock.set(at);
      const { body } = await getJson(sandbox, `/mlb/starting-pitchers?gameId=${found.gameId}`);
      const starter: { status: string; name: string | null; firstSeenAt: string; lastSeenAt: string } = body.data[0].starters[found.side];
      assert.equal(starter.status, status, new Date(at).toISOString());
      assert.equal(starter.name, name);
      if (status === 'new') assert.ok(at - Date.parse(starter.firstSeenAt) < 3_600_000, 'new: first seen within the past 60 minutes');
      if (status === 'probable') assert.ok(Date.parse(starter.lastSeenAt) - Date.parse(starter.firstSeenAt) >= 3_600_000);
      // The props list the starter the service reports, and nobody for a side with none yet or a scratched one.
      const team = body.data[0][found.side === 'home' ? 'homeTeamId' : 'awayTeamId'];
      const props = await getJson(sandbox, `/player-props?league=mlb&gameId=${found.gameId}&markets=pitcherStrikeouts&team=${team}`);
      const listed = props.body.data[0].players.map((player: { playerName: string }) => player.playerName);
      assert.deepEqual(listed, status === 'new' || status === 'probable' ? [name] : [], `${status} at ${new Date(at).toISOString()}`);
    }
  });
});

describe('GET /mlb/strikeout-predictor', () => {
  it('projects the starters of today’s games with a range and confidence; the fields grow with the plan', async () => {
    const free = await getJson(sandbox, '/mlb/strikeout-predictor', 'sk_sandbox_free');
    assert.equal(free.status, 200);
    const projection = conforms(spec.strikeoutProjection, free.body, '/mlb/strikeout-predictor (free)');
    assert.equal(
      projection.countProps,
      projection.data.reduce((sum, game) => sum + game.props.length, 0),
    );
    const prop = free.body.data.find((game: { count: number }) => game.count > 0).props[0];
    assert.ok(prop.model.range[0] <= prop.model.projectedKs && prop.model.projectedKs <= prop.model.range[1]);
    assert.equal(prop.edge, undefined);
    assert.equal(prop.inputs, undefined);
    const starter = (await getJson(sandbox, '/mlb/strikeout-predictor', 'sk_sandbox_starter')).body.data.find(
      (game: { count: number }) => game.count > 0,
    ).props[0];
    conforms(spec.strikeoutFullProp, starter, 'starter plan prop');
    assert.equal(starter.inputs, undefined);
    const builder = (await getJson(sandbox, '/mlb/strikeout-predictor', 'sk_sandbox_builder')).body.data.find(
      (game: { count: number }) => game.count > 0,
    ).props[0];
    conforms(spec.strikeoutFullProp.merge(spec.strikeoutInputs), builder, 'builder plan prop');
  });

  it('keeps history by plan (403 beyond it) and answers 404 for an unknown game or pitcher', async () => {
    assert.equal((await getJson(sandbox, '/mlb/strikeout-predictor?date=2026-11-21', 'sk_sandbox_free')).status, 403);
    assert.equal((await getJson(sandbox, '/mlb/strikeout-predictor?date=2026-11-19', 'sk_sandbox_starter')).status, 200);
    assert.equal((await getJson(sandbox, '/mlb/strikeout-predictor?date=2026-11-10', 'sk_sandbox_starter')).status, 403);
    assert.equal((await getJson(sandbox, '/mlb/strikeout-predictor?date=2026-11-10', 'sk_sandbox_pro')).status, 200);
    assert.equal((await getJson(sandbox, '/mlb/strikeout-predictor?gameId=00000000000000000000000000000000')).status, 404);
    assert.equal((await getJson(sandbox, '/mlb/strikeout-predictor?pitcher=Nobody%20Atall')).status, 404);
    const team = await getJson(sandbox, '/mlb/strikeout-predictor?team=NYY');
    assert.ok(
      team.body.data.every((game: { homeTeam: { id: string }; awayTeam: { id: string } }) =>
        [game.homeTeam.id, game.awayTeam.id].includes('NYY'),
      ),
    );
  });
});

describe('GET /mlb/venue-weather', () => {
  it('costs format multiplier × (1 + rows): list and detail, one team and all', async () => {
    const cases: [string, number][] = [
      ['/mlb/venue-weather?teamId=COL', 2],
      ['/mlb/venue-weather?teamId=COL&format=detail', 4],
      ['/mlb/venue-weather?format=list', 1 + LEAGUES.MLB.teams.length],
      ['/mlb/venue-weather?format=detail&date=today&refresh=true', 2 * (1 + LEAGUES.MLB.teams.length)],
    ];
    for (const [path, units] of cases) {
      const answer = await unitsOf(path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.units, units, path);
    }
    assert.equal((await unitsOf('/mlb/venue-weather?format=table')).units, 0);
  });

  it('gives the park, conditions, impact and alerts (list), plus components and insights (detail)', async () => {
    conforms(spec.venueWeather, (await getJson(sandbox, '/mlb/venue-weather?teamId=COL')).body, 'list');
    const detail = conforms(
      spec.venueWeatherDetail,
      (await getJson(sandbox, '/mlb/venue-weather?teamId=COL&format=detail')).body,
      'detail',
    );
    assert.equal(detail.venue.altitudeFt, 5200);
    const all = (await getJson(sandbox, '/mlb/venue-weather')).body;
    assert.equal(all.count, LEAGUES.MLB.teams.length);
    for (const row of all.data) conforms(spec.venueWeather, row, row.teamId);
    assert.ok(all.data.some((row: { venue: { roof: string } }) => row.venue.roof === 'DOME'));
  });
});

describe('NFL endpoints', () => {
  it('GET /nfl/rosters filters by position code and status in any case, and finds a player by id or legacy alias', async () => {
    const all = conforms(spec.nflRoster, (await getJson(sandbox, '/nfl/rosters?team=KC')).body, '/nfl/rosters');
    assert.equal(all.count, all.players.length);
    const quarterbacks = (await getJson(sandbox, '/nfl/rosters?team=Chiefs&position=qb')).body;
    assert.ok(quarterbacks.players.length > 0 && quarterbacks.players.every((player: { position: string }) => player.position === 'QB'));
    assert.equal(quarterbacks.filters.position, 'QB');
    const active = (await getJson(sandbox, '/nfl/rosters?team=KC&status=ACTIVE')).body;
    assert.deepEqual((await getJson(sandbox, '/nfl/rosters?team=KC&status=active')).body.players, active.players);
    assert.ok(active.players.length > 0);
    const player = all.players[0]!;
    const byId = (await getJson(sandbox, `/nfl/rosters?team=KC&player_id=${player.playerId}`)).body;
    assert.deepEqual(byId.players, [player]);
    const { legacyPlayerId } = await import('../../../src/sandbox/routes/nfl.js');
    const { rosterOf } = await import('../../../src/sandbox/players.js');
    const legacy = legacyPlayerId(
      rosterOf(
        LEAGUES.NFL.teams.find((team) => team.abbreviation === 'KC')!,
        'football',
      )[0]!,
    );
    const byAlias = (await getJson(sandbox, `/nfl/rosters?team=KC&player_id=${legacy}`)).body;
    assert.deepEqual(byAlias.players, [player]);
    assert.equal(byAlias.filters.playerId, player.playerId, 'the alias is answered with the canonical id');
    assert.equal((await getJson(sandbox, '/nfl/rosters?team=KC&position=QQ')).status, 400);
    assert.equal((await getJson(sandbox, '/nfl/rosters')).status, 400);
  });

  it('GET /nfl/team-vs-opponent and /nfl/player-vs-opponent give meetings with totals and averages', async () => {
    const teams = (await getJson(sandbox, '/nfl/team-vs-opponent?team=KC&opponent=BUF')).body;
    assert.ok(teams.count > 0);
    assert.equal(teams.summary.wins + teams.summary.losses + teams.summary.ties, teams.count);
    const roster = (await getJson(sandbox, '/nfl/rosters?team=KC&position=QB')).body.players;
    const player = (await getJson(sandbox, `/nfl/player-vs-opponent?player_id=${roster[0].playerId}&opponent=BUF`)).body;
    assert.equal(player.count, teams.count);
    assert.equal(
      player.totals.passingYards,
      player.games.reduce((sum: number, game: { stats: { passingYards: number } }) => sum + game.stats.passingYards, 0),
    );
    assert.equal(player.averages.passingYards, Math.round((player.totals.passingYards / player.count) * 10) / 10);
    assert.equal((await getJson(sandbox, '/nfl/player-vs-opponent?player_id=nobody&opponent=BUF')).status, 404);
  });

  it('GET /nfl/stadiums and /nfl/ir-moves list every club and the week’s reserve moves', async () => {
    const stadiums = (await getJson(sandbox, '/nfl/stadiums')).body;
    assert.equal(stadiums.count, LEAGUES.NFL.teams.length);
    const moves = (await getJson(sandbox, '/nfl/ir-moves')).body;
    assert.equal(moves.count, moves.data.length);
    assert.ok(moves.data.every((move: { move: string }) => ['placed', 'activated'].includes(move.move)));
  });
});

describe('market history and other named endpoints', () => {
  it('GET /splits-history costs 5 weighted units and gives hourly snapshots up to the start', async () => {
    const { status, units, body } = await unitsOf('/splits-history?league=nba&date=2026-11-21');
    assert.equal(status, 200);
    assert.equal(units, 5);
    assert.ok(body.count > 0);
    const game = body.data[0];
    assert.equal(game.snapshots.length, 25);
    assert.ok(
      game.snapshots.every(
        (snap: { spread: { homeBetsPercent: number; awayBetsPercent: number } }) =>
          snap.spread.homeBetsPercent + snap.spread.awayBetsPercent === 100,
      ),
    );
  });

  it('GET /large-wagers, /large-wagers/summary and /nba/roster-moves answer for 1 unit each', async () => {
    for (const path of ['/large-wagers?league=nba', '/large-wagers/summary?league=nba', '/nba/roster-moves']) {
      const { status, units, body } = await unitsOf(path);
      assert.equal(status, 200, path);
      assert.equal(units, 1, path);
      assert.equal(body.count, body.data.length, path);
    }
    const wagers = (await getJson(sandbox, '/large-wagers?league=nba')).body;
    assert.ok(wagers.data.every((wager: { amount: number }) => wager.amount >= wagers.threshold));
  });

  it('charges one unit for each endpoint whose cost the spec does not state, and nothing for a refusal', async () => {
    const roster = (await getJson(sandbox, '/nfl/rosters?team=KC&position=QB')).body.players;
    const oneUnit = [
      '/mlb/strikeout-predictor',
      '/mlb/pitcher-stats?team=NYY',
      '/nfl/rosters?team=KC',
      '/nfl/team-vs-opponent?team=KC&opponent=BUF',
      `/nfl/player-vs-opponent?player_id=${roster[0].playerId}&opponent=BUF`,
      '/nfl/stadiums',
      '/nfl/ir-moves',
    ];
    for (const path of oneUnit) {
      const { status, units } = await unitsOf(path);
      assert.equal(status, 200, path);
      assert.equal(units, 1, path);
    }
    for (const path of ['/nfl/rosters', '/nfl/team-vs-opponent?team=KC', '/mlb/strikeout-predictor?date=2020-01-01']) {
      const { status, units } = await unitsOf(path, 'sk_sandbox_free');
      assert.ok(status >= 400, path);
      assert.equal(units, 0, `${path} is not charged`);
    }
  });

  it('GET /mlb/pitcher-stats gives each starter’s season', async () => {
    const { body } = await getJson(sandbox, '/mlb/pitcher-stats?team=NYY');
    assert.equal(body.count, 5);
    for (const row of body.data) assert.ok(row.stats.inningsPitched > 0 && row.stats.era >= 0);
  });
});
