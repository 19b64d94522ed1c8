// The relay's routes on its two HTTP stacks: the widget data routes on Node's own request and response
// (http/data-routes.ts), every other route on Hono. The HTTP feature (features/http.ts) composes them from the parts the
// other features started; nothing here reads the environment or listens.
import { getRequestListener } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { adminRoutes } from '../admin/routes.js';
import { consoleRoutes } from '../console/routes.js';
import { consoleSessions } from '../console/sessions.js';
import { RelayError } from '../base/errors.js';
import {
  answeredStatus,
  eachHeader,
  rawPath,
  refuseOnHono,
  refusalAnswer,
  SECURITY_HEADERS,
  writeAnswer,
  type AnsweredRequest,
} from '../http/answer.js';
import type { ClientAddress } from '../http/client-address.js';
import type { ReaderRegion } from '../http/reader-region.js';
import type { RelayEnv } from '../http/env.js';
import type { RelayMetrics } from '../http/metrics.js';
import { operatorAuth, operatorTokenGate } from '../http/operator-token.js';
import type { OwnOrigins } from '../http/own-origins.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { StaticOptions } from '../http/static.js';
import { CONSOLE_IMPORT_PATH, MAX_BODY_BYTES, MAX_IMPORT_BYTES, MAX_URL_LENGTH } from '../base/input-limits.js';
import type { KeyStore, RelayStore } from '../store/types.js';
import { silentLogger, type Logger } from '../base/logger.js';
import { readinessStatus, type Readiness } from '../base/readiness.js';
import { WIDGET_ROUTE_LIST } from '../resources/routes.js';
import type { Authorize } from '../http/access.js';
import type { CachedUpstream } from '../upstream/cached.js';

/** What the widget-facing routes share, whichever stack answers them. */
export interface WidgetGate {
  authorize: Authorize;
  clientAddress: ClientAddress;
  readerRegion: ReaderRegion;
  own: OwnOrigins;
  limit: RateLimiter;
  observe: (answered: AnsweredRequest) => void;
}

/**
 * The relay as one Node request listener: an address too long is refused before any route reads it, the data routes
 * take theirs, the Hono app answers the rest.
 */
export function relayListener(data: (request: IncomingMessage, response: ServerResponse) => boolean, app: Hono<RelayEnv>): RequestListener {
  const other = getRequestListener(app.fetch);
  return (request, response) => {
    if ((request.url?.length ?? 0) > MAX_URL_LENGTH) return refuseLongUrl(response);
    if (!data(request, response)) void other(request, response);
  };
}

/** Refused before any route reads it: no key, origin or parameter of such a request is looked at. */
function refuseLongUrl(response: ServerResponse): void {
  const tooLong = new RelayError(
    'bad_request',
    `The request's address is longer than ${MAX_URL_LENGTH} characters: send only the parameters the route documents (docs/api.md).`,
    { Connection: 'close' },
    414,
  );
  writeAnswer(response, refusalAnswer(tooLong, [...SECURITY_HEADERS], '', silentLogger));
}

/** Liveness says the process runs; readiness says it can serve: its store and the data service answer. */
export function probeRoutes(app: Hono<RelayEnv>, readiness: () => Promise<Readiness>): void {
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    const { parts, problems } = await readiness();
    const status = readinessStatus(parts);
    const told = Object.keys(problems).length ? { problems } : {};
    return c.json({ status, ...parts, ...told }, status === 'not_ready' ? 503 : 200);
  });
}

/** What the operator's routes read: the admin token, the store and keys, and what the console shows. */
export interface OperatorParts {
  adminToken: string | undefined;
  store: RelayStore;
  keys: KeyStore;
  own: OwnOrigins;
  now: () => number;
  /** The machine's clock: sign-in lockouts and session lifetimes (Redis expires sessions on its own clock). */
  wall: () => number;
  /** Signs console sessions (the embed tokens' secret, shared by every relay on the store). */
  secret: string;
  metrics: RelayMetrics;
  /** The exposition /metrics answers with, when it is not this process's alone (the workers of a machine, summed). */
  metricsText: (() => Promise<string>) | undefined;
  readiness: () => Promise<Readiness>;
  upstream: CachedUpstream;
  liveLoadEveryMs: number;
  files: StaticOptions | undefined;
}

/** /metrics, the admin API and the console, behind the admin token; each answers not_found while none is set. */
export function operatorRoutes(app: Hono<RelayEnv>, parts: OperatorParts): void {
  const { adminToken, store, keys, now, wall, metrics } = parts;
  const tokenGate = adminToken ? operatorTokenGate({ token: adminToken, store, now: wall }) : undefined;
  const operator: MiddlewareHandler<RelayEnv> = tokenGate
    ? operatorAuth(tokenGate)
    : () => {
        throw new RelayError('not_found', 'The admin API is off: set PRESSBOX_ADMIN_TOKEN to turn it on.');
      };
  const metricsText = parts.metricsText ?? (() => metrics.registry.metrics());
  app.get('/metrics', operator, async (c) => c.body(await metricsText(), 200, { 'Content-Type': metrics.registry.contentType }));
  app.use('/admin/*', operator);
  app.route('/admin', adminRoutes({ keys, usage: store, audit: store, now: wall }));
  if (!tokenGate) {
    app.all('/console/*', operator);
    return;
  }
  app.route(
    '/console',
    consoleRoutes({
      sessions: consoleSessions({ gate: tokenGate, store, secret: parts.secret, now: wall }),
      gate: tokenGate,
      store,
      keys,
      own: parts.own,
      now,
      wall,
      assetsDir: parts.files && join(parts.files.bundleDir, 'console'),
      readiness: parts.readiness,
      metricsText,
      upstream: parts.upstream,
      liveLoadEveryMs: parts.liveLoadEveryMs,
    }),
  );
}

/** Hono's own refusals (a malformed request it could not read) in the same error shape as everything else. */
function honoRefusal(error: HTTPException): RelayError {
  return new RelayError(error.status === 404 ? 'not_found' : 'bad_request', error.message, {}, error.status);
}

/** Every request observed (metrics, log line) with the security headers set, and no body read past the limit. */
export function observedAndBounded(app: Hono<RelayEnv>, gate: Pick<WidgetGate, 'clientAddress' | 'observe'>): void {
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
      status: answeredStatus(c),
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

/**
 * Unknown paths and failures in the relay's one error shape, answered as the data routes answer theirs (http/answer.ts);
 * anything unexpected is logged and answered with one 500 body.
 */
export function answerFailures(app: Hono<RelayEnv>, logger: Logger): void {
  app.notFound((c) =>
    refuseOnHono(
      c,
      new RelayError('not_found', `No route ${c.req.method} ${c.req.path}; the widget routes are ${WIDGET_ROUTE_LIST} (docs/api.md).`),
      logger,
    ),
  );
  app.onError((error, c) => refuseOnHono(c, error instanceof HTTPException ? honoRefusal(error) : error, logger));
}
