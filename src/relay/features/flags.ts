/**
 * The relay's option schema: each feature declares its flags here once, and the CLI (`pressbox serve` and its
 * `--help`), the programmatic options' types and the flag table in docs/operators.md are all derived from it.
 */

/** One `pressbox serve` flag and the setting it fills. */
export interface Flag<T> {
  /** As written on the command line: `--record-every`. */
  name: string;
  /** What its value looks like in `--help`: `<duration>`. */
  value: string;
  description: string;
  /** Text to value; throws an Error whose message says what was expected. `previous`: earlier uses, if repeatable. */
  parse(text: string, previous?: T): T;
  /** What the feature uses when neither the flag nor the programmatic option is given. */
  default?: T;
  /** The default as people write it (`60s`, `90%`), for `--help` and the docs. */
  shown?: string;
  /** The only values it takes (for `--help`'s choices). */
  choices?: readonly string[];
  /** Set from this environment variable when the flag is absent. */
  env?: string;
}

/** A feature's flags, by the setting each fills. */
export type Flags = Record<string, Flag<unknown>>;

type ValueOf<F> = F extends Flag<infer T> ? T : never;

/** The settings a caller may give for a set of flags: any of them. */
export type SettingsOf<F extends Flags> = { [K in keyof F]?: ValueOf<F[K]> };

/** The settings a feature works with: those whose flag has a default always there. */
export type SettledOf<F extends Flags> = {
  [K in keyof F]: F[K] extends { default: undefined } ? ValueOf<F[K]> | undefined : ValueOf<F[K]>;
};

/** The settings given (flags' and any others), with every flag's default filled in where none was given. */
export function withDefaults<F extends Flags, G extends SettingsOf<F>>(flags: F, given: G | undefined): G & SettledOf<F> {
  const settled: Record<string, unknown> = { ...given };
  for (const [key, flag] of Object.entries(flags)) settled[key] ??= flag.default;
  return settled as G & SettledOf<F>;
}

export class FlagValueError extends Error {}

const DURATION_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, y: 365 * 86_400_000 };

/** `5y` (365 days each), `7d`, `12h`, `30m`, `45s`, `0`: a duration in milliseconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+)([smhdy])?$/.exec(value.trim());
  if (!match || (match[2] === undefined && match[1] !== '0'))
    throw new FlagValueError('expected a duration such as 5y, 7d, 12h or 30m (or 0 for none)');
  return Number(match[1]) * DURATION_UNITS_MS[match[2] ?? 's']!;
}

/** A duration as people write it (`60s`, `30d`): the largest unit that divides it. */
export function writtenDuration(ms: number): string {
  if (ms === 0) return '0';
  const [unit, size] = Object.entries(DURATION_UNITS_MS).findLast(([, size]) => ms % size === 0) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}

export function parsePositive(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new FlagValueError('expected a whole number above 0');
  return number;
}

export function parsePort(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new FlagValueError('expected a port number from 0 to 65535');
  return number;
}

/** `90` or `90%`: a share from 0.01 to 1. */
export function parsePercent(value: string): number {
  const number = Number(value.replace(/%$/, ''));
  if (!Number.isInteger(number) || number < 1 || number > 100) throw new FlagValueError('expected a whole percentage from 1 to 100');
  return number / 100;
}

export function parseHttpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FlagValueError('expected an http:// or https:// URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FlagValueError('expected an http:// or https:// URL');
  return url.href;
}

const SIZE_UNITS: Record<string, number> = { '': 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `64MB`, `2GB`, `512KB`, `0`: a size in bytes (units of 1,024). */
function parseSize(value: string): number {
  const match = /^(\d+)\s*(kb|mb|gb)?$/i.exec(value.trim());
  if (!match || (match[2] === undefined && match[1] !== '0'))
    throw new FlagValueError('expected a size such as 64MB, 2GB or 512KB (or 0 for none)');
  return Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toLowerCase()]!;
}

/** A size as people write it (`64MB`): the largest unit that divides it. */
function writtenSize(bytes: number): string {
  if (bytes === 0) return '0';
  const [unit, size] = Object.entries(SIZE_UNITS).findLast(([, size]) => bytes % size === 0) ?? ['', 1];
  return `${bytes / size}${unit.toUpperCase()}`;
}

/** A kind of flag: the placeholder its value has in `--help`, how it is read, and how a default is written. */
function kind<T>(value: string, parse: (text: string) => T, written: (value: T) => string) {
  return <D extends T | undefined = undefined>(name: string, description: string, defaultValue?: D): Flag<T> & { default: D } => ({
    name,
    value,
    description,
    parse,
    default: defaultValue as D,
    shown: defaultValue === undefined ? undefined : written(defaultValue as T),
  });
}

/** The kinds of flag the relay has, each with its unit and how its default is shown. */
export const flag = {
  /** Milliseconds, written `60s`, `30d` (0 where it turns something off). */
  duration: kind('<duration>', parseDuration, writtenDuration),
  /** A whole number above 0. */
  count: kind('<n>', parsePositive, (count) => count.toLocaleString('en-US')),
  /** A share of something, written `90` or `90%`. */
  percent: kind('<percent>', parsePercent, (share) => `${Math.round(share * 100)}%`),
  port: kind('<port>', parsePort, String),
  /** Bytes, written `64MB`, `2GB`. */
  size: kind('<size>', parseSize, writtenSize),
  /** Free text (a file, a host), checked by the feature that uses it. */
  text: <D extends string | undefined = undefined>(
    name: string,
    value: string,
    description: string,
    defaultText?: D,
  ): Flag<string> & { default: D } => ({
    name,
    value,
    description,
    parse: (text) => text,
    default: defaultText as D,
    shown: defaultText,
  }),
  /** One of a few words. */
  choice: <T extends string, D extends T | undefined = undefined>(
    name: string,
    description: string,
    choices: readonly T[],
    defaultChoice?: D,
  ): Flag<T> & { default: D } => ({
    name,
    value: '<name>',
    description,
    parse: (text) => {
      if (!choices.includes(text as T)) throw new FlagValueError(`expected one of ${choices.join(', ')}`);
      return text as T;
    },
    choices,
    default: defaultChoice as D,
    shown: defaultChoice,
  }),
  /** Given as often as needed (or comma-separated, where `parseOne` splits), each use checked by `parseOne`. */
  repeatable: <T>(
    name: string,
    value: string,
    description: string,
    parseOne: (text: string) => T[],
  ): Flag<T[]> & { default: undefined } => ({
    name,
    value,
    description: `${description} (repeatable)`,
    parse: (text, previous = []) => [...previous, ...parseOne(text)],
    default: undefined,
  }),
  /** A value of the feature's own shape, from its own parser. */
  custom: <T, D extends T | undefined = undefined>(
    name: string,
    value: string,
    description: string,
    parse: (text: string) => T,
    defaultValue?: D,
    shown?: string,
  ): Flag<T> & { default: D } => ({
    name,
    value,
    description,
    parse,
    default: defaultValue as D,
    shown,
  }),
};
