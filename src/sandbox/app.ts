import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { Accounts, DEFAULT_SANDBOX_KEYS, type PlanId } from './accounts.js';
import { SandboxClock } from './clock.js';
import { FaultInjector, type FaultRuleInput } from './faults.js';
import type { CalendarName } from './leagues.js';
import { authenticate, injectFaults, iso, withDeps, type SandboxDeps, type SandboxEnv } from './http.js';
import { accountRoutes } from './routes/account.js';
import { controlRoutes } from './routes/control.js';
import { formRoutes } from './routes/form.js';
import { gameRoutes } from './routes/games.js';
import { lineRoutes } from './routes/lines.js';
import { propRoutes } from './routes/props.js';
import { marketHistoryRoutes } from './routes/market-history.js';
import { mlbRoutes } from './routes/mlb.js';
import { nflRoutes } from './routes/nfl.js';
import { teamRoutes } from './routes/teams.js';
import { teamStatsRoutes } from './routes/team-stats.js';

export interface SandboxOptions {
  /** Start the game clock here instead of at the wall clock (ms since the epoch). */
  now?: number;
  /** Clock speed: 0 frozen, 1 real time. */
  rate?: number;
  /** A clock to run on instead of one of its own (`now` and `rate` then unused): the relay's, so both read one time. */
  clock?: SandboxClock;
  /** Keys beyond (or replacing) the defaults, key → plan. */
  keys?: Record<string, PlanId>;
  faults?: FaultRuleInput[];
  faultSeed?: string;
  /** `season` (the default): real league calendars. `round-the-clock`: every league all day (leagues.ts). */
  calendar?: CalendarName;
}

export interface Sandbox extends SandboxDeps {
  app: Hono<SandboxEnv>;
}

/** The embedded Sports Data Service: the spec's /v1 surface plus /_sandbox controls. No listening here. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const clock = options.clock ?? new SandboxClock({ now: options.now, rate: options.rate });
  const accounts = new Accounts(() => clock.now());
  for (const [apiKey, plan] of Object.entries({ ...DEFAULT_SANDBOX_KEYS, ...options.keys })) accounts.add(apiKey, plan);
  const faults = new FaultInjector(options.faultSeed);
  if (options.faults) faults.set(options.faults);
  const sandbox: SandboxDeps = { clock, accounts, faults, calendar: options.calendar ?? 'season' };

  const app = new Hono<SandboxEnv>();
  app.use('*', withDeps(sandbox));
  app.route('/_sandbox', controlRoutes);

  const v1 = new Hono<SandboxEnv>();
  v1.use('*', injectFaults());
  // Whether /health needs a key is not shown in the spec; the sandbox answers it without one.
  v1.get('/health', (c) => c.json({ status: 'ok', service: 'pressbox-sandbox', time: iso(clock.now()) }));
  v1.use('*', authenticate());
  v1.route('/', accountRoutes);
  v1.route('/', gameRoutes);
  v1.route('/', lineRoutes);
  v1.route('/', teamRoutes);
  v1.route('/', formRoutes);
  v1.route('/', propRoutes);
  v1.route('/', mlbRoutes);
  v1.route('/', nflRoutes);
  v1.route('/', marketHistoryRoutes);
  v1.route('/', teamStatsRoutes);
  app.route('/v1', v1);

  app.notFound((c) => c.json({ success: false, error: { code: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}.` } }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error('sandbox error:', error);
    return c.json({ success: false, error: { code: 'server_error', message: 'Internal sandbox error.' } }, 500);
  });
  return { app, ...sandbox };
}
