import type { UsageSummary } from '../../contract/console.js';
import type { ClickRow, DailyUsageRow } from '../store/types.js';
import { perThousand } from '../clicks/click-summary.js';
import { forecastUnits } from '../upstream/budget-watch.js';

/** How many days the chart covers, today included. */
const CHART_DAYS = 31;
/** Origins and prefixes listed by name; the rest are summed as "others". */
const TOP = 8;

export type UsageBy = 'route' | 'origin';

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

function top(rows: readonly DailyUsageRow[], field: 'origin' | 'prefix'): Array<{ name: string; loads: number }> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row[field], (totals.get(row[field]) ?? 0) + row.loads);
  const sorted = [...totals].map(([name, loads]) => ({ name, loads })).sort((a, b) => b.loads - a.loads);
  if (sorted.length <= TOP) return sorted;
  const others = sorted.slice(TOP).reduce((sum, entry) => sum + entry.loads, 0);
  return [...sorted.slice(0, TOP), { name: 'others', loads: others }];
}

/**
 * One key's last 31 days for the console's chart, by route or by origin (the eight largest origins, the rest as
 * "others"), and this month's figures: used, forecast, top origins and networks, browsers against scripts.
 */
export function usageSummary(
  rows: readonly DailyUsageRow[],
  options: { now: number; limit: number; used: number; by: UsageBy; liveLoadEveryMs: number },
): Omit<UsageSummary, 'upstream' | 'clicks'> {
  const { now, limit, used, by } = options;
  const today = dayOf(now);
  const month = today.slice(0, 7);
  const first = dayOf(now - (CHART_DAYS - 1) * DAY_MS);
  const inChart = rows.filter((row) => row.day >= first && row.day <= today);
  const named = new Set(by === 'origin' ? top(inChart, 'origin').map((entry) => entry.name) : inChart.map((row) => row.route));
  const seriesOf = (row: DailyUsageRow) => (by === 'origin' ? (named.has(row.origin) ? row.origin : 'others') : row.route);
  const series = [...new Set(inChart.map(seriesOf))].sort();
  const days = Array.from({ length: CHART_DAYS }, (_, index) => ({
    day: dayOf(now - (CHART_DAYS - 1 - index) * DAY_MS),
    loads: series.map(() => 0),
  }));
  const dayIndex = new Map(days.map((entry, index) => [entry.day, index]));
  for (const row of inChart) days[dayIndex.get(row.day)!]!.loads[series.indexOf(seriesOf(row))]! += row.loads;

  const thisMonth = rows.filter((row) => row.day.startsWith(month));
  const forecast = forecastUnits(used, now);
  const clients = { browser: 0, script: 0 };
  for (const row of thisMonth) clients[row.client] += row.loads;
  return {
    month,
    limit,
    used,
    forecast,
    // One load per billing window at most, and the first data: an hour of a live game for one element and reader.
    liveLoadsPerReaderHour: options.liveLoadEveryMs > 0 ? Math.ceil(3_600_000 / options.liveLoadEveryMs) : null,
    days,
    series,
    topOrigins: top(thisMonth, 'origin'),
    topPrefixes: top(thisMonth, 'prefix'),
    clients,
  };
}

/** One key's clicks on prices this month: all of them, per thousand of the month's loads, and by book. */
export function clicksSummary(rows: readonly ClickRow[], loads: number): UsageSummary['clicks'] {
  const byBook = new Map<string, number>();
  for (const row of rows) byBook.set(row.book, (byBook.get(row.book) ?? 0) + row.clicks);
  const total = [...byBook.values()].reduce((sum, clicks) => sum + clicks, 0);
  return {
    total,
    perThousandLoads: perThousand(total, loads),
    byBook: [...byBook].map(([name, clicks]) => ({ name, clicks })).sort((a, b) => b.clicks - a.clicks || a.name.localeCompare(b.name)),
  };
}
