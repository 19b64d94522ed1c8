import { REFRESH_MS, refreshMsFor } from '../../contract/refresh.js';
import { z } from 'zod';
import type { ResourceContext } from './context.js';
import { formResource } from './form.js';
import { gameResource } from './game.js';
import { injuriesResource } from './injuries.js';
import { pitchingMatchupResource } from './pitching-matchup.js';
import { dateParam, gameIdParam, leagueListParam, leagueParam, marketsParam, parseParams, teamParam } from './params.js';
import { propsResource } from './props.js';
import { scoresResource } from './scores.js';
import { standingsResource } from './standings.js';
import { TEAM_STATS_LEAGUES, teamStatsResource } from './team-stats.js';
import { winProbabilityResource } from './win-probability.js';

/** A payload built for one validated request, with how soon the live hub should read it again. */
export interface Built {
  payload: object;
  /** Live ≈ 10 s, upcoming ≈ 60 s, settled ≈ 5 min: from the payload's own state. */
  pollMs: number;
}

/** One validated request of a route: its parameters stay inside, with their type. */
export interface Planned {
  build(ctx: ResourceContext): Promise<Built>;
}

/** One widget data route: its path, and how to read a request's parameters (a `bad_request` when they are wrong). */
export interface WidgetRoute {
  /** `/v1/games/:gameId` */
  pattern: string;
  read(query: Record<string, string>, path: Record<string, string>): Planned;
}

type Status = 'scheduled' | 'live' | 'final';

const byStatus = (statuses: Status[]): number => refreshMsFor(statuses);

const scoresQuery = z.object({ league: leagueListParam, date: dateParam.optional(), team: teamParam.optional() });
const gameQuery = z.object({ league: leagueParam });
const formQuery = z.object({ league: leagueParam, team: teamParam, opponent: teamParam.optional() });
const gameParamsQuery = z.object({ league: leagueParam, gameId: gameIdParam });
const propsQuery = z.object({ league: leagueParam, gameId: gameIdParam, markets: marketsParam.optional() });
const injuriesQuery = z.object({ league: leagueParam, team: teamParam.optional() });
const standingsQuery = z.object({ league: leagueParam });
const teamStatsQuery = z.object({
  league: leagueParam.refine((league) => (TEAM_STATS_LEAGUES as readonly string[]).includes(league), {
    message: `team statistics are offered for ${TEAM_STATS_LEAGUES.join(', ')}`,
  }),
  team: teamParam,
});
const matchupQuery = z.object({
  gameId: gameIdParam,
  league: leagueParam.refine((league) => league === 'mlb', { message: 'pitching matchups are for mlb games' }).optional(),
});

function route<Params, Payload extends object>(
  pattern: string,
  read: (query: Record<string, string>, path: Record<string, string>) => Params,
  build: (ctx: ResourceContext, params: Params) => Promise<Payload>,
  pollMs: (payload: Payload) => number,
): WidgetRoute {
  return {
    pattern,
    read(query, path) {
      const params = read(query, path);
      return {
        async build(ctx) {
          const payload = await build(ctx, params);
          return { payload, pollMs: pollMs(payload) };
        },
      };
    },
  };
}

export const WIDGET_ROUTES: readonly WidgetRoute[] = [
  route(
    '/v1/scores',
    (query) => {
      const params = parseParams(scoresQuery, query);
      return { leagues: params.league, date: params.date, team: params.team };
    },
    scoresResource,
    (payload) => byStatus(payload.games.map((game) => game.status)),
  ),
  route(
    '/v1/games/:gameId',
    (query, path) => ({
      league: parseParams(gameQuery, query).league,
      gameId: parseParams(z.object({ gameId: gameIdParam }), path).gameId,
    }),
    gameResource,
    (payload) => byStatus([payload.game.status]),
  ),
  route(
    '/v1/form',
    (query) => parseParams(formQuery, query),
    formResource,
    () => REFRESH_MS.form,
  ),
  route(
    '/v1/win-probability',
    (query) => parseParams(gameParamsQuery, query),
    winProbabilityResource,
    (payload) => byStatus([payload.status]),
  ),
  route(
    '/v1/props',
    (query) => parseParams(propsQuery, query),
    propsResource,
    () => REFRESH_MS.props,
  ),
  route(
    '/v1/injuries',
    (query) => parseParams(injuriesQuery, query),
    injuriesResource,
    () => REFRESH_MS.injuries,
  ),
  route(
    '/v1/standings',
    (query) => parseParams(standingsQuery, query),
    standingsResource,
    (payload) => payload.refreshMs,
  ),
  route(
    '/v1/team-stats',
    (query) => parseParams(teamStatsQuery, query),
    teamStatsResource,
    (payload) => payload.refreshMs,
  ),
  route(
    '/v1/pitching-matchup',
    (query) => ({ gameId: parseParams(matchupQuery, query).gameId }),
    pitchingMatchupResource,
    (payload) => payload.refreshMs,
  ),
];

const decoded = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

const SEGMENTS = WIDGET_ROUTES.map((route) => ({ route, pattern: route.pattern.split('/') }));

/** The route a path belongs to, with its path parameters (`/v1/games/g_1` → gameId g_1); none for a malformed escape. */
export function matchRoute(pathname: string): { route: WidgetRoute; path: Record<string, string> } | undefined {
  const parts = pathname.split('/');
  for (const { route: candidate, pattern } of SEGMENTS) {
    if (pattern.length !== parts.length) continue;
    const path: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) {
        const value = decoded(parts[i]!);
        if (value === undefined || value === '') return false;
        path[segment.slice(1)] = value;
        return true;
      }
      return segment === parts[i];
    });
    if (matches) return { route: candidate, path };
  }
  return undefined;
}
