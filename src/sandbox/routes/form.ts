import { Hono } from 'hono';
import { z } from 'zod';
import { findTeam, type League, type Team } from '../leagues.js';
import { pastGames, scriptOf, type GameSnapshot } from '../schedule.js';
import { deps, fail, iso, leagueParam, metered, parseQuery, type SandboxEnv } from '../http.js';

// Far enough to reach the last season's final games from any day of an off-season.
const LOOKBACK_DAYS = 250;
const HEAD_TO_HEAD_LOOKBACK_DAYS = 400;

const limitParam = z.coerce.number().int().min(1).max(20);
const recentFormQuery = z.object({ league: leagueParam, team: z.string().min(1).optional(), limit: limitParam.default(10) });
const headToHeadQuery = z.object({
  league: leagueParam,
  teamA: z.string({ error: 'teamA is required (a team abbreviation)' }).min(1),
  teamB: z.string({ error: 'teamB is required (a team abbreviation)' }).min(1),
  limit: limitParam.default(10),
});

function requireTeam(league: League, value: string, name: string): Team {
  const team = findTeam(league, value);
  if (!team) fail(400, 'bad_request', `${name}: no ${league.code} team "${value}"`);
  return team;
}

function resultOf(scored: number, allowed: number): 'W' | 'L' | 'T' {
  return scored > allowed ? 'W' : scored < allowed ? 'L' : 'T';
}

/** W, L or T; an MMA bout's also says how it ended (a no contest is `NC`, neither won nor drawn). */
function formResult(snap: GameSnapshot, side: 'home' | 'away', scored: number, allowed: number) {
  const bout = snap.game.bout ? scriptOf(snap.game).result : undefined;
  if (!bout) return { result: resultOf(scored, allowed) };
  return {
    result: bout.method === 'No contest' ? 'NC' : bout.winner === null ? 'T' : bout.winner === side ? 'W' : 'L',
    method: bout.method,
    methodDetail: bout.detail,
    round: bout.round,
    time: bout.time,
  };
}

function formGame(team: Team, snap: GameSnapshot) {
  const { game } = snap;
  const home = game.home === team;
  const opponent = home ? game.away : game.home;
  const teamScore = home ? snap.score.home : snap.score.away;
  const opponentScore = home ? snap.score.away : snap.score.home;
  return {
    gameId: game.ids.slug,
    date: game.date,
    startTime: iso(game.startMs),
    homeAway: home ? 'home' : 'away',
    opponent: { id: opponent.abbreviation.toLowerCase(), abbreviation: opponent.abbreviation, name: opponent.fullName },
    teamScore,
    opponentScore,
    ...formResult(snap, home ? 'home' : 'away', teamScore, opponentScore),
  };
}

/** Shapes of both endpoints are not shown in the spec; these are the sandbox's, newest game first. */
export const formRoutes = new Hono<SandboxEnv>()
  .get('/recent-form', metered(1), (c) => {
    const query = parseQuery(c, recentFormQuery);
    const now = deps(c).clock.now();
    const only = query.team === undefined ? undefined : requireTeam(query.league, query.team, 'team');
    const data = query.league.teams
      .filter((team) => !only || team === only)
      .map((team) => {
        // A fighter fights every few weeks: a year of cards to find the last ones.
        const lookback = query.league.bouts ? HEAD_TO_HEAD_LOOKBACK_DAYS : LOOKBACK_DAYS;
        const games = pastGames(query.league, now, lookback, (g) => g.home === team || g.away === team, query.limit).map((snap) =>
          formGame(team, snap),
        );
        const count = (result: string) => games.filter((game) => game.result === result).length;
        return {
          teamId: team.abbreviation.toLowerCase(),
          abbreviation: team.abbreviation,
          name: team.fullName,
          record: { wins: count('W'), losses: count('L'), ties: count('T') },
          games,
        };
      });
    return c.json({ league: query.league.code, count: data.length, data });
  })
  .get('/head-to-head', metered(1), (c) => {
    const query = parseQuery(c, headToHeadQuery);
    const now = deps(c).clock.now();
    const teamA = requireTeam(query.league, query.teamA, 'teamA');
    const teamB = requireTeam(query.league, query.teamB, 'teamB');
    if (teamA === teamB) fail(400, 'bad_request', 'teamB: must differ from teamA');
    const meetings = pastGames(
      query.league,
      now,
      HEAD_TO_HEAD_LOOKBACK_DAYS,
      (g) => (g.home === teamA && g.away === teamB) || (g.home === teamB && g.away === teamA),
      query.limit,
    );
    const games = meetings.map((snap) => {
      const { game } = snap;
      const winner = snap.score.home === snap.score.away ? null : snap.score.home > snap.score.away ? game.home : game.away;
      return {
        gameId: game.ids.slug,
        date: game.date,
        startTime: iso(game.startMs),
        homeTeam: { abbreviation: game.home.abbreviation, name: game.home.fullName, score: snap.score.home },
        awayTeam: { abbreviation: game.away.abbreviation, name: game.away.fullName, score: snap.score.away },
        winner: winner?.abbreviation ?? null,
      };
    });
    const wins = (team: Team) => games.filter((game) => game.winner === team.abbreviation).length;
    const summary = { teamAWins: wins(teamA), teamBWins: wins(teamB), ties: games.filter((game) => game.winner === null).length };
    const describe = (team: Team) => ({ id: team.abbreviation.toLowerCase(), abbreviation: team.abbreviation, name: team.fullName });
    return c.json({ league: query.league.code, teamA: describe(teamA), teamB: describe(teamB), count: games.length, summary, games });
  });
