/** Usage buckets are calendar months in UTC: `YYYY-MM`, reset on day 1 at 00:00 UTC. */
export function monthBucket(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export function nextMonthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** "1 load", "25,000 loads": for messages people read. */
export function loadCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'load' : 'loads'}`;
}
