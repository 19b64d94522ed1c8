import { REFRESH_MS, refreshMsFor } from '../../contract/refresh.js';
import type { Cached, CachePolicy, ResourceCache } from '../cache/resource-cache.js';
import type { UpstreamClient } from './client.js';
import type { HeadToHead, Injuries, Lines, LiveGames, PlayerProps, PropSplits, RecentForm, StoredGames, Teams } from './schemas.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const STALE_IF_ERROR = 6 * HOUR;

/** The slate's refresh interval follows its state (contract/refresh.ts). */
export function liveFeedTtl(feed: LiveGames): number {
  return refreshMsFor(feed.games.map((game) => game.status));
}

const policy = <T>(ttlMs: CachePolicy<T>['ttlMs'], swrMs: number): CachePolicy<T> => ({ ttlMs, swrMs, staleIfErrorMs: STALE_IF_ERROR });

const POLICIES = {
  liveGames: policy<LiveGames>(liveFeedTtl, REFRESH_MS.live),
  lines: policy<Lines>(15 * SECOND, 15 * SECOND),
  teams: policy<Teams>(6 * HOUR, HOUR),
  games: policy<StoredGames>(MINUTE, MINUTE),
  injuries: policy<Injuries>(REFRESH_MS.injuries, REFRESH_MS.injuries),
  recentForm: policy<RecentForm>(REFRESH_MS.form, REFRESH_MS.form),
  headToHead: policy<HeadToHead>(HOUR, HOUR),
  props: policy<PlayerProps>(REFRESH_MS.props, REFRESH_MS.props),
  propSplits: policy<PropSplits>(REFRESH_MS.props, REFRESH_MS.props),
};

export const FORM_GAMES = 5;

/**
 * The upstream as resources see it: every call cached per league (never per viewer), so upstream cost
 * depends on leagues and intervals only. Filtering by team or market happens on the cached answer.
 */
export interface CachedUpstream {
  /** `live` for pk_live_ keys, `test` for pk_test_ keys (always the sandbox). */
  name: string;
  liveGames(league: string, recentDays?: 1 | 2 | 3): Promise<Cached<LiveGames>>;
  lines(league: string, exchange: boolean): Promise<Cached<Lines>>;
  teams(league: string): Promise<Cached<Teams>>;
  games(league: string, date: string): Promise<Cached<StoredGames>>;
  injuries(league: string): Promise<Cached<Injuries>>;
  recentForm(league: string): Promise<Cached<RecentForm>>;
  headToHead(league: string, teamA: string, teamB: string): Promise<Cached<HeadToHead>>;
  playerProps(league: string, gameId: string): Promise<Cached<PlayerProps>>;
  propSplits(league: string, gameId: string): Promise<Cached<PropSplits>>;
  /**
   * The same cache for the live hub's polls: past its freshness an entry is refreshed before it is used, so a poll
   * pushes what upstream says now rather than serving stale data while refreshing in the background.
   */
  readonly fresh: CachedUpstream;
}

export function cachedUpstream(
  name: string,
  client: UpstreamClient,
  cache: ResourceCache,
  revalidate: 'background' | 'wait' = 'background',
): CachedUpstream {
  const key = (...parts: Array<string | number | boolean | undefined>) => [name, ...parts].join('|');
  const get = <T>(cacheKey: string, policy: CachePolicy<T>, load: () => Promise<T>) => cache.get(cacheKey, policy, load, revalidate);
  let fresh: CachedUpstream | undefined;
  return {
    name,
    get fresh() {
      return revalidate === 'wait' ? this : (fresh ??= cachedUpstream(name, client, cache, 'wait'));
    },
    liveGames: (league, recentDays) =>
      get(key('live-games', league, recentDays), POLICIES.liveGames, () => client.liveGames({ sport: league, recentDays })),
    lines: (league, exchange) => get(key('lines', league, exchange), POLICIES.lines, () => client.lines({ league, exchange })),
    teams: (league) => get(key('teams', league), POLICIES.teams, () => client.teams({ league })),
    games: (league, date) => get(key('games', league, date), POLICIES.games, () => client.games({ league, date })),
    injuries: (league) => get(key('injuries', league), POLICIES.injuries, () => client.injuries({ league })),
    recentForm: (league) => get(key('recent-form', league), POLICIES.recentForm, () => client.recentForm({ league, limit: FORM_GAMES })),
    headToHead: (league, teamA, teamB) => {
      const [first, second] = [teamA.toUpperCase(), teamB.toUpperCase()].sort() as [string, string];
      return get(key('head-to-head', league, first, second), POLICIES.headToHead, () =>
        client.headToHead({ league, teamA: first, teamB: second, limit: FORM_GAMES }),
      );
    },
    playerProps: (league, gameId) => get(key('props', league, gameId), POLICIES.props, () => client.playerProps({ league, gameId })),
    propSplits: (league, gameId) =>
      get(key('prop-splits', league, gameId), POLICIES.propSplits, () => client.playerPropSplits({ league, gameId })),
  };
}
