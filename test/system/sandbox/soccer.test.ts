import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDays, dayStartMs } from '../../../src/sandbox/dates.js';
import { leaguesOn } from '../../../src/sandbox/leagues.js';
import { scriptOf, slate, snapshot, type Game } from '../../../src/sandbox/schedule.js';
import { footballMinute } from '../../../src/sandbox/sim/soccer.js';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { frozenSandbox, getJson } from '../../helpers/sandbox.js';

/** The simulation, on the calendar where every league plays every day (the season calendar has its own tests). */
const LEAGUES = leaguesOn('round-the-clock');

const MLS = LEAGUES.MLS;
/** A season's worth of matchdays: March to October, as MLS plays it. */
const SEASON_START = '2026-03-01';
const SEASON_DAYS = 245;

function season(): Game[] {
  return Array.from({ length: SEASON_DAYS }, (_, day) => slate(MLS, addDays(SEASON_START, day))).flat();
}

function finalScore(game: Game) {
  return snapshot(game, game.startMs + 10 * 86_400_000).score;
}

/** The instant a match reaches a unit of its own timeline (game seconds plus the break). */
function at(game: Game, unit: number): number {
  const script = scriptOf(game);
  return game.startMs + Math.ceil((unit * game.plannedMs) / script.regulationUnits);
}

describe('soccer: the MLS simulation', () => {
  it('plays a quarter of its matches to a draw and about three goals a match, the home side winning most', () => {
    const games = season();
    let draws = 0;
    let goals = 0;
    let homeWins = 0;
    for (const game of games) {
      const { home, away } = finalScore(game);
      goals += home + away;
      if (home === away) draws++;
      if (home > away) homeWins++;
    }
    const drawRate = draws / games.length;
    const homeRate = homeWins / games.length;
    assert.ok(games.length > 1000, `${games.length} matches in a season`);
    assert.ok(drawRate >= 0.2 && drawRate <= 0.3, `draw rate ${(100 * drawRate).toFixed(1)}%`);
    assert.ok(goals / games.length >= 2.5 && goals / games.length <= 3.3, `${(goals / games.length).toFixed(2)} goals a match`);
    assert.ok(homeRate > 1 - drawRate - homeRate, `home sides won ${(100 * homeRate).toFixed(1)}%`);
  });

  it('has matchdays on Wednesday, Saturday and Sunday, every club once, and empty days between', () => {
    for (let day = 0; day < 14; day++) {
      const date = addDays('2026-11-23', day);
      const weekday = new Date(dayStartMs(date)).getUTCDay();
      const games = slate(MLS, date);
      if (![0, 3, 6].includes(weekday)) {
        assert.equal(games.length, 0, `${date} should have no matches`);
        continue;
      }
      assert.equal(games.length, MLS.teams.length / 2, date);
      const clubs = games.flatMap((game) => [game.home.abbreviation, game.away.abbreviation]);
      assert.equal(new Set(clubs).size, MLS.teams.length, `${date}: every club once`);
    }
  });

  it('runs the minute up through stoppage time, with half-time between the halves', () => {
    let stoppageSeen = 0;
    for (const game of slate(MLS, '2026-11-22')) {
      const script = scriptOf(game);
      const states = [];
      for (let unit = 0; unit < script.endUnit; unit += 30) states.push(script.stateAt(unit));
      const displays = states.map((state) => state.display);
      assert.equal(displays[0], "1'");
      assert.ok(displays.includes("45'") && displays.includes("46'") && displays.includes("90'"), game.ids.slug);
      assert.ok(displays.includes('HT'), 'half-time');
      assert.ok(!displays.includes("91'") && !displays.some((text) => /\+0'$/.test(text)), 'added time is 90+n, never 91');
      const firstHalfStoppage = displays.filter((text) => /^45\+\d'$/.test(text));
      const secondHalfStoppage = displays.filter((text) => /^90\+\d'$/.test(text));
      assert.ok(secondHalfStoppage.length > 0, `${game.ids.slug}: no stoppage time after 90'`);
      stoppageSeen += firstHalfStoppage.length;
      // Half-time sits between 45+' and 46', never elsewhere.
      const firstHT = displays.indexOf('HT');
      assert.match(displays[firstHT - 1]!, /^45(\+\d)?'$/);
      assert.equal(displays[displays.lastIndexOf('HT') + 1], "46'");
      for (const state of states.filter((state) => state.segment === 'play')) {
        assert.equal(state.minute, state.display);
        assert.equal(state.period, Number(/^\d+/.exec(state.minute!)![0]) <= 45 ? 1 : 2, state.minute);
      }
    }
    assert.ok(stoppageSeen > 0, 'first-half stoppage time shows as 45+n');
  });

  it("writes the minute as football does: 1' from kick-off, 45+2', 90+4'", () => {
    assert.equal(footballMinute(1, 0), "1'");
    assert.equal(footballMinute(1, 59), "1'");
    assert.equal(footballMinute(1, 44 * 60 + 30), "45'");
    assert.equal(footballMinute(1, 46 * 60 + 5), "45+2'");
    assert.equal(footballMinute(2, 0), "46'");
    assert.equal(footballMinute(2, 48 * 60), "90+4'");
  });

  it('scores goals only while the ball is in play, and the final score is the sum of them', () => {
    for (const game of slate(MLS, '2026-11-25')) {
      const script = scriptOf(game);
      for (const event of script.events) assert.equal(script.stateAt(event.at).segment, 'play', `goal at ${event.at} in ${game.ids.slug}`);
      const { home, away } = finalScore(game);
      assert.equal(home + away, script.events.length);
    }
  });
});

describe('soccer: the sandbox over HTTP', () => {
  let sandbox: RunningSandbox;
  const sunday = '2026-11-22';
  before(async () => {
    // Frozen where the 8th match of a Sunday is in its second half.
    const game = slate(MLS, sunday)[7]!;
    sandbox = await frozenSandbox(at(game, 60 * 60 + 15 * 60 + 20 * 60));
  });
  after(() => sandbox.close());

  it('/live-games speaks football: a live match with its half and minute, finals, fixtures to come', async () => {
    const feed = (await getJson(sandbox, '/live-games?sport=mls')).body as {
      games: Array<{ status: string; state: { period: number; display: string; minute?: string } | null; homeTeam: { name: string } }>;
    };
    const live = feed.games.filter((game) => game.status === 'live');
    assert.ok(live.length >= 1);
    for (const game of live) {
      assert.ok([1, 2].includes(game.state!.period));
      assert.match(game.state!.display, /^(HT|\d{1,2}'|(45|90)\+\d+')$/);
    }
    assert.ok(feed.games.some((game) => game.status === 'final'));
    assert.ok(feed.games.some((game) => game.status === 'scheduled'));
    const clubs = new Set(MLS.teams.map((team) => team.fullName));
    assert.ok(feed.games.every((game) => clubs.has(game.homeTeam.name)));
  });

  it('/teams gives clubs with colours and a table with wins, draws, losses, goals and points', async () => {
    const teams = (await getJson(sandbox, '/teams?league=mls')).body as {
      data: Array<{ fullName: string; abbreviation: string; primaryColor: string; standings: Record<string, number> }>;
    };
    assert.equal(teams.data.length, 30);
    assert.ok(teams.data.some((team) => team.fullName === 'Inter Miami CF' && team.abbreviation === 'MIA'));
    for (const { standings } of teams.data) {
      assert.equal(standings.points, standings.wins! * 3 + standings.ties!);
      assert.ok(standings.pointsFor! >= 0 && standings.pointsAgainst! >= 0);
    }
    const draws = teams.data.reduce((sum, team) => sum + team.standings.ties!, 0);
    assert.ok(draws > 0, 'some matches this month were drawn');
  });

  it('/injuries lists players out or questionable by club, with football positions', async () => {
    const report = (await getJson(sandbox, '/injuries?league=mls')).body as {
      data: Array<{ players: Array<{ status: string; position: string }> }>;
    };
    const players = report.data.flatMap((team) => team.players);
    assert.ok(players.length > 0);
    for (const player of players) {
      assert.ok(['Out', 'Questionable'].includes(player.status), player.status);
      assert.ok(['GK', 'D', 'M', 'F'].includes(player.position), player.position);
    }
  });

  it('/recent-form and /head-to-head count draws', async () => {
    const form = (await getJson(sandbox, '/recent-form?league=mls&limit=20')).body as {
      data: Array<{ games: Array<{ result: string }> }>;
    };
    const results = form.data.flatMap((team) => team.games.map((game) => game.result));
    assert.ok(results.includes('T') && results.includes('W') && results.includes('L'));
    const meetings = (await getJson(sandbox, '/head-to-head?league=mls&teamA=SEA&teamB=POR&limit=20')).body as {
      summary: { teamAWins: number; teamBWins: number; ties: number };
      games: unknown[];
    };
    const { teamAWins, teamBWins, ties } = meetings.summary;
    assert.ok(meetings.games.length > 0);
    assert.equal(teamAWins + teamBWins + ties, meetings.games.length);
  });

  it('offers no lines, odds or team statistics for MLS, as the spec says', async () => {
    const lines = (await getJson(sandbox, '/lines?league=mls')).body as { data: unknown[] };
    assert.equal(lines.data.length, 0);
    const stats = await getJson(sandbox, '/mls/team-stats');
    assert.ok(stats.status >= 400);
    const fixtures = (await getJson(sandbox, '/games?league=mls')).body as {
      data: Array<{ homeTeam: { name: string }; splits?: unknown }>;
    };
    assert.equal(fixtures.data.length, 15);
    assert.ok(
      fixtures.data.every((game) => game.splits === undefined),
      'stored MLS games carry no betting splits',
    );
  });
});
