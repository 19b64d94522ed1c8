import { InvalidArgumentError, Option } from 'commander';
import { CALENDAR_NAMES, type CalendarName } from '../sandbox/leagues.js';
import { PLAN_ORDER, isPlanId, type PlanId } from '../sandbox/accounts.js';
import { parseDomainPattern } from '../relay/keys/domains.js';
import { parsePlan, type Plan } from '../relay/keys/model.js';
import { parseOddsRegions } from '../relay/keys/odds-regions.js';
import { parseBetLinks, type BetLink } from '../relay/keys/bet-links.js';
import { parseGamblingLines, type GamblingLines } from '../relay/keys/gambling-lines.js';
import { parseDuration, parsePort, parsePositive, writtenDuration } from '../relay/features/flags.js';
import { redisUrl as parseRedisFlag } from '../relay/features/usage.js';
import { availableParallelism } from 'node:os';

/** Option parsers: each turns a flag's text into a value or a message saying what was expected. */

export function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[] = []): T[] => {
    try {
      return [...previous, parse(value)];
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

/** `--workers`: a number of processes, or `auto` for one per core the machine gives this process. */
export function workerCount(value: string): number {
  if (value === 'auto') return availableParallelism();
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > MAX_WORKERS)
    throw new InvalidArgumentError(`expected auto or a whole number from 1 to ${MAX_WORKERS}`);
  return number;
}

/** More processes than this would not find the cores to run on; a typo (`--workers 100`) says so instead. */
const MAX_WORKERS = 64;

export function wholeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError('expected a whole number (0 or more)');
  return number;
}

export function day(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new InvalidArgumentError('expected a day written YYYY-MM-DD');
  return value;
}

export function apiKeySpec(value: string): [string, PlanId] {
  const [key, plan] = value.split('=', 2);
  if (!key || !plan || !isPlanId(plan)) throw new Error(`expected KEY=PLAN with PLAN one of ${PLAN_ORDER.join(', ')} (got "${value}")`);
  return [key, plan];
}

export function instant(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('expected an ISO 8601 time such as 2026-11-22T19:30:00Z');
  return ms;
}

export const CALENDAR_HELP =
  'season: each league on its real calendar (off-seasons, weekly rhythm, local start times); round-the-clock: every league plays all day, every day';

/** `season` or `round-the-clock`: which calendar the sandbox plays (src/sandbox/leagues.ts). */
export function calendar(value: string): CalendarName {
  const found = CALENDAR_NAMES.find((name) => name === value);
  if (!found) throw new InvalidArgumentError(`expected ${CALENDAR_NAMES.join(' or ')}`);
  return found;
}

export function rate(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError('expected a number ≥ 0 (0 freezes the clock, 1 is real time)');
  return number;
}

export function plan(value: string): Plan {
  const parsed = parsePlan(value);
  if (!parsed) throw new InvalidArgumentError('expected free, starter, builder, pro or custom:N (N loads a month)');
  return parsed;
}

/** An allowed-domain pattern, in the canonical form it is stored in. */
export function domain(value: string, previous: string[] = []): string[] {
  const parsed = parseDomainPattern(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return [...previous, parsed.pattern.source];
}

/** `--odds-regions US-NJ,US-PA,GB` (commas or repeats): ISO 3166 codes, canonical and deduplicated. */
export function oddsRegions(value: string, previous: string[] = []): string[] {
  const parsed = parseOddsRegions([...previous, value]);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return parsed.regions;
}

/** `--bet-link 'Book Name=https://…'` (repeatable): each book checked, names unique, at most five. */
export function betLink(value: string, previous: BetLink[] = []): BetLink[] {
  const parsed = parseBetLinks([...previous, value]);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return parsed.books;
}

/** `--gambling-line 'US-NJ=21+ only…'` (repeatable): region codes canonical, lines plain text. */
export function gamblingLine(value: string, previous: GamblingLines = {}): GamblingLines {
  const parsed = parseGamblingLines([...Object.entries(previous), value]);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return parsed.lines;
}

export function month(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError('expected a month written YYYY-MM');
  return value;
}

/** A duration flag whose default `--help` shows as written (`60s`), not in milliseconds. */
export function durationOption(flags: string, description: string, defaultMs: number): Option {
  return new Option(flags, description).argParser(duration).default(defaultMs, writtenDuration(defaultMs));
}

/** A parser whose refusal commander reports as a usage mistake (exit 2) naming the flag. */
export function asArgument<T>(parse: (value: string, previous?: T) => T): (value: string, previous?: T) => T {
  return (value, previous) => {
    try {
      return parse(value, previous);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

export const positive = asArgument(parsePositive);
export const port = asArgument(parsePort);
export const duration = asArgument(parseDuration);
export const redisUrl = asArgument(parseRedisFlag);

/** Ends the process cleanly on Ctrl+C or SIGTERM, after `close` has finished. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
