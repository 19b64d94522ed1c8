import { ELEMENT_DETAILS } from '../../contract/elements.js';
import {
  DATA_ROUTE_PATHS,
  DATA_ROUTES,
  routeLeagues,
  type DataRoute,
  type RoutePayload,
  type RouteQuery,
  type Unrefreshed,
} from '../../contract/routes.js';
import { z } from 'zod';
import { keptName, keptOnceSettled, pinnable, refuseAsOf } from './archive.js';
import { dayBucket } from '../metering/month.js';
import type { ResourceContext } from './context.js';
import { fightCardResource } from './fight-card.js';
import { formResource } from './form.js';
import { gameResource } from './game.js';
import { injuriesResource } from './injuries.js';
import { pitchingMatchupResource } from './pitching-matchup.js';
import {
  dateParam,
  gameIdParam,
  leagueListParam,
  leagueParam,
  marketsParam,
  parseParams,
  refuseDateOutsideWindow,
  teamParam,
} from './params.js';
import { propsResource } from './props.js';
import { scoresResource } from './scores.js';
import { standingsResource } from './standings.js';
import { teamStatsResource } from './team-stats.js';
import { RelayError } from '../base/errors.js';
import { widgetLeague } from '../../contract/leagues.js';
import { winProbabilityResource } from './win-probability.js';
import { bettingSplitsResource } from './betting-splits.js';
import { lineMovementResource } from './line-movement.js';
import { oddsBoardResource } from './odds-board.js';

/** A payload built for one validated request, with how soon the live hub should read it again. */
export interface Built {
  payload: object;
  /** Live ≈ 10 s, upcoming ≈ 60 s, settled ≈ 5 min: from the payload's own state. */
  pollMs: number;
}

/** One validated request of a route: its parameters stay inside, with their type. */
export interface Planned {
  /** The contract route it reads (`/v1/games/{gameId}`). */
  pattern: DataRoute;
  /** Whether it asks for betting data on a route that has more (`betState=1`): a key that hides odds is refused it. */
  asksBetting: boolean;
  /**
   * The request as the route reads it: path and query rebuilt from the validated parameters, sorted, nothing else. Every
   * spelling of one request has one canonical name, and only it names topics, cache entries and Redis keys.
   */
  canonical: string;
  /** The league or leagues asked for (`nba`, `nba,nhl`), '' when the route names none: what the recorder follows. */
  leagues: string;
  /** Refuses what the clock rules out (a date outside the relay's window), before any upstream call. */
  refuseAt(now: number): void;
  build(ctx: ResourceContext): Promise<Built>;
}

/** One widget data route: its path, and how to read a request's parameters (a `bad_request` when they are wrong). */
export interface WidgetRoute {
  /** `/v1/games/{gameId}`, as the contract names it. */
  pattern: DataRoute;
  /** `/v1/games/:gameId`: how usage and metrics have always named the route. */
  label: string;
  /** The query's parameter names as the schema reads them, for the docs. */
  query: Array<{ name: string; optional: boolean }>;
  read(query: Record<string, string>, path: Record<string, string>): Planned;
}

const pinnedDay = { 'as-of': dateParam.optional() };
const gameDay = { date: dateParam.optional() };
const betStateAsked = { betState: z.literal('1', { error: 'betState accepts only 1 (each game against its closing line)' }).optional() };
const scoresQuery = z.object({
  league: leagueListParam,
  date: dateParam.optional(),
  team: teamParam.optional(),
  ...pinnedDay,
  ...betStateAsked,
});
const gameQuery = z.object({ league: leagueParam, ...gameDay, ...betStateAsked });
const standingsQuery = z.object({ league: leagueParam, ...pinnedDay });
const formQuery = z.object({ league: leagueParam, team: teamParam, opponent: teamParam.optional(), ...pinnedDay });
const gameParamsQuery = z.object({ league: leagueParam, gameId: gameIdParam, ...gameDay });
const propsQuery = z.object({ league: leagueParam, gameId: gameIdParam, markets: marketsParam.optional(), ...gameDay });
const injuriesQuery = z.object({ league: leagueParam, team: teamParam.optional(), ...pinnedDay });
const teamStatsQuery = z.object({ league: leagueParam, team: teamParam, ...pinnedDay });
// league is optional (the route serves mlb alone): it is checked, and left out of the canonical name (the game id decides).
const matchupQuery = z
  .object({ gameId: gameIdParam, league: leagueParam.optional(), ...gameDay })
  .transform(({ gameId, date }) => ({ gameId, date }));
const fightCardQuery = z.object({ league: leagueParam, date: dateParam.optional() });
const oddsQuery = z.object({ league: leagueParam, team: teamParam.optional() });
const bettingSplitsQuery = z.object({ league: leagueParam, gameId: gameIdParam.optional(), team: teamParam.optional() });
const gamePath = z.object({ gameId: gameIdParam });

type ParamValue = string | readonly string[] | undefined;

/** `?a=1&b=x,y`: the validated parameters by name, sorted, lists joined by commas, absent ones left out. */
function canonicalQuery(params: Record<string, ParamValue>): string {
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined) continue;
    search.set(name, typeof value === 'string' ? value : value.join(','));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `/v1/games/{gameId}` with the validated path parameters, percent-encoded. */
function canonicalPath(pattern: string, path: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!));
}

/** The names an object schema reads (through a transform), each with whether it may be left out. */
function parameterNames(schema: z.ZodType): Array<{ name: string; optional: boolean }> {
  const object = (schema instanceof z.ZodPipe ? schema.in : schema) as z.ZodObject;
  return Object.entries(object.shape).map(([name, parameter]) => ({ name, optional: parameter.safeParse(undefined).success }));
}

/**
 * Refuses a league the route's elements do not serve (element registry), before anything is spent on it: the message
 * and the answer's `leagues` name those it serves, and the element shows them.
 */
function refuseUnservedLeagues(pattern: DataRoute, asked: string | undefined): void {
  const served = routeLeagues(pattern);
  const leagues = (asked ?? '').split(',').map((name) => widgetLeague(name) ?? '');
  const unserved = [...new Set(leagues.filter((league) => league && !(served as readonly string[]).includes(league)))];
  if (unserved.length === 0) return;
  const title = ELEMENT_DETAILS[DATA_ROUTES[pattern].elements[0]!].title;
  throw new RelayError(
    'bad_request',
    `Bad request: league: ${title} (${pattern}) is offered for ${served.join(', ')}; not for ${unserved.join(', ')}.`,
    {},
    undefined,
    { leagues: [...served] },
  );
}

/**
 * How a route's answers outlive their day (resources/archive.ts): a game's answer is kept once `settled` and answered
 * from the store for ever; a pinnable request (`pinned`: what it shows, for messages) keeps a snapshot a day and answers
 * `as-of` from it. What is kept is named by the request without the parameters that only help find it: `as-of`, and a
 * game's `date` where `dateFindsGame`.
 */
type Keeping<Route extends DataRoute, Params> =
  { settled(payload: Unrefreshed<RoutePayload<Route>>, params: Params): boolean; dateFindsGame?: true } | { pinned: string };

const findingParams = (keeping: Keeping<DataRoute, never> | undefined): readonly string[] =>
  keeping && 'settled' in keeping && keeping.dateFindsGame ? ['as-of', 'date'] : ['as-of'];

/** `unknown` when both have the same keys, else `never` (no schema fits). */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? unknown : never) : never;

/**
 * A contract route served: its query read by a schema that takes exactly the contract's query (the compiler checks
 * both ways), its payload built by a resource, and `refreshMs` added by the contract's rule.
 */
function route<Route extends DataRoute, Query extends z.ZodType<Record<string, ParamValue>, RouteQuery<Route>>>(
  pattern: Route,
  query: Query & SameKeys<RouteQuery<Route>, z.input<Query>>,
  build: (ctx: ResourceContext, params: z.output<Query> & Record<string, string>) => Promise<Unrefreshed<RoutePayload<Route>>>,
  pathSchema?: z.ZodType<Record<string, string>>,
  keeping?: Keeping<Route, z.output<Query> & Record<string, string>>,
): WidgetRoute {
  const refreshMs = DATA_ROUTES[pattern].refreshMs as (payload: Unrefreshed<RoutePayload<Route>>) => number;
  type Params = z.output<Query> & Record<string, string>;
  /** The answer built, or the kept one (see `Keeping`). */
  const answer = (ctx: ResourceContext, params: Params, keptAs: string): Promise<Unrefreshed<RoutePayload<Route>>> => {
    const make = () => build(ctx, params);
    if (!keeping) return make();
    const name = keptName(ctx.upstream.name, keptAs);
    if ('pinned' in keeping) return pinnable(ctx, name, params['as-of'], keeping.pinned, make);
    return keptOnceSettled(ctx, name, make, (payload) => keeping.settled(payload, params));
  };
  return {
    pattern,
    label: pattern.replace(/\{(\w+)\}/g, ':$1'),
    query: parameterNames(query),
    read(rawQuery, rawPath) {
      const params = parseParams(query, rawQuery);
      // After the schema, so an unknown league or parameter is named first; the raw value, as some schemas drop it.
      refuseUnservedLeagues(pattern, rawQuery.league);
      const path = pathSchema ? parseParams(pathSchema, rawPath) : {};
      const all = { ...params, ...path } as Params;
      const finding = findingParams(keeping as Keeping<DataRoute, never> | undefined);
      const named = Object.fromEntries(Object.entries(params).filter(([name]) => !finding.includes(name)));
      const keptAs = `${canonicalPath(pattern, path)}${canonicalQuery(named)}`;
      return {
        pattern,
        asksBetting: params.betState === '1',
        canonical: `${canonicalPath(pattern, path)}${canonicalQuery(params)}`,
        leagues: [params.league ?? ''].flat().join(','),
        refuseAt(now) {
          refuseAsOf(all['as-of'], now);
          // A game's day only helps find it: a kept game is answered whatever its age (games.ts checks it before asking).
          // A day pinned in the past is answered from its snapshot, whatever the date it shows.
          const pinnedPast = all['as-of'] !== undefined && all['as-of'] < dayBucket(now);
          if (!finding.includes('date') && !pinnedPast) refuseDateOutsideWindow(all.date, now);
        },
        async build(ctx) {
          const built = await answer(ctx, all, keptAs);
          const pollMs = refreshMs(built);
          return { payload: { ...built, refreshMs: pollMs }, pollMs };
        },
      };
    },
  };
}

/** Every contract route, served; the compiler holds this to the contract's list. */
export const WIDGET_ROUTES_BY_PATH: { [Route in DataRoute]: WidgetRoute } = {
  '/v1/scores': route(
    '/v1/scores',
    scoresQuery,
    (ctx, params) =>
      scoresResource(ctx, { leagues: params.league, date: params.date, team: params.team, betState: params.betState === '1' }),
    undefined,
    { pinned: 'scores' },
  ),
  '/v1/games/{gameId}': route(
    '/v1/games/{gameId}',
    gameQuery,
    (ctx, params) => gameResource(ctx, { league: params.league, gameId: params.gameId!, date: params.date, betState: params.betState }),
    gamePath,
    { settled: (payload) => payload.game.status === 'final', dateFindsGame: true },
  ),
  '/v1/form': route('/v1/form', formQuery, formResource, undefined, { pinned: 'form' }),
  '/v1/win-probability': route('/v1/win-probability', gameParamsQuery, winProbabilityResource, undefined, {
    settled: (payload) => payload.status === 'final',
    dateFindsGame: true,
  }),
  // Closed props are an article's record of the market: kept once the game is final, like the game itself.
  '/v1/props': route('/v1/props', propsQuery, propsResource, undefined, {
    settled: (payload) => payload.closed === true,
    dateFindsGame: true,
  }),
  '/v1/injuries': route('/v1/injuries', injuriesQuery, injuriesResource, undefined, { pinned: 'injury report' }),
  '/v1/standings': route('/v1/standings', standingsQuery, standingsResource, undefined, { pinned: 'standings' }),
  '/v1/team-stats': route('/v1/team-stats', teamStatsQuery, teamStatsResource, undefined, { pinned: 'team statistics' }),
  '/v1/pitching-matchup': route('/v1/pitching-matchup', matchupQuery, pitchingMatchupResource, undefined, {
    settled: (payload) => payload.status === 'final',
    dateFindsGame: true,
  }),
  // A card is kept by its date: without one the request means "the next card", which moves on.
  '/v1/fight-card': route('/v1/fight-card', fightCardQuery, fightCardResource, undefined, {
    settled: (payload, params) =>
      params.date !== undefined && payload.bouts.length > 0 && payload.bouts.every((bout) => bout.status === 'final'),
  }),
  '/v1/odds': route('/v1/odds', oddsQuery, oddsBoardResource),
  '/v1/betting-splits': route('/v1/betting-splits', bettingSplitsQuery, bettingSplitsResource),
  '/v1/line-movement': route('/v1/line-movement', gameParamsQuery, lineMovementResource, undefined, {
    settled: (payload) => payload.status === 'final',
    dateFindsGame: true,
  }),
};

const WIDGET_ROUTES: readonly WidgetRoute[] = Object.values(WIDGET_ROUTES_BY_PATH);

/** The data routes' paths, for messages that list them. */
export const WIDGET_ROUTE_LIST = DATA_ROUTE_PATHS.join(', ');

const decoded = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

const SEGMENTS = WIDGET_ROUTES.map((route) => ({ route, pattern: route.pattern.split('/') }));
/** Routes without path parameters, found by one lookup: most requests ask for one of them. */
const FIXED_PATHS = new Map(WIDGET_ROUTES.filter((route) => !route.pattern.includes('{')).map((route) => [route.pattern as string, route]));

/** The route a path belongs to, with its path parameters (`/v1/games/g_1` → gameId g_1); none for a malformed escape. */
export function matchRoute(pathname: string): { route: WidgetRoute; path: Record<string, string> } | undefined {
  const fixed = FIXED_PATHS.get(pathname);
  if (fixed) return { route: fixed, path: {} };
  const parts = pathname.split('/');
  for (const { route: candidate, pattern } of SEGMENTS) {
    if (pattern.length !== parts.length) continue;
    const path: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith('{')) {
        const value = decoded(parts[i]!);
        if (value === undefined || value === '') return false;
        path[segment.slice(1, -1)] = value;
        return true;
      }
      return segment === parts[i];
    });
    if (matches) return { route: candidate, path };
  }
  return undefined;
}
