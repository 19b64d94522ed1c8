export const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant, `YYYY-MM-DD`. */
export function dateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dayStartMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

export function addDays(date: string, days: number): string {
  return dateOf(dayStartMs(date) + days * DAY_MS);
}

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = dayStartMs(value);
  return Number.isFinite(ms) && dateOf(ms) === value;
}

/** `YYYY-MM` of an instant, UTC: the usage period. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export function nextMonthStartMs(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const easternTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** `7:30 PM` in US Eastern time, for the `startTimeEst` / `startTimeEt` display strings. */
export function easternClock(ms: number): string {
  return easternTime.format(ms).replace(/\u202f/g, ' ');
}
