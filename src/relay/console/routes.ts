import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { createBody, readBody, rotateBody, updateBody } from '../admin/key-requests.js';
import { RelayError } from '../base/errors.js';
import type { RelayEnv } from '../http/env.js';
import type { OwnOrigins } from '../http/own-origins.js';
import { builtFiles } from '../http/static.js';
import { keyOperations } from '../key-service/operations.js';
import { parseDomainPattern } from '../keys/domains.js';
import { isActive, monthlyLoadLimit, type WidgetKey } from '../keys/model.js';
import { describeKey } from '../key-service/service.js';
import { monthBucket } from '../metering/month.js';
import { CONSOLE_CREATED, type ConsoleKey, type ConsoleRoute, type ConsoleRoutes } from '../../contract/console.js';
import { exportKeys, importKeys, keysBackupSchema } from '../store/backup.js';
import type { KeyStore, RelayStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import { relayHealth } from './health.js';
import type { Readiness } from '../base/readiness.js';
import { CONSOLE_CSS, consolePage } from './page.js';
import { UNFRAMED_POLICY } from '../http/own-page-policy.js';
import { tokenRefusal, type OperatorTokenGate } from '../http/operator-token.js';
import type { ConsoleSession, ConsoleSessions } from './sessions.js';
import { clicksSummary, usageSummary } from './usage-summary.js';

export interface ConsoleDeps {
  sessions: ConsoleSessions;
  gate: OperatorTokenGate;
  store: RelayStore;
  /** The relay's cached view of keys, so a change shows at once in this relay's answers. */
  keys: KeyStore;
  own: OwnOrigins;
  /** The relay's clock (the sandbox's where it is the upstream): months of usage. */
  now: () => number;
  /** The machine's clock: what operators do (key changes, sign-ins, the audit) and session lifetimes. */
  wall: () => number;
  /** The console's built scripts (dist/cdn/console). */
  assetsDir?: string;
  readiness: () => Promise<Readiness>;
  metricsText: () => Promise<string>;
  upstream: CachedUpstream;
  /** The live billing window (`--live-load-every`): what a live reader costs. */
  liveLoadEveryMs: number;
}

type ConsoleEnv = RelayEnv & { Variables: { session: ConsoleSession } };

type ConsoleHandler = (c: Context<ConsoleEnv>) => Promise<unknown>;
/** One handler per route of the contract's table, answering exactly what the table says it answers. */
type ConsoleHandlers = { [Route in ConsoleRoute]: (c: Context<ConsoleEnv>) => Promise<ConsoleRoutes[Route]['answer']> };

const PLAIN_COOKIE = 'pressbox_console';
/** Behind https the cookie is host-only and Secure: `__Host-` makes browsers hold it to both. */
const SECURE_COOKIE = '__Host-pressbox_console';
const CSRF_HEADER = 'x-pressbox-csrf';

const signInBody = z.object({ token: z.string().min(1, 'paste the relay’s PRESSBOX_ADMIN_TOKEN').max(1000) });

function refuse(code: 'missing_key' | 'invalid_key' | 'origin_not_allowed', message: string): never {
  throw new RelayError(code, message);
}

/** What the console's handlers share: the cookie's name, key operations by session, and the refusals. */
function consoleContext(deps: ConsoleDeps) {
  const secure = () => deps.own.primary.startsWith('https:');
  const cookieName = () => (secure() ? SECURE_COOKIE : PLAIN_COOKIE);
  const keysBy = (session: ConsoleSession) => keyOperations(deps.keys, deps.store, `console:${session.id.slice(0, 8)}`, deps.wall);
  const reading = keyOperations(deps.keys, deps.store, 'console', deps.wall);

  /** A change must come from this relay's own page: a form or script on another site is refused before anything else. */
  const sameOrigin = (c: Context) => {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if ((site && site !== 'same-origin') || (origin && !deps.own.has(origin)))
      refuse('origin_not_allowed', 'Console changes are accepted from the console’s own page only.');
  };

  /** Every route but sign-in: a session's cookie, and for a change its CSRF token and the relay's own origin. */
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
    const key = await reading.find(value);
    if (!key) throw new RelayError('not_found', `No widget key ${value}.`);
    return key;
  };

  const keyRow = async (key: WidgetKey): Promise<ConsoleKey> => ({
    ...describeKey(key),
    usedThisMonth: await deps.store.loadsUsed(key.key, monthBucket(deps.now())),
    status: !key.revokedAt ? 'active' : isActive(key, deps.wall()) ? 'grace' : 'revoked',
  });
  return { deps, secure, cookieName, keysBy, reading, sameOrigin, signedIn, found, keyRow };
}

type ConsoleContext = ReturnType<typeof consoleContext>;

/** Signing in with the admin token, the session it opens, signing out. */
function sessionHandlers({
  deps,
  secure,
  cookieName,
  sameOrigin,
}: ConsoleContext): Pick<ConsoleHandlers, 'POST /session' | 'GET /session' | 'DELETE /session'> {
  return {
    'POST /session': async (c) => {
      sameOrigin(c);
      await deps.gate.refuseIfLocked(c.get('address'));
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
        maxAge: Math.floor((session.expiresAt - deps.wall()) / 1000),
      });
      await deps.store.appendAudit({
        at: deps.wall(),
        actor: `console:${session.id.slice(0, 8)}`,
        action: 'console.sign-in',
        key: null,
        detail: `signed in from ${c.get('address')}`,
      });
      return { csrf: session.csrf, expiresAt: new Date(session.expiresAt).toISOString() };
    },
    'GET /session': async (c) => {
      const session = c.get('session');
      return { csrf: session.csrf, expiresAt: new Date(session.expiresAt).toISOString() };
    },
    'DELETE /session': async (c) => {
      const session = c.get('session');
      await deps.sessions.signOut(session);
      await deps.store.appendAudit({
        at: deps.wall(),
        actor: `console:${session.id.slice(0, 8)}`,
        action: 'console.sign-out',
        key: null,
        detail: 'signed out',
      });
      deleteCookie(c, cookieName(), { path: secure() ? '/' : '/console', secure: secure() });
      return null;
    },
  };
}

/** Listing, creating, changing, rotating, revoking and checking widget keys, each change under the session's name. */
function keyHandlers({ deps, keysBy, reading, found, keyRow }: ConsoleContext) {
  return {
    // The same file as `pressbox keys export` (no secrets): what a restore needs to bring every page back.
    'GET /keys/export': async () => exportKeys(deps.store),
    'POST /keys/import': async (c) => {
      const summary = await importKeys(deps.store, await readBody(c.req.raw, keysBackupSchema));
      await deps.store.appendAudit({
        at: deps.wall(),
        actor: `console:${c.get('session').id.slice(0, 8)}`,
        action: 'keys.import',
        key: null,
        detail: `imported a file: ${summary.created} keys created, ${summary.updated} updated, ${summary.months} months of usage raised`,
      });
      return summary;
    },
    'GET /keys': async () => ({ keys: await Promise.all((await reading.list()).map(keyRow)) }),
    'POST /keys': async (c) => keyRow(await keysBy(c.get('session')).create(await readBody(c.req.raw, createBody))),
    'PATCH /keys/:key': async (c) => {
      const key = await found(c.req.param('key')!);
      return keyRow(await keysBy(c.get('session')).update(key, await readBody(c.req.raw, updateBody)));
    },
    'POST /keys/:key/rotate': async (c) => {
      const old = await found(c.req.param('key')!);
      const { graceSeconds } = await readBody(c.req.raw, rotateBody);
      const rotated = await keysBy(c.get('session')).rotate(old, graceSeconds * 1000);
      return { key: await keyRow(rotated.key), old: await keyRow(rotated.old) };
    },
    'DELETE /keys/:key': async (c) => keyRow(await keysBy(c.get('session')).revoke(await found(c.req.param('key')!))),
    'GET /keys/:key/check': async (c) => reading.check(await found(c.req.param('key')!), c.req.query('origin') ?? ''),
    'GET /domains/check': async (c) => {
      const parsed = parseDomainPattern(c.req.query('pattern') ?? '');
      return parsed.ok ? { ok: true, pattern: parsed.pattern.source } : { ok: false, message: parsed.message };
    },
  } satisfies Partial<ConsoleHandlers>;
}

/** A key's usage, the audit log and the relay's health, as the console shows them. */
function reportHandlers({ deps, found }: ConsoleContext) {
  return {
    'GET /keys/:key/usage': async (c) => {
      const key = await found(c.req.param('key')!);
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
      const caused = (await deps.store.upstreamUnitsByKey(month)).filter((row) => row.key === key.key && row.upstream === 'live');
      const account = await deps.upstream.me().catch(() => undefined);
      return {
        ...usageSummary(rows, { now, limit: monthlyLoadLimit(key.plan), used, by, liveLoadEveryMs: deps.liveLoadEveryMs }),
        upstream: { units: caused.reduce((sum, row) => sum + row.units, 0), monthLimit: account?.value.usage.limit ?? null },
        clicks: clicksSummary(await deps.store.clicks({ key: key.key, month }), used),
      };
    },
    'GET /audit': async (c) => {
      const limit = z.coerce.number().int().min(1).max(1000).default(100).safeParse(c.req.query('limit'));
      if (!limit.success) throw new RelayError('bad_request', 'Bad request: limit: expected a whole number from 1 to 1000.');
      return { entries: await deps.store.auditLog({ key: c.req.query('key') || undefined, limit: limit.data }) };
    },
    'GET /health': async () => {
      const account = await deps.upstream.me().then(
        (cached) => cached.value,
        (error: unknown) => (error instanceof Error ? error : new Error('the data service did not answer')),
      );
      return relayHealth(await deps.readiness(), await deps.metricsText(), account, deps.now());
    },
  } satisfies Partial<ConsoleHandlers>;
}

/**
 * `/console`: the operator console's page, scripts and JSON API. The admin token signs in once; after that an
 * HttpOnly SameSite=Strict cookie names a short session, and every change also needs the session's CSRF token in a
 * header and must come from the relay's own origin (Origin and Fetch Metadata, where the browser sends them).
 */
export function consoleRoutes(deps: ConsoleDeps) {
  const context = consoleContext(deps);
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

  const handlers: ConsoleHandlers = { ...sessionHandlers(context), ...keyHandlers(context), ...reportHandlers(context) };

  // Sign-in is the one route open without a session; every other passes `signedIn` first.
  const serve = (route: ConsoleRoute) => {
    const [method, path] = route.split(' ') as [string, string];
    app.on(method, `/api${path}`, async (c) => {
      const answer = await (handlers[route] as ConsoleHandler)(c);
      c.header('Cache-Control', 'no-store');
      if (answer === null) return c.body(null, 204);
      return c.json(answer, CONSOLE_CREATED.includes(route) ? 201 : 200);
    });
  };
  serve('POST /session');
  app.use('/api/*', context.signedIn);
  for (const route of Object.keys(handlers) as ConsoleRoute[]) if (route !== 'POST /session') serve(route);
  return app;
}
