import { Hono, type Context } from 'hono';
import { LRUCache } from 'lru-cache';
import type { ResourceContext } from '../resources/context.js';
import { WIDGET_ROUTES, type WidgetRoute } from '../resources/routes.js';
import type { HistoryStore, UsageStore } from '../store/types.js';
import { deliver, prepareBody, refuseKnownSpentKey, type PreparedBody } from './deliver.js';
import type { RelayEnv } from './env.js';
import type { RelayMetrics } from './metrics.js';

export interface DataRouteDeps {
  usage: UsageStore;
  history: HistoryStore;
  metrics: RelayMetrics;
  now: () => number;
  /** The upstream cache's change counter: when given, built payloads are shared between requests (see below). */
  cacheVersion?: () => number;
}

/** How long a built payload serves identical requests while the upstream cache has not changed. */
const SHARED_PAYLOAD_MS = 1_000;

interface SharedPayload {
  prepared: Promise<PreparedBody>;
  version: number;
  builtAt: number;
}

/** The widget data routes: validate, build the widget-shaped payload from cached upstream data, deliver one load. */
export function dataRoutes(deps: DataRouteDeps) {
  // Thousands of viewers asking for the same data get one build, one serialisation and one ETag hash between two
  // changes of the upstream cache (and at most a second apart), instead of one per request. The payload does not
  // depend on the key, only on the upstream (live or sandbox), the route and its parameters.
  const shared = new LRUCache<string, SharedPayload>({ max: 2_000 });
  const prepare = (route: WidgetRoute, ctx: ResourceContext, params: unknown): Promise<PreparedBody> => {
    const build = () => route.build(ctx, params as never).then(prepareBody);
    if (!deps.cacheVersion) return build();
    const key = `${ctx.upstream.name}|${route.pattern}|${JSON.stringify(params)}`;
    const version = deps.cacheVersion();
    const hit = shared.get(key);
    if (hit && hit.version === version && ctx.now - hit.builtAt < SHARED_PAYLOAD_MS) return hit.prepared;
    const prepared = build();
    shared.set(key, { prepared, version, builtAt: ctx.now });
    prepared.catch(() => shared.delete(key));
    return prepared;
  };
  const serve = (route: WidgetRoute) => async (c: Context<RelayEnv>) => {
    c.set('route', route.pattern);
    const params = route.read(c.req.query(), c.req.param() as Record<string, string>);
    const now = deps.now();
    refuseKnownSpentKey(c, now);
    const ctx: ResourceContext = { upstream: c.get('upstream'), history: deps.history, now };
    const prepared = await prepare(route, ctx, params);
    return deliver(c, deps.usage, deps.now(), prepared, () => deps.metrics.loads.inc({ route: route.pattern }));
  };
  const app = new Hono<RelayEnv>();
  for (const route of WIDGET_ROUTES) app.get(route.pattern.slice('/v1'.length), serve(route));
  return app;
}
