import { LIVE_LOAD_EVERY_MS } from './defaults.js';
import { WIDGET_ROUTE_LIST } from './resources/routes.js';
import { burstFor, RATE_LIMIT_PER_MINUTE } from './defaults.js';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { RequestListener, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { CONSOLE_IMPORT_PATH, MAX_BODY_BYTES, MAX_IMPORT_BYTES, MAX_URL_LENGTH } from './input-limits.js';
import { adminRoutes } from './admin/routes.js';
import { consoleRoutes } from './console/routes.js';
import { consoleSessions } from './console/sessions.js';
import { operatorAuth, operatorTokenGate } from './http/operator-token.js';
import { join } from 'node:path';
import { embedRoutes } from './embed/routes.js';
import { embedTokens, type EmbedTokens } from './embed/token.js';
import { RelayError, unexpectedFailure } from './errors.js';
import { corsHeaders, eachHeader } from './http/cors.js';
import { widgetAuthorizer } from './http/access.js';
import type { SpendGuard } from './upstream/spend-guard.js';
import { type Authorize } from './types.js';
import { dataRoutes, SECURITY_HEADERS, type StreamRoute } from './http/data-routes.js';
import type { RelayEnv } from './http/env.js';
import { silentLogger, type Logger } from './logger.js';
import type { RelayMetrics } from './http/metrics.js';
import { requestObserver, type AnsweredRequest } from './http/observe.js';
import { rateLimiter, type RateLimiter, type RateLimitOptions } from './http/rate-limit.js';
import { bundleRoutes, type StaticOptions } from './http/static.js';
import { socketAddressOnly, type ClientAddress } from './http/client-address.js';
import { OwnOrigins } from './http/own-origins.js';
import { cachedKeys } from './keys/key-cache.js';
import type { KeyStore, RelayStore } from './store/types.js';
import type { LeagueInterest } from './live/league-interest.js';
import { NOTHING_TO_CHECK, readinessStatus, type Readiness } from './readiness.js';
import type { CachedUpstream } from './upstream/cached.js';

export interface RelayDeps {
  store: RelayStore;
  /** `live` serves pk_live_ keys; `test` (always the sandbox) serves pk_test_ keys. */
  upstreams: { live: CachedUpstream; test: CachedUpstream };
  metrics: RelayMetrics;
  /** The exposition /metrics answers with, when it is not this process's alone (the workers of a machine, summed). */
  metricsText?: () => Promise<string>;
  adminToken?: string;
  logger?: Logger;
  now?: () => number;
  rateLimit?: Omit<RateLimitOptions, 'now'>;
  /** The widget bundle and demo pages, when this relay serves them. */
  files?: StaticOptions;
  /** GET /v1/live (see live/route.ts), on the data routes' path. */
  live?: StreamRoute;
  /** Signs the tokens embed pages give their frames (the store keeps one for every relay that shares it). */
  embedSecret?: string;
  /** The upstream cache's change counter, so identical requests can share one built payload. */
  cacheVersion?: () => number;
  /** Told which leagues readers ask for (the win-probability recorder follows them). */
  interest?: LeagueInterest;
  /** What the caller pays for upstream misses (upstream/spend-guard.ts). */
  spend?: SpendGuard;
  /** The reader's address from the socket and headers (`--trust-proxy`); the socket's peer by default. */
  clientAddress?: ClientAddress;
  /** The relay's own origins (`--public-url`, else the listen address), for embed frames and snippets. */
  own?: OwnOrigins;
  /**
   * What GET /ready checks: each part's state (`degraded` still serves: Redis away, known keys within their allowance;
   * `unreachable` does not) and what is wrong with those that are not ok.
   */
  readiness?: () => Promise<Readiness>;
}

/** Hono's own refusals (a malformed request it could not read) in the same error shape as everything else. */
function honoError(c: Context, error: HTTPException): Response {
  return c.json({ error: { code: error.status === 404 ? 'not_found' : 'bad_request', message: error.message } }, error.status);
}

/** What the widget-facing routes share, whichever server code answers them. */
interface WidgetGate {
  authorize: Authorize;
  clientAddress: ClientAddress;
  own: OwnOrigins;
  limit: RateLimiter;
  observe: (answered: AnsweredRequest) => void;
}

/**
 * The relay as one Node request listener: the widget data routes on Node's own request and response (data-routes.ts),
 * everything else on the Hono app. No environment reads, no listening (see server.ts).
 */
export function createRelayListener(deps: RelayDeps): RequestListener {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const keys = cachedKeys(deps.store);
  const secret = deps.embedSecret ?? randomBytes(32).toString('base64url');
  const tokens = embedTokens(secret, now);
  const own = deps.own ?? new OwnOrigins();
  const gate: WidgetGate = {
    authorize: widgetAuthorizer(keys, deps.upstreams, now, { tokens, own }),
    clientAddress: deps.clientAddress ?? socketAddressOnly,
    own,
    limit: rateLimiter({ perMinute: RATE_LIMIT_PER_MINUTE, burst: burstFor(RATE_LIMIT_PER_MINUTE), ...deps.rateLimit, now }),
    observe: requestObserver(deps.metrics, logger),
  };
  const data = dataRoutes({
    ...gate,
    usage: deps.store,
    history: deps.store,
    metrics: deps.metrics,
    logger,
    now,
    cacheVersion: deps.cacheVersion,
    interest: deps.interest,
    spend: deps.spend,
    streams: deps.live ? [deps.live] : [],
  });
  const other = getRequestListener(createApp(deps, keys, gate, tokens, secret).fetch);
  return (request, response) => {
    if ((request.url?.length ?? 0) > MAX_URL_LENGTH) return refuseLongUrl(response);
    if (!data(request, response)) void other(request, response);
  };
}

/** Refused before any route reads it: no key, origin or parameter of such a request is looked at. */
function refuseLongUrl(response: ServerResponse): void {
  const body = JSON.stringify(
    new RelayError(
      'bad_request',
      `The request's address is longer than ${MAX_URL_LENGTH} characters: send only the parameters the route documents (docs/api.md).`,
    ).body(),
  );
  response.writeHead(414, [...SECURITY_HEADERS, 'Content-Type', 'application/json; charset=utf-8', 'Connection', 'close']);
  response.end(body);
}

/** The path as the client sent it, still percent-encoded (Hono's `c.req.path` is decoded). */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('?', start);
  return start === -1 ? '/' : url.slice(start, end === -1 ? undefined : end);
}

/** Operator routes, the bundle, live streams and every path that is not a data route. */
function createApp(deps: RelayDeps, keys: KeyStore, gate: WidgetGate, tokens: EmbedTokens, secret: string): Hono<RelayEnv> {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const app = new Hono<RelayEnv>();

  observedAndBounded(app, gate);

  app.get('/health', (c) => c.json({ status: 'ok' }));
  // Liveness says the process runs; readiness says it can serve: its store and the data service answer.
  app.get('/ready', async (c) => {
    const { parts, problems } = (await deps.readiness?.()) ?? NOTHING_TO_CHECK;
    const status = readinessStatus(parts);
    const told = Object.keys(problems).length ? { problems } : {};
    return c.json({ status, ...parts, ...told }, status === 'not_ready' ? 503 : 200);
  });
  if (deps.files) app.route('/', bundleRoutes(deps.files));
  app.route(
    '/',
    embedRoutes({
      keys,
      tokens,
      own: gate.own,
      now,
      limit: gate.limit,
      bundleDir: deps.files?.bundleDir,
      upstreams: deps.upstreams,
      history: deps.store,
    }),
  );

  const tokenGate = deps.adminToken ? operatorTokenGate({ token: deps.adminToken, store: deps.store, now }) : undefined;
  const operator: MiddlewareHandler<RelayEnv> = tokenGate
    ? operatorAuth(tokenGate)
    : () => {
        throw new RelayError('not_found', 'The admin API is off: set PRESSBOX_ADMIN_TOKEN to turn it on.');
      };
  app.get('/metrics', operator, async (c) =>
    c.body(await (deps.metricsText?.() ?? deps.metrics.registry.metrics()), 200, { 'Content-Type': deps.metrics.registry.contentType }),
  );
  app.use('/admin/*', operator);
  app.route('/admin', adminRoutes({ keys, usage: deps.store, audit: deps.store, now }));
  if (tokenGate)
    app.route(
      '/console',
      consoleRoutes({
        sessions: consoleSessions({ gate: tokenGate, store: deps.store, secret, now }),
        gate: tokenGate,
        store: deps.store,
        keys,
        own: gate.own,
        now,
        assetsDir: deps.files && join(deps.files.bundleDir, 'console'),
        readiness: deps.readiness ?? (async () => NOTHING_TO_CHECK),
        metricsText: deps.metricsText ?? (() => deps.metrics.registry.metrics()),
        upstream: deps.upstreams.live,
        liveLoadEveryMs: deps.live?.loadEveryMs ?? LIVE_LOAD_EVERY_MS,
      }),
    );
  else app.all('/console/*', operator);

  answerFailures(app, logger);
  return app;
}

/** Every request observed (metrics, log line) with the security headers set, and no body read past the limit. */
function observedAndBounded(app: Hono<RelayEnv>, gate: WidgetGate): void {
  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = c.env?.incoming;
    c.set('address', incoming ? gate.clientAddress(incoming.socket?.remoteAddress, incoming.headers) : 'local');
    // Set before the answer exists: a header added to a finished Response makes the adapter rebuild it.
    eachHeader(SECURITY_HEADERS, (name, value) => c.header(name, value));
    await next();
    const route = c.get('route') ?? c.req.matchedRoutes.filter((matched) => matched.method !== 'ALL').at(-1)?.path ?? 'unmatched';
    gate.observe({
      method: c.req.method,
      path: rawPath(c.req.url),
      address: c.get('address'),
      route,
      status: c.res.status,
      ms: performance.now() - started,
    });
  });

  // Bodies are read only up to the limit (a declared length past it is refused unread), and only then by any route.
  const bounded = (maxSize: number, what: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new RelayError(
          'bad_request',
          `The request body is larger than ${maxSize / 1024} KiB: ${what}.`,
          { Connection: 'close' },
          413,
        );
      },
    });
  const small = bounded(MAX_BODY_BYTES, 'the console and the admin API take small JSON bodies only');
  // A signed-in operator's keys backup: larger, and read only once the session and its CSRF token are checked.
  const backup = bounded(MAX_IMPORT_BYTES, 'import larger backups with pressbox keys import FILE');
  app.use('*', (c, next) => (c.req.path === CONSOLE_IMPORT_PATH ? backup : small)(c, next));
}

/** Unknown paths and failures in the relay's one error shape; anything unexpected is logged and answered with one 500 body. */
function answerFailures(app: Hono<RelayEnv>, logger: Logger): void {
  app.notFound((c) => {
    corsHeaders(c);
    return c.json(
      new RelayError(
        'not_found',
        `No route ${c.req.method} ${c.req.path}; the widget routes are ${WIDGET_ROUTE_LIST} (docs/api.md).`,
      ).body(),
      404,
    );
  });
  app.onError((error, c) => {
    if (error instanceof RelayError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body(), error.status);
    }
    if (error instanceof HTTPException) return honoError(c, error);
    const failure = unexpectedFailure(error, c.req.path, logger);
    return c.json(failure.body(), failure.status);
  });
}
