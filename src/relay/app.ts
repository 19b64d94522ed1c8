import { Hono, type Context, type Handler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import { adminRoutes } from './admin/routes.js';
import { RelayError } from './errors.js';
import { corsHeaders, widgetAccess } from './http/access.js';
import { dataRoutes } from './http/data-routes.js';
import type { RelayEnv } from './http/env.js';
import { silentLogger, type Logger } from './http/logger.js';
import type { RelayMetrics } from './http/metrics.js';
import { rateLimit, type RateLimitOptions } from './http/rate-limit.js';
import { bundleRoutes, type StaticOptions } from './http/static.js';
import { cachedKeys } from './keys/key-cache.js';
import type { RelayStore } from './store/types.js';
import type { CachedUpstream } from './upstream/cached.js';

export interface RelayDeps {
  store: RelayStore;
  /** `live` serves pk_live_ keys; `test` (always the sandbox) serves pk_test_ keys. */
  upstreams: { live: CachedUpstream; test: CachedUpstream };
  metrics: RelayMetrics;
  adminToken?: string;
  logger?: Logger;
  now?: () => number;
  rateLimit?: Omit<RateLimitOptions, 'now'>;
  /** The widget bundle and demo pages, when this relay serves them. */
  files?: StaticOptions;
  /** GET /v1/live (see live/route.ts). */
  live?: Handler<RelayEnv>;
  /** The upstream cache's change counter, so identical requests can share one built payload. */
  cacheVersion?: () => number;
  /** What GET /ready checks: each part's name and whether it answers. */
  readiness?: () => Promise<Record<string, boolean>>;
}

/** The relay as a Hono app: no environment reads, no listening (see server.ts). */
/**
 * The admin API's own refusals (its token, or the API switched off) in the same error shape as everything else,
 * keeping the `WWW-Authenticate` challenge.
 */
function operatorError(c: Context, error: HTTPException): Response {
  const challenge = error.getResponse().headers.get('www-authenticate');
  if (challenge) c.header('WWW-Authenticate', challenge);
  if (error.status === 401) {
    const sent = Boolean(c.req.header('authorization'));
    const message = sent
      ? 'The operator token is wrong: send Authorization: Bearer with the relay’s PRESSBOX_ADMIN_TOKEN.'
      : 'The admin API needs the operator token: send Authorization: Bearer with the relay’s PRESSBOX_ADMIN_TOKEN.';
    return c.json({ error: { code: sent ? 'invalid_key' : 'missing_key', message } }, 401);
  }
  return c.json({ error: { code: error.status === 404 ? 'not_found' : 'bad_request', message: error.message } }, error.status);
}

export function createApp(deps: RelayDeps): Hono<RelayEnv> {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const keys = cachedKeys(deps.store);
  const app = new Hono<RelayEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // Every answer is read by pages on other origins (CORS decides who); none may be sniffed into another type.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    // Labelled by route pattern, never by raw path: a scan of made-up paths must not grow the metrics without bound.
    const route = c.get('route') ?? c.req.matchedRoutes.filter((matched) => matched.method !== 'ALL').at(-1)?.path ?? 'unmatched';
    const ms = performance.now() - started;
    deps.metrics.requests.inc({ route, status: String(c.res.status) });
    deps.metrics.duration.observe({ route }, ms / 1000);
    // The path alone: query strings hold keys, and headers are never logged.
    logger.log(c.res.status >= 500 ? 'error' : 'info', 'request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(ms * 10) / 10,
    });
  });

  app.get('/health', (c) => c.json({ status: 'ok' }));
  // Liveness says the process runs; readiness says it can serve: its store and the data service answer.
  app.get('/ready', async (c) => {
    const parts = (await deps.readiness?.()) ?? {};
    const ready = Object.values(parts).every(Boolean);
    const checks = Object.fromEntries(Object.entries(parts).map(([name, ok]) => [name, ok ? 'ok' : 'unreachable']));
    return c.json({ status: ready ? 'ready' : 'not_ready', ...checks }, ready ? 200 : 503);
  });
  if (deps.files) app.route('/', bundleRoutes(deps.files));

  const operator = deps.adminToken
    ? bearerAuth({ token: deps.adminToken })
    : () => {
        throw new HTTPException(404, { message: 'The admin API is off: set PRESSBOX_ADMIN_TOKEN to turn it on.' });
      };
  app.get('/metrics', operator, async (c) =>
    c.body(await deps.metrics.registry.metrics(), 200, { 'Content-Type': deps.metrics.registry.contentType }),
  );
  app.use('/admin/*', operator);
  app.route('/admin', adminRoutes({ keys, usage: deps.store, now }));

  app.use('/v1/*', widgetAccess(keys, deps.upstreams, now));
  app.use('/v1/*', rateLimit({ perMinute: 600, burst: 120, ...deps.rateLimit, now }));
  if (deps.live) app.get('/v1/live', deps.live);
  app.route('/v1', dataRoutes({ usage: deps.store, history: deps.store, metrics: deps.metrics, now, cacheVersion: deps.cacheVersion }));

  app.notFound((c) => {
    corsHeaders(c);
    return c.json(
      new RelayError('not_found', `No route ${c.req.method} ${c.req.path}; see the Pressbox README for the widget routes.`).body(),
      404,
    );
  });
  app.onError((error, c) => {
    if (error instanceof RelayError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body(), error.status);
    }
    if (error instanceof HTTPException) return operatorError(c, error);
    logger.log('error', 'unhandled error', { path: c.req.path, error: error instanceof Error ? error.name : 'unknown' });
    return c.json({ error: { code: 'upstream_unavailable', message: 'The relay hit an unexpected problem; the widget will retry.' } }, 500);
  });
  return app;
}
