import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { createBody, readBody, rotateBody, updateBody } from '../admin/key-requests.js';
import { RelayError } from '../errors.js';
import type { RelayEnv } from '../http/env.js';
import type { OwnOrigins } from '../http/own-origins.js';
import { builtFiles } from '../http/static.js';
import { auditedKeyChanges } from '../keys/changes.js';
import { parseDomainPattern } from '../keys/domains.js';
import { isActive, monthlyLoadLimit, type WidgetKey } from '../keys/model.js';
import { checkOrigin, describeKey } from '../keys/service.js';
import { monthBucket } from '../metering/month.js';
import type { ConsoleKey } from '../../contract/console.js';
import type { KeyStore, RelayStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import { relayHealth } from './health.js';
import { CONSOLE_CSS, consolePage } from './page.js';
import { UNFRAMED_POLICY } from '../http/own-page-policy.js';
import { tokenRefusal, type OperatorTokenGate } from '../http/operator-token.js';
import type { ConsoleSession, ConsoleSessions } from './sessions.js';
import { usageSummary } from './usage-summary.js';

export interface ConsoleDeps {
  sessions: ConsoleSessions;
  gate: OperatorTokenGate;
  store: RelayStore;
  /** The relay's cached view of keys, so a change shows at once in this relay's answers. */
  keys: KeyStore;
  own: OwnOrigins;
  now: () => number;
  /** The console's built scripts (dist/cdn/console). */
  assetsDir?: string;
  readiness: () => Promise<Record<string, 'ok' | 'degraded' | 'unreachable'>>;
  metricsText: () => Promise<string>;
  upstream: CachedUpstream;
}

type ConsoleEnv = RelayEnv & { Variables: { session: ConsoleSession } };

const PLAIN_COOKIE = 'pressbox_console';
/** Behind https the cookie is host-only and Secure: `__Host-` makes browsers hold it to both. */
const SECURE_COOKIE = '__Host-pressbox_console';
const CSRF_HEADER = 'x-pressbox-csrf';

const signInBody = z.object({ token: z.string().min(1, 'paste the relay’s PRESSBOX_ADMIN_TOKEN').max(1000) });

function refuse(code: 'missing_key' | 'invalid_key' | 'origin_not_allowed', message: string): never {
  throw new RelayError(code, message);
}

/**
 * `/console`: the operator console's page, scripts and JSON API. The admin token signs in once; after that an
 * HttpOnly SameSite=Strict cookie names a short session, and every change also needs the session's CSRF token in a
 * header and must come from the relay's own origin (Origin and Fetch Metadata, where the browser sends them).
 */
export function consoleRoutes(deps: ConsoleDeps) {
  const secure = () => deps.own.primary.startsWith('https:');
  const cookieName = () => (secure() ? SECURE_COOKIE : PLAIN_COOKIE);
  const changesBy = (session: ConsoleSession) => auditedKeyChanges(deps.keys, deps.store, `console:${session.id.slice(0, 8)}`, deps.now);

  /** A change must come from this relay's own page: a form or script on another site is refused before anything else. */
  const sameOrigin = (c: Context) => {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if ((site && site !== 'same-origin') || (origin && !deps.own.has(origin)))
      refuse('origin_not_allowed', 'Console changes are accepted from the console’s own page only.');
  };

  const signedIn: MiddlewareHandler<ConsoleEnv> = async (c, next) => {
    const cookie = getCookie(c, cookieName());
    const session = await deps.sessions.session(cookie);
    if (!session)
      refuse(
        cookie ? 'invalid_key' : 'missing_key',
        cookie ? 'The console session has ended: sign in again.' : 'Sign in to the console first.',
      );
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      sameOrigin(c);
      if (!deps.sessions.csrfMatches(session, c.req.header(CSRF_HEADER)))
        refuse('origin_not_allowed', 'This change did not carry the console’s CSRF token: reload the console and try again.');
    }
    c.set('session', session);
    c.header('Cache-Control', 'no-store');
    await next();
  };

  const found = async (value: string): Promise<WidgetKey> => {
    const key = await deps.keys.getKey(value);
    if (!key) throw new RelayError('not_found', `No widget key ${value}.`);
    return key;
  };

  const keyRow = async (key: WidgetKey): Promise<ConsoleKey> => ({
    ...describeKey(key),
    usedThisMonth: await deps.store.loadsUsed(key.key, monthBucket(deps.now())),
    status: !key.revokedAt ? 'active' : isActive(key, deps.now()) ? 'grace' : 'revoked',
  });

  const app = new Hono<ConsoleEnv>();
  app.use('*', async (c, next) => {
    c.header('Content-Security-Policy', UNFRAMED_POLICY);
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'no-referrer');
    await next();
  });
  app.get('/', (c) => c.html(consolePage(), 200, { 'Cache-Control': 'no-store' }));
  app.get('/console.css', (c) => c.body(CONSOLE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));
  const sendAsset = builtFiles();
  app.get('/assets/*', async (c) => {
    const path = c.req.path.slice('/console/assets/'.length);
    const sent = deps.assetsDir
      ? await sendAsset(c, deps.assetsDir, path, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' })
      : undefined;
    return sent ?? c.text('The console is not built: run npm run build.', 404);
  });

  app.post('/api/session', async (c) => {
    sameOrigin(c);
    // A locked-out address is refused before its body is read.
    const lockedMs = await deps.gate.lockedFor(c.get('address'));
    if (lockedMs > 0) throw tokenRefusal({ ok: false, reason: 'locked', retryAfterS: Math.ceil(lockedMs / 1000) }, '');
    if (!c.req.header('content-type')?.startsWith('application/json'))
      throw new RelayError('bad_request', 'Bad request: sign in with a JSON body {"token": "…"}.');
    const { token } = await readBody(c.req.raw, signInBody);
    const result = await deps.sessions.signIn(token, c.get('address'));
    if (!result.ok) throw tokenRefusal(result, 'That is not this relay’s admin token (PRESSBOX_ADMIN_TOKEN).');
    const { session } = result;
    setCookie(c, cookieName(), result.cookie, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: secure(),
      path: secure() ? '/' : '/console',
      maxAge: Math.floor((session.expiresAt - deps.now()) / 1000),
    });
    await deps.store.appendAudit({
      at: deps.now(),
      actor: `console:${session.id.slice(0, 8)}`,
      action: 'console.sign-in',
      key: null,
      detail: `signed in from ${c.get('address')}`,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ csrf: session.csrf, expiresAt: new Date(session.expiresAt).toISOString() }, 201);
  });

  app.use('/api/*', signedIn);
  app.get('/api/session', (c) => {
    const session = c.get('session');
    return c.json({ csrf: session.csrf, expiresAt: new Date(session.expiresAt).toISOString() });
  });
  app.delete('/api/session', async (c) => {
    const session = c.get('session');
    await deps.sessions.signOut(session);
    await deps.store.appendAudit({
      at: deps.now(),
      actor: `console:${session.id.slice(0, 8)}`,
      action: 'console.sign-out',
      key: null,
      detail: 'signed out',
    });
    deleteCookie(c, cookieName(), { path: secure() ? '/' : '/console', secure: secure() });
    return c.body(null, 204);
  });

  app.get('/api/keys', async (c) => c.json({ keys: await Promise.all((await deps.keys.listKeys()).map(keyRow)) }));
  app.post('/api/keys', async (c) => {
    const key = await changesBy(c.get('session')).create(await readBody(c.req.raw, createBody));
    return c.json(await keyRow(key), 201);
  });
  app.patch('/api/keys/:key', async (c) => {
    const key = await found(c.req.param('key'));
    return c.json(await keyRow(await changesBy(c.get('session')).update(key, await readBody(c.req.raw, updateBody))));
  });
  app.post('/api/keys/:key/rotate', async (c) => {
    const old = await found(c.req.param('key'));
    const { graceSeconds } = await readBody(c.req.raw, rotateBody);
    const rotated = await changesBy(c.get('session')).rotate(old, graceSeconds * 1000);
    return c.json({ key: await keyRow(rotated.key), old: await keyRow(rotated.old) }, 201);
  });
  app.delete('/api/keys/:key', async (c) =>
    c.json(await keyRow(await changesBy(c.get('session')).revoke(await found(c.req.param('key'))))),
  );
  app.get('/api/keys/:key/check', async (c) => {
    const key = await found(c.req.param('key'));
    const origin = c.req.query('origin') ?? '';
    return c.json({ key: key.key, origin, ...checkOrigin(key, origin, deps.now()) });
  });
  app.get('/api/domains/check', (c) => {
    const parsed = parseDomainPattern(c.req.query('pattern') ?? '');
    return c.json(parsed.ok ? { ok: true, pattern: parsed.pattern.source } : { ok: false, message: parsed.message });
  });
  app.get('/api/keys/:key/usage', async (c) => {
    const key = await found(c.req.param('key'));
    const by = c.req.query('by') ?? 'route';
    if (by !== 'route' && by !== 'origin') throw new RelayError('bad_request', 'Bad request: by: expected route or origin.');
    const now = deps.now();
    const month = monthBucket(now);
    const previous = monthBucket(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 15));
    const rows = [
      ...(await deps.store.dailyUsage({ key: key.key, month: previous })),
      ...(await deps.store.dailyUsage({ key: key.key, month })),
    ];
    const used = await deps.store.loadsUsed(key.key, month);
    return c.json(usageSummary(rows, { now, limit: monthlyLoadLimit(key.plan), used, by }));
  });
  app.get('/api/audit', async (c) => {
    const limit = z.coerce.number().int().min(1).max(1000).default(100).safeParse(c.req.query('limit'));
    if (!limit.success) throw new RelayError('bad_request', 'Bad request: limit: expected a whole number from 1 to 1000.');
    return c.json({ entries: await deps.store.auditLog({ key: c.req.query('key') || undefined, limit: limit.data }) });
  });
  app.get('/api/health', async (c) => {
    const account = await deps.upstream.me().then(
      (cached) => cached.value,
      (error: unknown) => (error instanceof Error ? error : new Error('the data service did not answer')),
    );
    return c.json(relayHealth(await deps.readiness(), await deps.metricsText(), account, deps.now()));
  });
  return app;
}
