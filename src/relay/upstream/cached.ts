import { REFRESH_MS, refreshMsFor, SEASON_REFRESH_MS } from '../../contract/refresh.js';
import type { Cached, CachePolicy, ResourceCache } from '../cache/resource-cache.js';
import type { UpstreamClient } from './client.js';
import type {
  Account,
  HeadToHead,
  Injuries,
  Lines,
  LiveGames,
  PlayerProps,
  PropSplits,
  RecentForm,
  Splits,
  SplitsHistory,
  StartingPitchers,
  StoredGames,
  StrikeoutPredictor,
  Teams,
  TeamStats,
  VenueWeather,
} from './schemas.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const STALE_IF_ERROR = 6 * HOUR;

/** The slate's refresh interval follows its state (contract/refresh.ts). */
export function liveFeedTtl(feed: LiveGames): number {
  return refreshMsFor(feed.games.map((game) => game.status));
}

const policy = <T>(ttlMs: CachePolicy<T>['ttlMs'], swrMs: number): CachePolicy<T> => ({ ttlMs, swrMs, staleIfErrorMs: STALE_IF_ERROR });

export const FORM_GAMES = 5;

/** How old a live slate the hub's polls accept: under the pace's floor, so every poll of a league asks upstream. */
export const LIVE_POLL_FRESHNESS_MS = 1000;

/** One cached upstream call: how long its answer lasts, and how the resources' arguments become a client call. */
interface Endpoint<Args extends unknown[], T> {
  policy: CachePolicy<T>;
  /** How fresh the live hub's polls take it, where that is fresher than readers' requests (the `fresh` view). */
  pollPolicy?: CachePolicy<T>;
  call(client: UpstreamClient, ...args: Args): Promise<T>;
  /** What names the cached answer, when equivalent arguments should share it (head-to-head in either order). */
  keyOf?(...args: Args): unknown[];
}

const endpoint = <Args extends unknown[], T>(definition: Endpoint<Args, T>) => definition;

const pair = (teamA: string, teamB: string) => [teamA.toUpperCase(), teamB.toUpperCase()].sort() as [string, string];

/** Every upstream call the resources make, in one table: cached per league (never per viewer). */
const ENDPOINTS = {
  // The relay's own account (units used this month): free, read by the console.
  me: endpoint({ policy: policy<Account>(MINUTE, 0), call: (client) => client.me() }),
  liveGames: endpoint({
    policy: policy<LiveGames>(liveFeedTtl, REFRESH_MS.live),
    // The hub polls a watched slate as often as the upstream month allows (live/pace.ts, from 1.5 s): each poll reads it
    // anew, and topics of one league polled within a second share the answer.
    pollPolicy: policy<LiveGames>((feed) => Math.min(liveFeedTtl(feed), LIVE_POLL_FRESHNESS_MS), REFRESH_MS.live),
    call: (client, league: string, recentDays?: 1 | 2 | 3) => client.liveGames({ sport: league, recentDays }),
  }),
  // One past game by its id, whatever became of it (final with its score, or postponed): for an embed of a game older
  // than the feed's recent days (resources/games.ts), and for a date's games the feed no longer shows (scores.ts). What
  // a past game became does not change within hours, and an id that finds none is not asked about again for as long.
  pastGame: endpoint({
    policy: policy<LiveGames>(6 * HOUR, HOUR),
    call: (client, league: string, gameId: string) => client.liveGames({ sport: league, gameId }),
  }),
  lines: endpoint({
    policy: policy<Lines>(15 * SECOND, 15 * SECOND),
    call: (client, league: string, exchange: boolean) => client.lines({ league, exchange }),
  }),
  // 5 weighted units a call, the dearest read: public percentages move over minutes, so a league's slate is read at
  // most every five minutes, whoever watches.
  splits: endpoint({
    policy: policy<Splits>(REFRESH_MS.splits, REFRESH_MS.splits),
    call: (client, league: string) => client.splits({ league }),
  }),
  // A day's hourly snapshots (5 units) for every game of that day: read once an hour, when a new snapshot may exist.
  splitsHistory: endpoint({
    policy: policy<SplitsHistory>(HOUR, HOUR),
    call: (client, league: string, date: string) => client.splitsHistory({ league, date }),
  }),
  teams: endpoint({ policy: policy<Teams>(6 * HOUR, HOUR), call: (client, league: string) => client.teams({ league }) }),
  // The same /teams answer read for its standings, which move whenever a game ends: kept minutes, not hours.
  standings: endpoint({
    policy: policy<Teams>(SEASON_REFRESH_MS.standings, SEASON_REFRESH_MS.standings),
    call: (client, league: string) => client.teams({ league }),
  }),
  games: endpoint({
    policy: policy<StoredGames>(MINUTE, MINUTE),
    call: (client, league: string, date: string) => client.games({ league, date }),
  }),
  // The same answer for days ahead with nothing live on them (the next fight card): a schedule a week out is read hourly.
  schedule: endpoint({
    policy: policy<StoredGames>(HOUR, HOUR),
    call: (client, league: string, date: string) => client.games({ league, date }),
  }),
  injuries: endpoint({
    policy: policy<Injuries>(REFRESH_MS.injuries, REFRESH_MS.injuries),
    call: (client, league: string) => client.injuries({ league }),
  }),
  recentForm: endpoint({
    policy: policy<RecentForm>(REFRESH_MS.form, REFRESH_MS.form),
    call: (client, league: string) => client.recentForm({ league, limit: FORM_GAMES }),
  }),
  headToHead: endpoint({
    policy: policy<HeadToHead>(HOUR, HOUR),
    keyOf: (league: string, teamA: string, teamB: string) => [league, ...pair(teamA, teamB)],
    call: (client, league: string, teamA: string, teamB: string) => {
      const [first, second] = pair(teamA, teamB);
      return client.headToHead({ league, teamA: first, teamB: second, limit: FORM_GAMES });
    },
  }),
  playerProps: endpoint({
    policy: policy<PlayerProps>(REFRESH_MS.props, REFRESH_MS.props),
    call: (client, league: string, gameId: string) => client.playerProps({ league, gameId }),
  }),
  propSplits: endpoint({
    policy: policy<PropSplits>(REFRESH_MS.props, REFRESH_MS.props),
    call: (client, league: string, gameId: string) => client.playerPropSplits({ league, gameId }),
  }),
  // The whole league for 5 units rather than a team for 1: one call an hour serves every team's widget.
  teamStats: endpoint({
    policy: policy<TeamStats>(SEASON_REFRESH_MS.seasonStats, SEASON_REFRESH_MS.seasonStats),
    call: (client, league: string) => client.teamStats({ league }),
  }),
  // The live slate for 1 unit (a date's games for 2): one call serves every game's matchup.
  startingPitchers: endpoint({
    policy: policy<StartingPitchers>(SEASON_REFRESH_MS.starters, SEASON_REFRESH_MS.starters),
    call: (client, date?: string) => client.startingPitchers({ date }),
  }),
  strikeoutPredictor: endpoint({
    policy: policy<StrikeoutPredictor>(SEASON_REFRESH_MS.starters, SEASON_REFRESH_MS.starters),
    call: (client, date?: string) => client.strikeoutPredictor({ date }),
  }),
  // Per home club, list format: 1 × (1 + 1) = 2 units, against 31 for every club at once.
  venueWeather: endpoint({
    policy: policy<VenueWeather>(SEASON_REFRESH_MS.weather, SEASON_REFRESH_MS.weather),
    call: (client, teamId: string, date?: string) => client.venueWeather({ teamId, date }),
  }),
};

type Endpoints = typeof ENDPOINTS;

/**
 * The upstream as resources see it: every call cached per league (never per viewer), so upstream cost
 * depends on leagues and intervals only. Filtering by team or market happens on the cached answer.
 */
export type CachedUpstream = {
  /** `live` for pk_live_ keys, `test` for pk_test_ keys (always the sandbox). */
  readonly name: string;
  /**
   * The same cache for the live hub's polls: past its freshness an entry is refreshed before it is used, so a poll
   * pushes what upstream says now rather than serving stale data while refreshing in the background.
   */
  readonly fresh: CachedUpstream;
} & {
  readonly [Name in keyof Endpoints]: Endpoints[Name] extends Endpoint<infer Args, infer T> ? (...args: Args) => Promise<Cached<T>> : never;
};

export function cachedUpstream(
  name: string,
  client: UpstreamClient,
  cache: ResourceCache,
  revalidate: 'background' | 'wait' = 'background',
): CachedUpstream {
  let fresh: CachedUpstream | undefined;
  const calls = Object.fromEntries(
    Object.entries(ENDPOINTS).map(([endpointName, definition]) => {
      const { policy: readerPolicy, pollPolicy, call, keyOf } = definition as Endpoint<unknown[], unknown>;
      const cachePolicy = revalidate === 'wait' ? (pollPolicy ?? readerPolicy) : readerPolicy;
      const cached = (...args: unknown[]) =>
        cache.get([name, endpointName, ...(keyOf?.(...args) ?? args)].join('|'), cachePolicy, () => call(client, ...args), revalidate);
      return [endpointName, cached];
    }),
  );
  return {
    name,
    get fresh() {
      return revalidate === 'wait' ? this : (fresh ??= cachedUpstream(name, client, cache, 'wait'));
    },
    ...calls,
  } as CachedUpstream;
}
