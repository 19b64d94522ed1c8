const DAY_MS = 86_400_000;

// Every load asks for its month and day: the current UTC day's names are worked out once.
let today = { from: 0, to: 0, month: '', day: '' };

function bucketsOf(ms: number): typeof today {
  if (ms >= today.from && ms < today.to) return today;
  const iso = new Date(ms).toISOString();
  const from = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  return (today = { from, to: from + DAY_MS, month: iso.slice(0, 7), day: iso.slice(0, 10) });
}

/** Usage buckets are calendar months in UTC: `YYYY-MM`, reset on day 1 at 00:00 UTC. */
export function monthBucket(ms: number): string {
  return bucketsOf(ms).month;
}

/** Daily buckets are UTC days, `YYYY-MM-DD`. */
export function dayBucket(ms: number): string {
  return bucketsOf(ms).day;
}

/** How far into its UTC month an instant is, in days (1.5 on the 2nd at noon), and how many days that month has. */
export function monthProgress(ms: number): { elapsedDays: number; days: number } {
  const date = new Date(ms);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return { elapsedDays: (ms - start) / DAY_MS, days: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate() };
}

export function nextMonthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** "1 load", "25,000 loads": for messages people read. */
export function loadCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'load' : 'loads'}`;
}
