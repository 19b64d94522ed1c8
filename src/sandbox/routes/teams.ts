import { Hono } from 'hono';
import { z } from 'zod';
import { dateOf, dayStartMs } from '../dates.js';
import { findTeam, type League, type Team } from '../leagues.js';
import { injuriesOf } from '../injuries.js';
import { slate } from '../schedule.js';
import { standingsOf } from '../standings.js';
import { booleanParam, dateParam, deps, fail, iso, leagueParam, metered, parseQuery, type SandboxEnv } from '../http.js';

const teamsQuery = z.object({ league: leagueParam, injuries: booleanParam.optional() });
const injuriesQuery = z.object({ league: leagueParam, reportDate: dateParam.optional(), team: z.string().min(1).optional() });

const REVISION_HOURS = 3;

function teamFilter(league: League, value: string | undefined): Team | undefined {
  if (value === undefined) return undefined;
  const team = findTeam(league, value);
  if (!team) fail(400, 'bad_request', `team: no ${league.code} team "${value}"`);
  return team;
}

/** NFL weeks count from the first Thursday of September of the season's year. */
function nflWeek(date: string): number {
  const year = Number(date.slice(0, 4));
  const seasonYear = Number(date.slice(5, 7)) >= 3 ? year : year - 1;
  const september = Date.UTC(seasonYear, 8, 1);
  const firstThursday = september + ((4 - new Date(september).getUTCDay() + 7) % 7) * 86_400_000;
  return Math.max(1, Math.floor((dayStartMs(date) - firstThursday) / (7 * 86_400_000)) + 1);
}

export const teamRoutes = new Hono<SandboxEnv>()
  .get('/teams', metered(1), (c) => {
    const query = parseQuery(c, teamsQuery);
    const now = deps(c).clock.now();
    const standings = standingsOf(query.league, now);
    const today = dateOf(now);
    const data = query.league.teams.map((team) => ({
      teamId: team.abbreviation.toLowerCase(),
      league: query.league.code,
      city: team.city,
      name: team.nickname,
      fullName: team.fullName,
      abbreviation: team.abbreviation,
      primaryColor: team.primaryColor,
      secondaryColor: team.secondaryColor,
      // A fighter's standing is the career record (the sandbox's choice; the spec shows team standings only).
      standings: team.record
        ? {
            wins: team.record.wins,
            losses: team.record.losses,
            ties: team.record.draws,
            pct: Math.round((team.record.wins / (team.record.wins + team.record.losses + team.record.draws)) * 1000) / 1000,
          }
        : standings.get(team),
      ...(team.division ? { weightClass: team.division, country: team.country } : {}),
      ...(query.injuries
        ? {
            injuries: injuriesOf(query.league, team.index, today).map((injury) => ({
              name: injury.player.name,
              status: injury.status,
              reason: injury.reason,
              statusContext: injury.statusContext,
            })),
          }
        : {}),
    }));
    return c.json({ league: query.league.code, count: data.length, includeInjuries: query.injuries ?? false, data });
  })
  .get('/injuries', metered(1), (c) => {
    const query = parseQuery(c, injuriesQuery);
    const now = deps(c).clock.now();
    const today = dateOf(now);
    const reportDate = query.reportDate ?? today;
    if (reportDate > today) fail(400, 'bad_request', `reportDate: ${reportDate} is in the future; reports exist up to ${today}`);
    const team = teamFilter(query.league, query.team);
    // Injury reports are not offered for MMA's fighters: an empty report, as for a league without injuries that day.
    if (query.league.bouts) return c.json({ league: query.league.code, reportDate, count: 0, data: [] });
    const games = slate(query.league, reportDate);
    const practice = query.league.practiceReports;
    // Reports are revised every three hours through the day; a past day's report is final.
    const dayStart = dayStartMs(reportDate);
    const revision = reportDate < today ? Math.floor(24 / REVISION_HOURS) : Math.floor((now - dayStart) / (REVISION_HOURS * 3_600_000)) + 1;
    const updatedAt = dayStart + (revision - 1) * REVISION_HOURS * 3_600_000;
    const data = query.league.teams
      .filter((candidate) => !team || candidate === team)
      .map((candidate) => {
        const game = games.find((g) => g.home === candidate || g.away === candidate);
        const home = game?.home === candidate;
        const opponent = game ? (home ? game.away : game.home) : undefined;
        return {
          teamId: candidate.abbreviation.toLowerCase(),
          teamAbbr: candidate.abbreviation,
          teamName: candidate.fullName,
          opponentTeamAbbr: opponent?.abbreviation ?? null,
          gameDate: reportDate,
          matchup: game ? `${game.away.abbreviation} @ ${game.home.abbreviation}` : null,
          gameId: game?.ids.slug ?? null,
          kickoff: game ? iso(game.startMs) : null,
          ...(practice ? { week: nflWeek(reportDate) } : {}),
          homeAway: game ? (home ? 'home' : 'away') : null,
          report: {
            date: reportDate,
            type: practice ? 'practice' : 'daily',
            version: '1',
            revision,
            updatedAt: iso(updatedAt),
            checkedAt: iso(now),
            final: reportDate < today,
            stale: false,
          },
          players: injuriesOf(query.league, candidate.index, reportDate).map((injury) => ({
            name: injury.player.name,
            status: injury.status,
            position: injury.player.position,
            reason: injury.reason,
            playerId: injury.player.playerId,
            ...(practice
              ? {
                  practiceParticipation: injury.practiceParticipation,
                  gameDesignation: injury.gameDesignation,
                  statusChange: injury.statusChange,
                  reserve: injury.reserve,
                }
              : {}),
          })),
        };
      });
    return c.json({ league: query.league.code, reportDate, count: data.length, data });
  });
