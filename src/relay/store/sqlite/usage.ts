import type Database from 'better-sqlite3';
import { ATTRIBUTION_LIMITS, OTHER } from '../../base/input-limits.js';
import type {
  BatchCount,
  CountResult,
  DailyUsageRow,
  LoadDetail,
  UpstreamUnitsRow,
  KeyUnitsRow,
  UsageRow,
  UsageStore,
  UpstreamUnitsStore,
} from '../types.js';

/** One `countLoad` (`single`), or a `countLoads` of several, waiting for the group commit. */
type PendingLoad = {
  key: string;
  month: string;
  limit: number;
  detail: LoadDetail;
  loads: number;
  reject: (error: unknown) => void;
} & ({ single: true; resolve: (result: CountResult) => void } | { single: false; resolve: (result: BatchCount) => void });

function usageStatements(db: Database.Database) {
  return {
    countMonth: db.prepare<[string, string, number], { loads: number }>(
      'INSERT INTO usage (key, month, loads) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET loads = loads + excluded.loads RETURNING loads',
    ),
    countDetail: db.prepare(
      'INSERT INTO usage_detail (key, month, route, origin, loads) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET loads = loads + excluded.loads',
    ),
    loads: db.prepare<[string, string], { loads: number }>('SELECT loads FROM usage WHERE key = ? AND month = ?'),
    monthTotals: db.prepare<[], { key: string; month: string; loads: number }>('SELECT key, month, loads FROM usage ORDER BY key, month'),
    setMonth: db.prepare('INSERT INTO usage (key, month, loads) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET loads = excluded.loads'),
    dayLoads: db.prepare<[string, string], { loads: number }>('SELECT loads FROM usage_day WHERE key = ? AND day = ?'),
    countDay: db.prepare<[string, string, number], { loads: number }>(
      'INSERT INTO usage_day (key, day, loads) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET loads = loads + excluded.loads RETURNING loads',
    ),
    countShare: db.prepare<[string, string, string, string, number], { loads: number }>(
      'INSERT INTO usage_day_share (key, day, kind, value, loads) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET loads = loads + excluded.loads RETURNING loads',
    ),
    countDailyDetail: db.prepare(
      `INSERT INTO usage_daily_detail (key, day, route, origin, prefix, client, loads) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET loads = loads + excluded.loads`,
    ),
    dailyUsage: db.prepare<{ key: string | null; day: string | null; month: string | null }, DailyUsageRow>(
      `SELECT key, day, route, origin, prefix, client, loads FROM usage_daily_detail
       WHERE (@key IS NULL OR key = @key) AND (@day IS NULL OR day = @day) AND (@month IS NULL OR substr(day, 1, 7) = @month)
       ORDER BY day, key, loads DESC`,
    ),
    usage: db.prepare<{ key: string | null; month: string | null }, UsageRow>(
      `SELECT key, month, route, origin, loads FROM usage_detail
       WHERE (@key IS NULL OR key = @key) AND (@month IS NULL OR month = @month) ORDER BY month, key, route, origin`,
    ),
    countUnits: db.prepare(
      'INSERT INTO upstream_units (month, upstream, endpoint, units) VALUES (@month, @upstream, @endpoint, @units) ON CONFLICT DO UPDATE SET units = units + excluded.units',
    ),
    countKeyUnits: db.prepare(
      'INSERT INTO upstream_units_by_key (month, upstream, key, units) VALUES (@month, @upstream, @key, @units) ON CONFLICT DO UPDATE SET units = units + excluded.units',
    ),
    keyUnits: db.prepare<[string], KeyUnitsRow>(
      'SELECT month, upstream, key, units FROM upstream_units_by_key WHERE month = ? ORDER BY units DESC, upstream, key',
    ),
    units: db.prepare<[string], UpstreamUnitsRow>(
      'SELECT month, upstream, endpoint, units FROM upstream_units WHERE month = ? ORDER BY units DESC, upstream, endpoint',
    ),
    shareKnown: db.prepare<[string, string, string, string], { found: number }>(
      'SELECT 1 AS found FROM usage_day_share WHERE key = ? AND day = ? AND kind = ? AND value = ?',
    ),
    shares: db.prepare<[string, string, string], { n: number }>(
      'SELECT count(*) AS n FROM usage_day_share WHERE key = ? AND day = ? AND kind = ?',
    ),
    rowKnown: db.prepare<[string, string, string, string, string, string], { found: number }>(
      'SELECT 1 AS found FROM usage_daily_detail WHERE key = ? AND day = ? AND route = ? AND origin = ? AND prefix = ? AND client = ?',
    ),
    rows: db.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM usage_daily_detail WHERE key = ? AND day = ?'),
    monthOriginKnown: db.prepare<[string, string, string], { found: number }>(
      'SELECT 1 AS found FROM usage_detail WHERE key = ? AND month = ? AND origin = ? LIMIT 1',
    ),
    monthOrigins: db.prepare<[string, string], { n: number }>(
      'SELECT count(DISTINCT origin) AS n FROM usage_detail WHERE key = ? AND month = ?',
    ),
  };
}

type UsageStatements = ReturnType<typeof usageStatements>;

/**
 * The attribution a load is stored under (ATTRIBUTION_LIMITS): an origin, network or row the key's day (and month)
 * already has keeps its own; past the limits a new one is `other`. Read in the counting transaction, so relays and
 * workers sharing the file agree. A page's loads share one detail object: decided once, then reused.
 */
function boundedAttribution(statements: UsageStatements): (key: string, month: string, detail: LoadDetail) => LoadDetail {
  const admitted = new WeakMap<LoadDetail, LoadDetail>();
  return (key, month, detail) => {
    const { day } = detail;
    if (!day) return detail;
    const known = admitted.get(detail);
    if (known) return known;
    const share = (kind: 'origin' | 'prefix', value: string, cap: number) =>
      statements.shareKnown.get(key, day, kind, value) || statements.shares.get(key, day, kind)!.n < cap ? value : OTHER;
    let origin = share('origin', detail.origin, ATTRIBUTION_LIMITS.originsPerDay);
    let prefix = share('prefix', detail.prefix ?? 'unknown', ATTRIBUTION_LIMITS.prefixesPerDay);
    if (origin !== OTHER && !statements.monthOriginKnown.get(key, month, origin))
      if (statements.monthOrigins.get(key, month)!.n >= ATTRIBUTION_LIMITS.originsPerMonth) origin = OTHER;
    const client = detail.client ?? 'script';
    if (!statements.rowKnown.get(key, day, detail.route, origin, prefix, client))
      if (statements.rows.get(key, day)!.n >= ATTRIBUTION_LIMITS.rowsPerDay) [origin, prefix] = [OTHER, OTHER];
    const bounded = origin === detail.origin && prefix === detail.prefix ? detail : { ...detail, origin, prefix };
    admitted.set(detail, bounded);
    return bounded;
  };
}

/**
 * Counts loads that share key, month, limits and attribution (in the order asked) with one statement per table:
 * under load most of a batch is the same page asking for the same data, and a statement costs more than the sum.
 * The first loads that fit both limits are counted; each caller gets the figures it would have had counted alone.
 */
function groupCounter(
  statements: UsageStatements,
  admit: ReturnType<typeof boundedAttribution>,
): (loads: PendingLoad[]) => Array<BatchCount | CountResult> {
  return (asked) => {
    const { key, month, limit } = asked[0]!;
    const detail = admit(key, month, asked[0]!.detail);
    const { day, dailyLimit } = detail;
    const loads = asked.reduce((sum, one) => sum + one.loads, 0);
    const used = statements.loads.get(key, month)?.loads ?? 0;
    const monthRoom = Math.max(0, limit - used);
    const dayRoom = day && dailyLimit ? Math.max(0, dailyLimit - (statements.dayLoads.get(key, day)?.loads ?? 0)) : Infinity;
    const counted = Math.min(loads, monthRoom, dayRoom);
    const refusedBy = dayRoom <= monthRoom ? 'day' : 'month';
    if (counted === 0) return asked.map((one) => ({ counted: one.single ? false : 0, used, refusedBy }));
    statements.countMonth.get(key, month, counted);
    statements.countDetail.run(key, month, detail.route, detail.origin, counted);
    let totals: BatchCount['today'];
    if (day) {
      const prefix = detail.prefix ?? 'unknown';
      statements.countDailyDetail.run(key, day, detail.route, detail.origin, prefix, detail.client ?? 'script', counted);
      totals = {
        loads: statements.countDay.get(key, day, counted)!.loads,
        prefix: statements.countShare.get(key, day, 'prefix', prefix, counted)!.loads,
        origin: statements.countShare.get(key, day, 'origin', detail.origin, counted)!.loads,
      };
    }
    let before = 0;
    return asked.map((one) => {
      const mine = Math.max(0, Math.min(one.loads, counted - before));
      before += one.loads;
      // The figures after this caller's last counted load, as if the loads after it had not been asked yet.
      const later = counted - Math.min(counted, before);
      const today = totals && { loads: totals.loads - later, prefix: totals.prefix - later, origin: totals.origin - later };
      return {
        counted: one.single ? mine === 1 : mine,
        used: used + counted - later,
        ...(mine < one.loads && { refusedBy }),
        ...(today && { today }),
      };
    });
  };
}

const sameCount = (one: PendingLoad, other: PendingLoad): boolean =>
  one.key === other.key && one.month === other.month && one.limit === other.limit;

/**
 * Group commit: every load asked for in one turn of the event loop is checked and counted in one transaction, and
 * each caller hears back only once it is committed. A commit costs far more than the counting.
 */
function groupCommit(db: Database.Database, countGroup: (loads: PendingLoad[]) => Array<BatchCount | CountResult>) {
  const commitBatch = db.transaction((batch: PendingLoad[]): Array<[PendingLoad, BatchCount | CountResult]> => {
    // Grouped by attribution object: the relay hands a page's loads the same one (attribution.ts), so finding a
    // load's group costs no string building; loads attributed alike through different objects are counted apart.
    const byDetail = new Map<LoadDetail, PendingLoad[][]>();
    for (const load of batch) {
      let groups = byDetail.get(load.detail);
      if (!groups) byDetail.set(load.detail, (groups = []));
      const group = groups.find((candidate) => sameCount(candidate[0]!, load));
      if (group) group.push(load);
      else groups.push([load]);
    }
    return [...byDetail.values()]
      .flat()
      .flatMap((group) => countGroup(group).map((result, index): [PendingLoad, BatchCount | CountResult] => [group[index]!, result]));
  });
  let pending: PendingLoad[] = [];
  const commitPending = () => {
    const batch = pending;
    pending = [];
    try {
      // Each result has the form its caller asked for (groupCounter reads `single`).
      for (const [load, result] of commitBatch.immediate(batch)) load.resolve(result as CountResult & BatchCount);
    } catch (error) {
      batch.forEach((load) => load.reject(error));
    }
  };
  const wait = (load: PendingLoad) => {
    if (pending.length === 0) setImmediate(commitPending);
    pending.push(load);
  };
  return {
    countLoad: (key: string, month: string, limit: number, detail: LoadDetail) =>
      new Promise<CountResult>((resolve, reject) => wait({ key, month, limit, detail, loads: 1, single: true, resolve, reject })),
    countLoads: (key: string, month: string, limit: number, detail: LoadDetail, loads: number) =>
      new Promise<BatchCount>((resolve, reject) => wait({ key, month, limit, detail, loads, single: false, resolve, reject })),
    flush: () => {
      if (pending.length > 0) commitPending();
    },
  };
}

/** Loads counted by key and month (and day, with their attribution), and upstream units spent; `flush` on close. */
export function sqliteUsage(db: Database.Database): UsageStore & UpstreamUnitsStore & { flush(): void } {
  const statements = usageStatements(db);
  const { countLoad, countLoads, flush } = groupCommit(db, groupCounter(statements, boundedAttribution(statements)));
  return {
    countLoad,
    countLoads,
    loadsUsed: async (key, month) => statements.loads.get(key, month)?.loads ?? 0,
    monthlyTotals: async () => statements.monthTotals.all(),
    restoreLoads: async (key, month, loads, add = false) =>
      db
        .transaction(() => {
          const current = statements.loads.get(key, month)?.loads ?? 0;
          const missing = add ? loads : loads - current;
          if (missing <= 0) return;
          statements.setMonth.run(key, month, current + missing);
          statements.countDetail.run(key, month, 'restored', 'backup', missing);
        })
        .immediate(),
    usage: async ({ key, month }) => statements.usage.all({ key: key ?? null, month: month ?? null }),
    dailyUsage: async ({ key, day, month }) => statements.dailyUsage.all({ key: key ?? null, day: day ?? null, month: month ?? null }),
    async countUpstreamUnits({ key, ...row }) {
      statements.countUnits.run(row);
      if (key !== undefined) statements.countKeyUnits.run({ month: row.month, upstream: row.upstream, key, units: row.units });
    },
    upstreamUnits: async (month) => statements.units.all(month),
    upstreamUnitsByKey: async (month) => statements.keyUnits.all(month),
    flush,
  };
}
