import { z } from 'zod';
import { echoedNames } from '../../embed/html.js';
import { RelayError } from '../errors.js';
import { WIDGET_LEAGUES, widgetLeague } from '../../contract/leagues.js';

const LEAGUE_LIST = WIDGET_LEAGUES.join(', ');

function leagueOf(value: string, ctx: z.RefinementCtx): string {
  const league = widgetLeague(value);
  if (!league) {
    ctx.addIssue({ code: 'custom', message: `unknown league "${value}"; use one of ${LEAGUE_LIST}` });
    return z.NEVER;
  }
  return league;
}

export const leagueParam = z.string({ error: `league is required (one of ${LEAGUE_LIST})` }).transform(leagueOf);

export const leagueListParam = z
  .string({ error: `league is required: one league or several separated by commas (${LEAGUE_LIST})` })
  .transform((value, ctx) => [
    ...new Set(
      value
        .split(',')
        .filter((part) => part.trim() !== '')
        .map((part) => leagueOf(part, ctx)),
    ),
  ])
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

export const gameIdParam = z.string({ error: 'gameId is required' }).trim().min(1).max(100);

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
