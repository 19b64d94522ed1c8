import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { planAtLeast, type Account, type Accounts, type PlanId } from './accounts.js';
import type { SandboxClock } from './clock.js';
import { isCalendarDate } from './dates.js';
import type { FaultInjector } from './faults.js';
import { LEAGUE_PARAM_VALUES, leaguesOn, parseLeague, type CalendarName, type League, type LeagueCode } from './leagues.js';

export interface SandboxDeps {
  clock: SandboxClock;
  accounts: Accounts;
  faults: FaultInjector;
  calendar: CalendarName;
}

export type SandboxEnv = {
  Variables: { account: Account; deps: SandboxDeps };
  Bindings: { incoming?: { socket?: { destroy(): void } } };
};

/**
 * The spec leaves error bodies unstated; the sandbox answers `{"success": false, "error": {"code", "message"}}`.
 */
export function fail(status: ContentfulStatusCode, code: string, message: string, headers?: Record<string, string>): never {
  throw new HTTPException(status, {
    res: new Response(JSON.stringify({ success: false, error: { code, message } }), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    }),
  });
}

export function parseQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(c.req.query());
  if (result.success) return onCalendar(result.data, deps(c).calendar);
  const problems = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  fail(400, 'bad_request', problems.join('; '));
}

function isLeague(value: unknown): value is League {
  return typeof value === 'object' && value !== null && 'calendar' in value && 'teams' in value;
}

/** The schemas parse a league once, on the season calendar; a sandbox playing another calendar swaps in its own. */
function onCalendar<T>(data: T, calendar: CalendarName): T {
  if (calendar === 'season' || typeof data !== 'object' || data === null) return data;
  const swapped = Object.entries(data).map(([name, value]) => [name, isLeague(value) ? leaguesOn(calendar)[value.code] : value]);
  return Object.fromEntries(swapped) as T;
}

export const leagueParam = z.string({ error: `league is required (one of ${LEAGUE_PARAM_VALUES.join(', ')})` }).transform((value, ctx) => {
  const league = parseLeague(value);
  if (!league) {
    ctx.addIssue({ code: 'custom', message: `unknown league "${value}" (use one of ${LEAGUE_PARAM_VALUES.join(', ')})` });
    return z.NEVER;
  }
  return league;
});

export const dateParam = z.string().refine(isCalendarDate, { message: 'expected a calendar date written YYYY-MM-DD' });

export const booleanParam = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Whole-second ISO timestamps: the spec allows them with or without milliseconds, and the sandbox shows both. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function deps(c: Context<SandboxEnv>): SandboxDeps {
  return c.get('deps');
}

/** A league as this sandbox's calendar plays it. */
export function calendarLeague(c: Context<SandboxEnv>, code: LeagueCode): League {
  return leaguesOn(deps(c).calendar)[code];
}

export function requirePlan(c: Context<SandboxEnv>, minimum: PlanId, feature: string): void {
  const account = c.get('account');
  if (!planAtLeast(account.plan.id, minimum)) {
    fail(
      403,
      'plan_required',
      `${feature} needs the ${minimum[0]!.toUpperCase()}${minimum.slice(1)} plan or above; this key is on ${account.plan.label}.`,
    );
  }
}

export function withDeps(sandbox: SandboxDeps): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    c.set('deps', sandbox);
    await next();
  };
}

/** The key comes as the `x-api-key` header or the `api_key` query parameter. */
export function authenticate(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const apiKey = c.req.header('x-api-key') ?? c.req.query('api_key');
    if (!apiKey) fail(401, 'unauthorized', 'Missing API key: send it in the x-api-key header or the api_key query parameter.');
    const account = deps(c).accounts.get(apiKey);
    if (!account) fail(401, 'unauthorized', 'Invalid API key.');
    c.set('account', account);
    await next();
  };
}

/**
 * Checks the month's remaining units before the handler and charges them after a 200.
 * Failed requests cost nothing; the spec's costs where it states them, one unit where it does not.
 */
export function metered(cost: number | ((c: Context<SandboxEnv>) => number)): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const { accounts } = deps(c);
    const account = c.get('account');
    const units = typeof cost === 'number' ? cost : cost(c);
    if (!accounts.canSpend(account, units)) {
      const retryAfter = accounts.secondsUntilReset();
      fail(
        429,
        'quota_exceeded',
        `Monthly quota of ${account.plan.monthlyLimit} request units is spent; it resets on day 1 at 00:00 UTC.`,
        {
          'retry-after': String(retryAfter),
        },
      );
    }
    await next();
    if (c.res.status === 200) accounts.charge(account, units);
  };
}

export function injectFaults(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/v1/, '') || '/';
    const decision = deps(c).faults.decide(path);
    if (decision.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.latencyMs));
    const failure = decision.failure;
    if (!failure) return next();
    switch (failure.kind) {
      case 'status': {
        const status = failure.status as ContentfulStatusCode;
        const headers: Record<string, string> = {};
        if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
        const code = status === 429 ? 'rate_limited' : 'injected_fault';
        return fail(status, code, `Injected fault: status ${status}.`, headers);
      }
      case 'malformed':
        return c.body('{"success": true, "data": [{"gameId": "', 200, { 'content-type': 'application/json; charset=utf-8' });
      default: {
        const socket = c.env?.incoming?.socket;
        if (socket) {
          socket.destroy();
          return c.body(null, 500);
        }
        // Without a socket (in-process requests) the body stream fails instead.
        const broken = new ReadableStream({
          start(controller) {
            controller.error(new Error('connection dropped by an injected fault'));
          },
        });
        return new Response(broken, { status: 200, headers: { 'content-type': 'application/json' } });
      }
    }
  };
}
