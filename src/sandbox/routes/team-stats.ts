import { Hono } from 'hono';
import { z } from 'zod';
import { dayStartMs, dateOf } from '../dates.js';
import { findTeam, parseLeague } from '../leagues.js';
import { definitionsOf, ranksOf, seasonOf, TEAM_STATS_LEAGUES, teamStatLines } from '../team-stats.js';
import { deps, fail, iso, metered, parseQuery, type SandboxEnv } from '../http.js';

const teamStatsQuery = z.object({
  season: z
    .string()
    .regex(/^\d{4}(-\d{2})?$/, 'season is written YYYY-YY (or YYYY for NFL and MLB)')
    .optional(),
  teamId: z.string().trim().min(1).optional(),
  team: z.string().trim().min(1).optional(),
  split: z.literal('season', { error: 'split: only season is offered' }).optional(),
});

/**
 * `/{league}/team-stats`: season-to-date team statistics with league-wide ranks, compiled nightly through the prior
 * day. 1 unit for one team, 5 for the league. An unknown league, season or team is 404, as the spec documents.
 * The spec also names `GET /nfl/team-stats` (params `team`, `season`) among the NFL statistics endpoints: that is this
 * path with league nfl, so one endpoint answers both, taking `team` as another name for `teamId`.
 */
export const teamStatsRoutes = new Hono<SandboxEnv>().get(
  '/:league/team-stats',
  metered((c) => (c.req.query('teamId') || c.req.query('team') ? 1 : 5)),
  (c) => {
    const league = parseLeague(c.req.param('league'), deps(c).calendar);
    if (!league || !TEAM_STATS_LEAGUES[league.code])
      fail(404, 'not_found', `Team statistics are offered for nba, nfl, nhl and mlb, not "${c.req.param('league')}".`);
    const query = parseQuery(c, teamStatsQuery);
    const now = deps(c).clock.now();
    const season = seasonOf(league, dateOf(now));
    if (query.season && query.season !== season)
      fail(404, 'not_found', `No ${league.code} team statistics for season ${query.season}; the current season is ${season}.`);
    const wanted = query.teamId ?? query.team;
    const team = wanted ? findTeam(league, wanted) : undefined;
    if (wanted && !team) fail(404, 'not_found', `No ${league.code} team "${wanted}".`);
    const lines = teamStatLines(league, now);
    const ranks = ranksOf(league, lines);
    const teams = lines
      .filter((line) => !team || line.team === team)
      .map((line) => ({
        team: { id: line.team.abbreviation.toLowerCase(), name: line.team.fullName, abbreviation: line.team.abbreviation },
        meta: { gp: line.gp },
        stats: line.stats,
        ranks: ranks.get(line.team)!,
      }));
    return c.json({
      league: league.code,
      season,
      split: 'season',
      schemaVersion: '2.1',
      source: 'pressbox-sandbox',
      // Compiled at 06:00 UTC from the games through the prior day.
      lastUpdated: iso(Math.min(now, dayStartMs(dateOf(now)) + 6 * 3_600_000)),
      count: teams.length,
      teams,
      definitions: definitionsOf(league),
      disclaimer: 'Sandbox statistics: synthetic, season to date through the prior day, for development only.',
    });
  },
);
