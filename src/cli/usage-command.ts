import { InvalidArgumentError, type Command } from 'commander';
import { escapeControls as shown } from '../relay/base/logger.js';
import { loadCount, monthBucket } from '../relay/metering/month.js';
import type { DailyUsageRow, KeyUnitsRow, UpstreamUnitsRow } from '../relay/store/types.js';
import { clickTotals, type ClickTotal } from '../relay/clicks/click-summary.js';
import { CliFailure } from './failures.js';
import { day, month } from './options.js';
import { print, storeOptions, withStore, type StoreFlags } from './store-command.js';

const USAGE_DIMENSIONS = ['origin', 'prefix', 'route', 'client', 'key'] as const;
type UsageDimension = (typeof USAGE_DIMENSIONS)[number];

function by(value: string): UsageDimension {
  if (!(USAGE_DIMENSIONS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected ${USAGE_DIMENSIONS.join(', ')}`);
  return value as UsageDimension;
}

interface UsageGroup {
  key: string;
  value: string;
  loads: number;
  /** Of the key's loads in the selection. */
  share: number;
  /** Loads that came without browser Fetch Metadata. */
  fromScripts: number;
}

/** Loads per key and value of one dimension, the largest first. */
function groupUsage(rows: DailyUsageRow[], dimension: UsageDimension): UsageGroup[] {
  const groups = new Map<string, UsageGroup>();
  const perKey = new Map<string, number>();
  for (const row of rows) {
    const id = `${row.key} ${row[dimension]}`;
    const group = groups.get(id) ?? { key: row.key, value: row[dimension], loads: 0, share: 0, fromScripts: 0 };
    group.loads += row.loads;
    if (row.client === 'script') group.fromScripts += row.loads;
    groups.set(id, group);
    perKey.set(row.key, (perKey.get(row.key) ?? 0) + row.loads);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, share: group.loads / perKey.get(group.key)! }))
    .sort((a, b) => a.key.localeCompare(b.key) || b.loads - a.loads);
}

function usageTable(groups: UsageGroup[], dimension: UsageDimension): string {
  if (groups.length === 0) return 'No loads recorded for that selection.';
  const lines = groups.map(
    (group) =>
      `${shown(group.key)}  ${shown(group.value).padEnd(32)}  ${String(group.loads).padStart(9)}  ${`${(group.share * 100).toFixed(1)} %`.padStart(7)}  ${group.fromScripts ? `${loadCount(group.fromScripts)} without browser metadata` : ''}`,
  );
  return [`${'key'.padEnd(40)}  ${dimension.padEnd(32)}  ${'loads'.padStart(9)}  ${'share'.padStart(7)}`, ...lines].join('\n');
}

/** A month's upstream units by one column (endpoint, or the key that caused them), the largest first, with shares. */
function unitsTable<Row extends { month: string; upstream: string; units: number }>(
  rows: Row[],
  column: { title: string; width: number; of(row: Row): string },
): string {
  if (rows.length === 0) return 'No upstream units recorded for that month.';
  const total = rows.reduce((sum, row) => sum + row.units, 0);
  return [
    `month    ${'upstream'.padEnd(10)}  ${column.title.padEnd(column.width)}  ${'units'.padStart(9)}  share`,
    ...rows.map(
      (row) =>
        `${row.month}  ${shown(row.upstream).padEnd(10)}  ${shown(column.of(row)).padEnd(column.width)}  ${String(row.units).padStart(9)}  ${((row.units / total) * 100).toFixed(1)} %`,
    ),
    `total ${total.toLocaleString('en-US')} units`,
  ].join('\n');
}

const upstreamTable = (rows: UpstreamUnitsRow[]) => unitsTable(rows, { title: 'endpoint', width: 28, of: (row) => row.endpoint });

/** Who is behind a spike: the key whose requests and topics caused the units. */
const keyUnitsTable = (rows: KeyUnitsRow[]) =>
  unitsTable(rows, { title: 'key', width: 40, of: (row) => row.key || '(the relay: recorder, budget watch)' });

function clicksTable(totals: ClickTotal[]): string {
  if (totals.length === 0) return 'No clicks on prices recorded for that selection.';
  return [
    `month    ${'key'.padEnd(40)}  ${'book'.padEnd(24)}  ${'element'.padEnd(14)}  ${'clicks'.padStart(7)}  per 1,000 loads`,
    ...totals.map(
      (total) =>
        `${total.month}  ${shown(total.key)}  ${shown(total.book).padEnd(24)}  ${total.element.padEnd(14)}  ${String(total.clicks).padStart(7)}  ${total.perThousandLoads ?? '—'}`,
    ),
  ].join('\n');
}

/** `usage`: loads per key, month, route and origin, or grouped by where they came from. */
export function usageCommand(program: Command): void {
  storeOptions(
    program
      .command('usage')
      .description('Widget loads per key, month, route and origin; with --by, where one day or month’s loads came from.')
      .option('--key <key>', 'one key only')
      .option('--month <YYYY-MM>', 'one month only (UTC)', month)
      .option('--day <YYYY-MM-DD>', 'one day only (UTC)', day)
      .option('--by <what>', 'origin, prefix (IPv4 /24, IPv6 /48), route or client (browser or script); with --upstream, key', by)
      .option(
        '--upstream',
        'request units the relay spent upstream this month (or --month), by upstream and endpoint (--by key: by widget key)',
      )
      .option(
        '--clicks',
        'clicks on prices by month, key, book and element (--month, --day, --key narrow them), with clicks per 1,000 loads',
      ),
  ).action(
    (flags: StoreFlags & { key?: string; month?: string; day?: string; by?: UsageDimension; upstream?: boolean; clicks?: boolean }) =>
      withStore(
        flags,
        async (store) => {
          if (flags.clicks) {
            // Every month unless narrowed, as plain `usage`: clicks are counted on the relay's clock, which may be a sandbox's.
            const selection = flags.day ? { day: flags.day } : flags.month ? { month: flags.month } : {};
            const loads = new Map<string, number>();
            for (const row of await store.dailyUsage({ key: flags.key, ...selection })) {
              const id = `${row.key} ${row.day.slice(0, 7)}`;
              loads.set(id, (loads.get(id) ?? 0) + row.loads);
            }
            const clicks = await store.clicks({ key: flags.key, ...selection });
            const totals = clickTotals(clicks, (key, month) => loads.get(`${key} ${month}`) ?? 0);
            print(flags, totals, () => clicksTable(totals));
            return;
          }
          if (flags.upstream && flags.by === 'key') {
            const rows = await store.upstreamUnitsByKey(flags.month ?? monthBucket(Date.now()));
            print(flags, rows, () => keyUnitsTable(rows));
            return;
          }
          if (flags.by === 'key') throw new CliFailure('--by key counts upstream units: run pressbox usage --upstream --by key');
          if (flags.upstream) {
            const rows = await store.upstreamUnits(flags.month ?? monthBucket(Date.now()));
            print(flags, rows, () => upstreamTable(rows));
            return;
          }
          if (flags.by || flags.day) {
            const rows = await store.dailyUsage({ key: flags.key, day: flags.day, month: flags.month });
            const groups = groupUsage(rows, flags.by ?? 'origin');
            print(flags, groups, () => usageTable(groups, flags.by ?? 'origin'));
            return;
          }
          const rows = await store.usage({ key: flags.key, month: flags.month });
          print(flags, rows, () => {
            if (rows.length === 0) return 'No loads recorded for that selection.';
            const lines = rows.map(
              (row) => `${row.month}  ${shown(row.key)}  ${shown(row.route).padEnd(22)}  ${shown(row.origin).padEnd(32)}  ${row.loads}`,
            );
            const total = rows.reduce((sum, row) => sum + row.loads, 0);
            return [
              `month    ${'key'.padEnd(40)}  ${'route'.padEnd(22)}  ${'origin'.padEnd(32)}  loads`,
              ...lines,
              `total ${loadCount(total)}`,
            ].join('\n');
          });
        },
        'read',
      ),
  );
}
