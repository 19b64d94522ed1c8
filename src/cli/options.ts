import { ELEMENT_DETAILS } from '../contract/elements.js';
import { InvalidArgumentError, Option } from 'commander';
import { PLAN_ORDER, isPlanId, type PlanId } from '../sandbox/accounts.js';
import { parseDomainPattern } from '../relay/keys/domains.js';
import { parsePlan, type Plan } from '../relay/keys/model.js';
import { parseTrustList } from '../relay/http/client-address.js';
import { parsePublicUrl } from '../relay/http/own-origins.js';
import { parseRedisUrl } from '../relay/store/redis-connection.js';
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

export function positive(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number above 0');
  return number;
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

export function webhookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an http:// or https:// URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidArgumentError('expected an http:// or https:// URL');
  return url.href;
}

export function day(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new InvalidArgumentError('expected a day written YYYY-MM-DD');
  return value;
}

export function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return number;
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

/** `--trust-proxy`, repeatable or comma-separated: every entry checked now, kept as written. */
export function trustEntries(value: string, previous: string[] = []): string[] {
  const parsed = parseTrustList([value]);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message.replace(/^--trust-proxy: /, ''));
  return [...previous, ...parsed.entries];
}

/** `--public-url`, repeatable: the relay's origins as readers reach it. */
export function publicUrl(value: string, previous: string[] = []): string[] {
  const parsed = parsePublicUrl(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message.replace(/^--public-url: /, ''));
  return [...previous, parsed.origin];
}

export function month(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError('expected a month written YYYY-MM');
  return value;
}

const DURATION_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `7d`, `12h`, `30m`, `0`: a duration in milliseconds. */
export function duration(value: string): number {
  const match = /^(\d+)([smhd])?$/.exec(value.trim());
  if (!match || (match[2] === undefined && match[1] !== '0'))
    throw new InvalidArgumentError('expected a duration such as 7d, 12h or 30m (or 0 for none)');
  return Number(match[1]) * DURATION_UNITS_MS[match[2] ?? 's']!;
}

/** A duration as people write it (`60s`, `30d`): the largest unit that divides it. */
export function writtenDuration(ms: number): string {
  if (ms === 0) return '0';
  const [unit, size] = Object.entries(DURATION_UNITS_MS).findLast(([, size]) => ms % size === 0) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}

/** A duration flag whose default `--help` shows as written (`60s`), not in milliseconds. */
export function durationOption(flags: string, description: string, defaultMs: number): Option {
  return new Option(flags, description).argParser(duration).default(defaultMs, writtenDuration(defaultMs));
}

export const DEFAULT_DB = 'pressbox.db';
/** Where a relay on Redis keeps the loads it served while Redis was unreachable (relays sharing a folder may share it). */
export const DEFAULT_JOURNAL = 'pressbox-journal.db';

/** Ends the process cleanly on Ctrl+C or SIGTERM, after `close` has finished. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** `--redis`: one server (redis://, rediss://) or a Sentinel group (redis+sentinel://host:port,host:port/name). */
export function redisUrl(value: string): string {
  const target = parseRedisUrl(value);
  if (!target.ok) throw new InvalidArgumentError(target.message);
  return value;
}

/**
 * `--record-leagues nba,nhl`: leagues whose win probability the widgets show (they have betting lines), or `auto` (those
 * readers asked for in the last day).
 */
export function recordLeagues(value: string): string[] | 'auto' {
  // Said as it is: commander stores an empty string where a parser returns undefined.
  if (value.trim().toLowerCase() === 'auto') return 'auto';
  const recordable = ELEMENT_DETAILS['win-probability'].leagues as readonly string[];
  const leagues = value
    .split(',')
    .map((league) => league.trim().toLowerCase())
    .filter(Boolean);
  const unknown = leagues.filter((league) => !recordable.includes(league));
  if (leagues.length === 0 || unknown.length)
    throw new InvalidArgumentError(
      `expected auto or leagues with betting lines from ${recordable.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`,
    );
  return leagues;
}

/** `--upstream-slow-at 90`: a percentage of the upstream month, 1 to 100. */
export function percent(value: string): number {
  const number = Number(value.replace(/%$/, ''));
  if (!Number.isInteger(number) || number < 1 || number > 100) throw new InvalidArgumentError('expected a whole percentage from 1 to 100');
  return number / 100;
}
