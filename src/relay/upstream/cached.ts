import type { Cached, ResourceCache } from '../cache/resource-cache.js';
import type { UpstreamClient } from './client.js';
import { ENDPOINTS, type CachedView, type Endpoints, type UpstreamEndpoint, type UpstreamQuery } from './endpoints.js';

type ViewsOf<Name extends keyof Endpoints> = Endpoints[Name]['views'];
type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (all: infer I) => void ? I : never;
/** Every endpoint's views in one object type: `liveGames`, `pastGame`, `teams`, `standings`, … */
type Views = UnionToIntersection<ViewsOf<keyof Endpoints>>;

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
  readonly [Name in keyof Views]: Views[Name] extends CachedView<infer Args, UpstreamQuery, infer T> ? (...args: Args) => Promise<Cached<T>> : never;
};

export function cachedUpstream(
  name: string,
  client: UpstreamClient,
  cache: ResourceCache,
  revalidate: 'background' | 'wait' = 'background',
): CachedUpstream {
  let fresh: CachedUpstream | undefined;
  const calls: Record<string, (...args: unknown[]) => Promise<Cached<unknown>>> = {};
  for (const record of Object.values(ENDPOINTS)) {
    const endpoint = record as unknown as UpstreamEndpoint<UpstreamQuery, never>;
    for (const [viewName, view] of Object.entries(record.views as Record<string, CachedView<unknown[], UpstreamQuery, unknown>>)) {
      const cachePolicy = revalidate === 'wait' ? (view.pollPolicy ?? view.policy) : view.policy;
      calls[viewName] = (...args: unknown[]) =>
        cache.get(
          [name, viewName, ...(view.keyOf?.(...args) ?? args)].join('|'),
          cachePolicy,
          () => client.call(endpoint, view.query(...args)),
          revalidate,
        );
    }
  }
  return {
    name,
    get fresh() {
      return revalidate === 'wait' ? this : (fresh ??= cachedUpstream(name, client, cache, 'wait'));
    },
    ...calls,
  } as CachedUpstream;
}
