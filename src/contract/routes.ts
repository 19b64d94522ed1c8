import { ELEMENT_DETAILS, ELEMENT_TAGS, type ElementTag } from './elements.js';
import { WIDGET_LEAGUES, type WidgetLeague } from './leagues.js';
import type { FormPayload, InjuriesPayload, PropsPayload, WinProbabilityPayload } from './insights.js';
import { REFRESH_MS, refreshMsFor, SEASON_REFRESH_MS } from './refresh.js';
import type { BettingSplitsPayload, LineMovementPayload, OddsBoardPayload } from './betting.js';
import type { FightCardPayload } from './fight-card.js';
import type { GameDetailPayload, ScoresPayload } from './scores.js';
import type { PitchingMatchupPayload, StandingsPayload, TeamStatsPayload } from './season.js';

/**
 * Every widget data route, once: its path, the query a page sends and the payload it gets back. The relay's routes,
 * live topics and error messages, the elements' requests and the docs' route table read it (the browser its types
 * only). Adding a route starts here (docs/contributing.md, "Adding a route").
 */
export interface DataRoutes {
  '/v1/scores': { query: { league: string; date?: string; team?: string } & Pinnable & BetStateAsked; payload: ScoresPayload };
  '/v1/games/{gameId}': { query: { league: string } & GameDay & BetStateAsked; payload: GameDetailPayload };
  '/v1/form': { query: { league: string; team: string; opponent?: string } & Pinnable; payload: FormPayload };
  '/v1/win-probability': { query: { league: string; gameId: string } & GameDay; payload: WinProbabilityPayload };
  '/v1/props': { query: { league: string; gameId: string; markets?: string; date?: string }; payload: PropsPayload };
  '/v1/injuries': { query: { league: string; team?: string } & Pinnable; payload: InjuriesPayload };
  '/v1/standings': { query: { league: string } & Pinnable; payload: StandingsPayload };
  '/v1/team-stats': { query: { league: string; team: string } & Pinnable; payload: TeamStatsPayload };
  '/v1/pitching-matchup': { query: { gameId: string; league?: string } & GameDay; payload: PitchingMatchupPayload };
  '/v1/fight-card': { query: { league: string; date?: string }; payload: FightCardPayload };
  '/v1/odds': { query: { league: string; team?: string }; payload: OddsBoardPayload };
  '/v1/betting-splits': { query: { league: string; gameId?: string; team?: string }; payload: BettingSplitsPayload };
  '/v1/line-movement': { query: { league: string; gameId: string } & GameDay; payload: LineMovementPayload };
}

/**
 * `as-of=YYYY-MM-DD` (contract revision 4): the data as it stood at the end of that UTC day, from the snapshot the relay
 * kept of the same request that day; the payload then carries `asOf`, and the element never refreshes it.
 */
type Pinnable = {
  'as-of'?: string;
};

/**
 * `date=YYYY-MM-DD` (contract revision 4): the game's day, with which the relay finds a final game it never served
 * (then keeps it); a game it served is kept once final whatever the request says.
 */
type GameDay = {
  date?: string;
};

/** `betState=1` (contract revision 6): each game in progress or final carries `betState`, against its closing line. */
type BetStateAsked = {
  betState?: string;
};

export type DataRoute = keyof DataRoutes;
export type RouteQuery<Route extends DataRoute> = DataRoutes[Route]['query'];
export type RoutePayload<Route extends DataRoute> = DataRoutes[Route]['payload'];
/** The path a page asks for: `/v1/games/{gameId}` as `/v1/games/${string}`. */
export type RoutePath<Route extends string> = Route extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${RoutePath<Tail>}`
  : Route;

/** A payload as a resource builds it; the route adds `refreshMs` from its rule. */
export type Unrefreshed<Payload> = Omit<Payload, 'refreshMs'>;

interface RouteFacts<Route extends DataRoute> {
  /** What a page gets, for the docs' route table. */
  summary: string;
  /** How soon the data may change, read from the data: the relay polls by it and tells pages (`refreshMs`). */
  refreshMs(payload: Unrefreshed<RoutePayload<Route>>): number;
}

const ROUTE_FACTS: { [Route in DataRoute]: RouteFacts<Route> } = {
  '/v1/scores': {
    summary: 'games with teams, colours, scores and status; no date = the current slate',
    refreshMs: (payload) => refreshMsFor(payload.games.map((game) => game.status)),
  },
  '/v1/games/{gameId}': {
    summary: 'one game with its line (spread, total, moneyline) and public betting splits',
    refreshMs: (payload) => refreshMsFor([payload.game.status]),
  },
  '/v1/form': {
    summary: 'the last five results, or the last meetings with `opponent`',
    refreshMs: () => REFRESH_MS.form,
  },
  '/v1/win-probability': {
    summary: 'no-vig win probability from the moneyline (exchange prices when the plan has them) and its history',
    refreshMs: (payload) => refreshMsFor([payload.status]),
  },
  '/v1/props': {
    summary: 'player props with bet and money percentages; a final game answers `closed: true` with no markets',
    refreshMs: () => REFRESH_MS.props,
  },
  '/v1/injuries': {
    summary: 'injuries by team, with one severity scale (out, doubtful, questionable, probable, day-to-day)',
    refreshMs: () => REFRESH_MS.injuries,
  },
  '/v1/standings': {
    summary: 'the league table: wins, losses, ties, pct, points for and against, streak',
    refreshMs: () => SEASON_REFRESH_MS.standings,
  },
  '/v1/team-stats': {
    summary: "a team's season numbers with league rank and ties (nba, nfl, nhl, mlb); one upstream call an hour per league",
    refreshMs: () => SEASON_REFRESH_MS.seasonStats,
  },
  '/v1/pitching-matchup': {
    summary: "an MLB game's probable starters (status, hand, strikeout projection), park and weather",
    // Starters firm up over the hours before the game; once it is under way they are settled.
    refreshMs: (payload) => (payload.status === 'scheduled' ? SEASON_REFRESH_MS.starters : REFRESH_MS.final),
  },
  '/v1/fight-card': {
    summary: "an MMA event's bouts in order: weight class, fighters with records, live round and clock, results with method",
    refreshMs: (payload) => refreshMsFor(payload.bouts.map((bout) => bout.status)),
  },
  '/v1/odds': {
    summary: "the current slate's spread, total and moneyline, with the exchange's prices where the plan has them",
    refreshMs: (payload) => refreshMsFor(payload.games.map((entry) => entry.game.status)),
  },
  '/v1/betting-splits': {
    summary: 'share of bets and of money on each side of spread, moneyline and total, the side where money outweighs bets marked',
    refreshMs: () => REFRESH_MS.splits,
  },
  '/v1/line-movement': {
    summary: "one game's line and splits from the first known to now, with moves against the public marked",
    refreshMs: (payload) => Math.max(refreshMsFor([payload.status]), REFRESH_MS.scheduled),
  },
};

/**
 * What the relay and the docs know of each route beyond its types, with the elements that show it: those whose registry
 * entry names it as their `route` (contract/elements.ts).
 */
export const DATA_ROUTES = Object.fromEntries(
  Object.entries(ROUTE_FACTS).map(([path, facts]) => [
    path,
    { ...facts, elements: ELEMENT_TAGS.filter((tag) => ELEMENT_DETAILS[tag].route === path) },
  ]),
  // Each route's own facts, as ROUTE_FACTS types them: entries are keyed by string.
) as unknown as { [Route in DataRoute]: RouteFacts<Route> & { elements: readonly ElementTag[] } };

/** Fails to compile where the registry names a route that `DataRoutes` does not have. */
type _RegistryRoutes<Route extends DataRoute = (typeof ELEMENT_DETAILS)[ElementTag]['route']> = Route;

export const DATA_ROUTE_PATHS = Object.keys(DATA_ROUTES) as DataRoute[];

/** The leagues a route serves: those of the elements that show it, in the contract's league order. */
export function routeLeagues(route: DataRoute): readonly WidgetLeague[] {
  const served = new Set<string>(DATA_ROUTES[route].elements.flatMap((tag) => ELEMENT_DETAILS[tag].leagues));
  return WIDGET_LEAGUES.filter((league) => served.has(league));
}
