/** Intl formatting in the reader's locale and time zone, or the element's `locale` and `time-zone`. */
import { relayNow } from './relay-time.js';

export interface FormatOptions {
  locale?: string;
  timeZone?: string;
}

export function safeTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

export function formatStartTime(iso: string, options: FormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale, { hour: 'numeric', minute: '2-digit', timeZone: safeTimeZone(options.timeZone) }).format(
    new Date(iso),
  );
}

export function formatDay(iso: string, options: FormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: safeTimeZone(options.timeZone),
  }).format(new Date(iso));
}

/**
 * `text` dated when `iso` is not on the reader's today, as an old game reads: "Final · Nov 20" (short enough for a
 * score card in every language; the year only tells the days apart).
 */
export function onItsDay(text: string, iso: string | null | undefined, options: FormatOptions = {}): string {
  if (!iso || sameDay(new Date(iso), relayNow(), options.timeZone)) return text;
  return `${text} · ${new Intl.DateTimeFormat(options.locale, { month: 'short', day: 'numeric', timeZone: safeTimeZone(options.timeZone) }).format(new Date(iso))}`;
}

/** Whether two instants fall on one day where the reader is (`time-zone`). */
export function sameDay(a: Date | number, b: Date | number, timeZone: string | undefined): boolean {
  const day = new Intl.DateTimeFormat('en', { dateStyle: 'short', timeZone: safeTimeZone(timeZone) });
  return day.format(a) === day.format(b);
}

/** A date written YYYY-MM-DD, as a calendar day (no time zone shift). */
export function formatCalendarDate(date: string, options: FormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

export function formatNumber(value: number, options: FormatOptions & { signed?: boolean; digits?: number } = {}): string {
  return new Intl.NumberFormat(options.locale, {
    signDisplay: options.signed ? 'exceptZero' : 'auto',
    maximumFractionDigits: options.digits ?? 1,
  }).format(value);
}

export function formatPercent(share: number, options: FormatOptions & { digits?: number } = {}): string {
  return new Intl.NumberFormat(options.locale, { style: 'percent', maximumFractionDigits: options.digits ?? 0 }).format(share);
}

/** "2 minutes ago", "just now". */
export function formatAge(iso: string, now: number, options: FormatOptions = {}): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return format.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}
