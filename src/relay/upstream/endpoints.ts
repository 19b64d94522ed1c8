import type { z } from 'zod';
import { REFRESH_MS, refreshMsFor, SEASON_REFRESH_MS } from '../../contract/refresh.js';
import type { CachePolicy } from '../cache/resource-cache.js';
import * as schemas from './schemas.js';

/** An upstream call's query, its parameters named as the spec names them; `{placeholders}` of the path come from it. */
export type UpstreamQuery = Record<string, string | number | undefined>;

/**
 * One way the resources read an endpoint through the cache: how long an answer lasts, and which upstream query a
 * resource's arguments make. An endpoint read with two freshnesses (the standings from /teams) has two views.
 */
export interface CachedView<Args extends unknown[], Query extends UpstreamQuery, T> {
  policy: CachePolicy<T>;
  /** How fresh the live hub's polls take it, where that is fresher than readers' requests (the `fresh` view). */
  pollPolicy?: CachePolicy<T>;
  query: (...args: Args) => Query;
  /** What names the cached answer, when equivalent arguments should share it (head-to-head in either order). */
  keyOf?: (...args: Args) => unknown[];
}

/** One endpoint of the Sports Data Service, everything the relay knows of it in one record. */
export interface UpstreamEndpoint<Query extends UpstreamQuery, Schema extends z.ZodType> {
  /** The spec's path; a `{name}` in it is filled from the query's parameter of that name. */
  path: string;
  /** The lenient schema its answer is read with. */
  schema: Schema;
  /** Request units a call costs, from the spec's cost table. */
  units: (query: Query) => number;
  /** What a plan must include to serve it, as a publisher's `plan_required` message names it. */
  feature?: string;
  /** Why a query breaks the spec's own limits, refused before anything is sent. */
  refusal?: (query: Query) => string | undefined;
}

type AnyView<Query extends UpstreamQuery, T> = CachedView<any[], Query, T>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each view's own arguments

/** An endpoint with the views the resources read it through, its query type written once for both. */
const upstreamEndpoint =
  <Query extends UpstreamQuery>() =>
  <Schema extends z.ZodType, Views extends Record<string, AnyView<Query, z.output<Schema>>>>(
    record: UpstreamEndpoint<Query, Schema> & { views: Views },
  ) =>
    record as UpstreamEndpoint<Query, Schema> & {
      views: { [Name in keyof Views]: CachedView<Parameters<Views[Name]['query']>, Query, z.output<Schema>> };
    };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const STALE_IF_ERROR = 6 * HOUR;

const policy = <T>(ttlMs: CachePolicy<T>['ttlMs'], swrMs: number): CachePolicy<T> => ({ ttlMs, swrMs, staleIfErrorMs: STALE_IF_ERROR });

/** Where the spec shows no cost: one unit. */
const ONE = () => 1;

const FORM_GAMES = 5;

/** How old a live slate the hub's polls accept: under the pace's floor, so every poll of a league asks upstream. */
const LIVE_POLL_FRESHNESS_MS = 1000;

const MAX_MARKETS = 5;

/** The slate's refresh interval follows its state (contract/refresh.ts). */
function liveFeedTtl(feed: schemas.LiveGames): number {
  return refreshMsFor(feed.games.map((game) => game.status));
}

const pair = (teamA: string, teamB: string) => [teamA.toUpperCase(), teamB.toUpperCase()].sort() as [string, string];

const tooManyMarkets = ({ markets }: { markets?: string }) => {
  const count = markets ? markets.split(',').length : 0;
  return count > MAX_MARKETS ? `At most ${MAX_MARKETS} markets per request (got ${count}); nothing was sent.` : undefined;
};

/**
 * Every endpoint of the Sports Data Service the relay calls, each once: path, parameters as the spec names them, units,
 * plan feature, answer schema and the cached views the resources read. The client (client.ts) calls any record; the
 * cached upstream (cached.ts) offers every view as a method of the same name. The account endpoint is assumed free.
 */
export const ENDPOINTS = {
  me: upstreamEndpoint<Record<never, never>>()({
    path: '/me',
    schema: schemas.accountSchema,
    units: () => 0,
    // The relay's own account (units used this month), read by the console.
    views: { me: { policy: policy(MINUTE, 0), query: () => ({}) } },
  }),
  liveGames: upstreamEndpoint<{ sport: string; status?: string; team?: string; game_id?: string; recentdays?: 1 | 2 | 3 }>()({
    path: '/live-games',
    schema: schemas.liveGamesSchema,
    units: ONE,
    feature: 'Recent results',
    views: {
      liveGames: {
        policy: policy(liveFeedTtl, REFRESH_MS.live),
        // The hub polls a watched slate as often as the upstream month allows (live/pace.ts, from 1.5 s): each poll reads
        // it anew, and topics of one league polled within a second share the answer.
        pollPolicy: policy<schemas.LiveGames>((feed) => Math.min(liveFeedTtl(feed), LIVE_POLL_FRESHNESS_MS), REFRESH_MS.live),
        query: (league: string, recentDays?: 1 | 2 | 3) => ({ sport: league, recentdays: recentDays }),
      },
      // One past game by its id, whatever became of it (final with its score, or postponed): for an embed of a game
      // older than the feed's recent days (resources/games.ts), and for a date's games the feed no longer shows
      // (scores.ts). What a past game became does not change within hours, and an id that finds none is not asked
      // about again for as long.
      pastGame: { policy: policy(6 * HOUR, HOUR), query: (league: string, gameId: string) => ({ sport: league, game_id: gameId }) },
    },
  }),
  lines: upstreamEndpoint<{ league: string; include?: 'xchg' }>()({
    path: '/lines',
    schema: schemas.linesSchema,
    units: () => 2,
    feature: 'Exchange prices',
    views: {
      lines: {
        policy: policy(15 * SECOND, 15 * SECOND),
        query: (league: string, exchange: boolean) => ({ league, include: exchange ? ('xchg' as const) : undefined }),
      },
    },
  }),
  games: upstreamEndpoint<{ league: string; date?: string }>()({
    path: '/games',
    schema: schemas.storedGamesSchema,
    units: ONE,
    views: {
      games: { policy: policy(MINUTE, MINUTE), query: (league: string, date: string) => ({ league, date }) },
      // The same answer for days ahead with nothing live on them (the next fight card): a schedule a week out is read
      // hourly.
      schedule: { policy: policy(HOUR, HOUR), query: (league: string, date: string) => ({ league, date }) },
    },
  }),
  teams: upstreamEndpoint<{ league: string; injuries?: 'true' }>()({
    path: '/teams',
    schema: schemas.teamsSchema,
    units: ONE,
    views: {
      teams: { policy: policy(6 * HOUR, HOUR), query: (league: string) => ({ league }) },
      // The same answer read for its standings, which move whenever a game ends: kept minutes, not hours.
      standings: {
        policy: policy(SEASON_REFRESH_MS.standings, SEASON_REFRESH_MS.standings),
        query: (league: string) => ({ league }),
      },
    },
  }),
  injuries: upstreamEndpoint<{ league: string; reportDate?: string; team?: string }>()({
    path: '/injuries',
    schema: schemas.injuriesSchema,
    units: ONE,
    views: { injuries: { policy: policy(REFRESH_MS.injuries, REFRESH_MS.injuries), query: (league: string) => ({ league }) } },
  }),
  recentForm: upstreamEndpoint<{ league: string; team?: string; limit?: number }>()({
    path: '/recent-form',
    schema: schemas.recentFormSchema,
    units: ONE,
    views: {
      recentForm: { policy: policy(REFRESH_MS.form, REFRESH_MS.form), query: (league: string) => ({ league, limit: FORM_GAMES }) },
    },
  }),
  headToHead: upstreamEndpoint<{ league: string; teamA: string; teamB: string; limit?: number }>()({
    path: '/head-to-head',
    schema: schemas.headToHeadSchema,
    units: ONE,
    views: {
      headToHead: {
        policy: policy(HOUR, HOUR),
        keyOf: (league: string, teamA: string, teamB: string) => [league, ...pair(teamA, teamB)],
        query: (league: string, teamA: string, teamB: string) => {
          const [first, second] = pair(teamA, teamB);
          return { league, teamA: first, teamB: second, limit: FORM_GAMES };
        },
      },
    },
  }),
  playerProps: upstreamEndpoint<{ league: string; gameId: string; markets?: string }>()({
    path: '/player-props',
    schema: schemas.playerPropsSchema,
    units: ONE,
    feature: 'Player props',
    refusal: tooManyMarkets,
    views: {
      playerProps: { policy: policy(REFRESH_MS.props, REFRESH_MS.props), query: (league: string, gameId: string) => ({ league, gameId }) },
    },
  }),
  playerPropSplits: upstreamEndpoint<{ league: string; gameId: string; markets?: string; team?: string }>()({
    path: '/player-props/splits',
    schema: schemas.propSplitsSchema,
    units: ONE,
    feature: 'Player prop splits',
    refusal: tooManyMarkets,
    views: {
      propSplits: { policy: policy(REFRESH_MS.props, REFRESH_MS.props), query: (league: string, gameId: string) => ({ league, gameId }) },
    },
  }),
  // 5 weighted units a call, the dearest read: public percentages move over minutes, so a league's slate is read at
  // most every five minutes, whoever watches.
  splits: upstreamEndpoint<{ league: string }>()({
    path: '/splits',
    schema: schemas.splitsSchema,
    units: () => 5,
    views: { splits: { policy: policy(REFRESH_MS.splits, REFRESH_MS.splits), query: (league: string) => ({ league }) } },
  }),
  // A day's hourly snapshots (5 units) for every game of that day: read once an hour, when a new snapshot may exist.
  splitsHistory: upstreamEndpoint<{ league: string; date: string }>()({
    path: '/splits-history',
    schema: schemas.splitsHistorySchema,
    units: () => 5,
    feature: 'Splits history',
    views: { splitsHistory: { policy: policy(HOUR, HOUR), query: (league: string, date: string) => ({ league, date }) } },
  }),
  // The whole league for 5 units rather than a team for 1: one call an hour serves every team's widget.
  teamStats: upstreamEndpoint<{ league: string; teamId?: string; season?: string; split?: string }>()({
    path: '/{league}/team-stats',
    schema: schemas.teamStatsSchema,
    units: (query) => (query.teamId ? 1 : 5),
    views: {
      teamStats: {
        policy: policy(SEASON_REFRESH_MS.seasonStats, SEASON_REFRESH_MS.seasonStats),
        query: (league: string) => ({ league }),
      },
    },
  }),
  // The live slate for 1 unit (a date's games for 2): one call serves every game's matchup.
  startingPitchers: upstreamEndpoint<{ date?: string; gameId?: string }>()({
    path: '/mlb/starting-pitchers',
    schema: schemas.startingPitchersSchema,
    units: (query) => (query.date ? 2 : 1),
    views: {
      startingPitchers: {
        policy: policy(SEASON_REFRESH_MS.starters, SEASON_REFRESH_MS.starters),
        query: (date?: string) => ({ date }),
      },
    },
  }),
  strikeoutPredictor: upstreamEndpoint<{ date?: string; team?: string; gameId?: string; pitcher?: string; teamId?: string }>()({
    path: '/mlb/strikeout-predictor',
    schema: schemas.strikeoutPredictorSchema,
    units: ONE,
    feature: 'Strikeout projections',
    views: {
      strikeoutPredictor: {
        policy: policy(SEASON_REFRESH_MS.starters, SEASON_REFRESH_MS.starters),
        query: (date?: string) => ({ date }),
      },
    },
  }),
  // Format multiplier × (1 + rows): one row for one team, else one per MLB club (30), as the relay never asks for more.
  // Per home club, list format: 1 × (1 + 1) = 2 units, against 31 for every club at once.
  venueWeather: upstreamEndpoint<{ teamId?: string; date?: string; format?: 'list' | 'detail' }>()({
    path: '/mlb/venue-weather',
    schema: schemas.venueWeatherSchema,
    units: (query) => (query.format === 'detail' ? 2 : 1) * (1 + (query.teamId ? 1 : 30)),
    views: {
      venueWeather: {
        policy: policy(SEASON_REFRESH_MS.weather, SEASON_REFRESH_MS.weather),
        query: (teamId: string, date?: string) => ({ teamId, date }),
      },
    },
  }),
};

export type Endpoints = typeof ENDPOINTS;

type AnyEndpoint = UpstreamEndpoint<UpstreamQuery, z.ZodType>;

const PATTERNS = Object.values(ENDPOINTS).map((endpoint) => ({
  endpoint: endpoint as unknown as AnyEndpoint,
  pattern: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[a-z]+')}$`),
}));

/** The table's entry for a path as called (`/nba/team-stats`), if the relay calls it. */
export function endpointAt(path: string): AnyEndpoint | undefined {
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.endpoint;
}
