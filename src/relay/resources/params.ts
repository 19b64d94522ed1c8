import { z } from 'zod';
import { echoedNames, shortened } from '../base/echo.js';
import { RelayError } from '../base/errors.js';
import { WIDGET_LEAGUES, widgetLeague } from '../../contract/leagues.js';

const LEAGUE_LIST = WIDGET_LEAGUES.join(', ');

function leagueOf(value: string, ctx: z.RefinementCtx): string {
  const league = widgetLeague(value);
  if (!league) {
    ctx.addIssue({ code: 'custom', message: `unknown league "${shortened(value, 20)}"; use one of ${LEAGUE_LIST}` });
    return z.NEVER;
  }
  return league;
}

export const leagueParam = z.string({ error: `league is required (one of ${LEAGUE_LIST})` }).transform(leagueOf);

/** The one order every list of leagues is kept in (request, topic, cache entry, payload): `nhl,nba` is `nba,nhl`. */
const LEAGUE_ORDER: readonly string[] = WIDGET_LEAGUES;

export const leagueListParam = z
  .string({ error: `league is required: one league or several separated by commas (${LEAGUE_LIST})` })
  .transform((value, ctx) =>
    [
      ...new Set(
        value
          .split(',')
          .filter((part) => part.trim() !== '')
          .map((part) => leagueOf(part, ctx)),
      ),
    ].sort((a, b) => LEAGUE_ORDER.indexOf(a) - LEAGUE_ORDER.indexOf(b)),
  )
  .refine((leagues) => leagues.length > 0, { message: 'name at least one league' });

export const dateParam = z.string().refine(
  (value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const ms = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
  },
  { message: 'expected a calendar date written YYYY-MM-DD, such as 2026-11-22' },
);

export const teamParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,6}$/, { message: 'expected a team abbreviation such as BOS' })
  .transform((value) => value.toUpperCase());

/** Game ids are the upstream's (hex, numeric, or `league-…` words): letters, digits and `-_.:`, at most 64 of them. */
const MAX_GAME_ID_LENGTH = 64;

export const gameIdParam = z
  .string({ error: 'gameId is required' })
  .trim()
  .min(1, { message: 'gameId is required' })
  .max(MAX_GAME_ID_LENGTH, { message: `a game id is at most ${MAX_GAME_ID_LENGTH} characters; take it from /v1/scores` })
  .regex(/^[A-Za-z0-9_.:-]+$/, { message: 'a game id is letters, digits and - _ . : only; take it from /v1/scores' });

const DAY_MS = 86_400_000;

/**
 * Dates the relay asks upstream about: the last 400 days (a whole season of every league) to 60 days ahead (the
 * published schedules). Any other date would be a fresh upstream call per request with nothing to show.
 */
const DATE_WINDOW = { pastDays: 400, futureDays: 60 } as const;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Refuses a date outside DATE_WINDOW around `now`, naming the dates it takes. */
export function refuseDateOutsideWindow(date: string | undefined, now: number): void {
  if (date === undefined) return;
  const first = dayOf(now - DATE_WINDOW.pastDays * DAY_MS);
  const last = dayOf(now + DATE_WINDOW.futureDays * DAY_MS);
  if (date >= first && date <= last) return;
  throw new RelayError(
    'bad_request',
    `Bad request: date: ${date} is outside the dates this relay serves, ${first} to ${last} (the last ${DATE_WINDOW.pastDays} days and the next ${DATE_WINDOW.futureDays}).`,
  );
}

export const marketsParam = z
  .string()
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .refine((markets) => markets.length <= 5, { message: 'at most 5 markets, separated by commas' })
  .refine((markets) => markets.every((market) => /^[A-Za-z]{1,40}$/.test(market)), {
    message: 'market keys are words such as points or passingYards',
  });

/** Parameters by name from a query string; the first of a repeated one counts, as it always has. */
export function firstValues(query: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) if (!(name in values)) values[name] = value;
  return values;
}

/** The parameter names an object schema (or a schema piped from one) takes. */
function namesOf(schema: z.ZodType): string[] {
  const { shape, in: from } = schema as unknown as { shape?: Record<string, unknown>; in?: z.ZodType };
  if (shape) return Object.keys(shape);
  return from ? namesOf(from) : [];
}

/**
 * Validates query parameters (of a GET or of a live topic); a failure names the parameter and what was expected. A
 * parameter the route does not take is refused by name: a misspelt one (`teem=BOS`) would otherwise be ignored quietly,
 * and every made-up one would make the same request look new.
 */
export function parseParams<Schema extends z.ZodType>(schema: Schema, params: Record<string, string>): z.output<Schema> {
  const query = { ...params };
  delete query.key;
  const names = namesOf(schema);
  const unknown = Object.keys(query).filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new RelayError(
      'bad_request',
      `Bad request: unknown parameter${unknown.length > 1 ? 's' : ''} ${echoedNames(unknown, (name) => JSON.stringify(name))}; this route takes ${names.join(', ')} (and key).`,
    );
  }
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw new RelayError('bad_request', `Bad request: ${problems.join('; ')}.`);
}
