import { Hono, type Context } from 'hono';
import type { ResourceContext } from '../resources/context.js';
import { WIDGET_ROUTES, type WidgetRoute } from '../resources/routes.js';
import type { HistoryStore, UsageStore } from '../store/types.js';
import { deliver, refuseSpentKey } from './deliver.js';
import type { RelayEnv } from './env.js';
import type { RelayMetrics } from './metrics.js';

export interface DataRouteDeps {
  usage: UsageStore;
  history: HistoryStore;
  metrics: RelayMetrics;
  now: () => number;
}

/** The widget data routes: validate, build the widget-shaped payload from cached upstream data, deliver one load. */
export function dataRoutes(deps: DataRouteDeps) {
  const serve = (route: WidgetRoute) => async (c: Context<RelayEnv>) => {
    c.set('route', route.pattern);
    const params = route.read(c.req.query(), c.req.param() as Record<string, string>);
    const now = deps.now();
    await refuseSpentKey(c, deps.usage, now);
    const ctx: ResourceContext = { upstream: c.get('upstream'), history: deps.history, now };
    const payload = await route.build(ctx, params);
    return deliver(c, deps.usage, deps.now(), payload, () => deps.metrics.loads.inc({ route: route.pattern }));
  };
  const app = new Hono<RelayEnv>();
  for (const route of WIDGET_ROUTES) app.get(route.pattern.slice('/v1'.length), serve(route));
  return app;
}
