import { openSqliteDatabase, toKey, type KeyRow } from './sqlite-schema.js';
import { ATTRIBUTION_LIMITS, OTHER } from '../input-limits.js';
import type {
  AuditEntry,
  CountResult,
  DailyUsageRow,
  UpstreamUnitsRow,
  LoadDetail,
  ProbabilityPoint,
  RelayStore,
  UsageRow,
} from './types.js';

interface PendingLoad {
  key: string;
  month: string;
  limit: number;
  detail: LoadDetail;
  resolve: (result: CountResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Keys, monthly usage and win-probability history in one SQLite file (WAL). A load is committed before
 * `countLoad` returns: with WAL and synchronous=NORMAL a committed load survives the process being killed;
 * `synchronous: 'FULL'` also makes it survive power loss, at the cost of an fsync per load.
 */
export function openSqliteStore(file: string, options: { synchronous?: 'NORMAL' | 'FULL' } = {}): RelayStore {
  const db = openSqliteDatabase(file, options.synchronous ?? 'NORMAL');

  const statements = {
    insertKey: db.prepare(
      `INSERT INTO keys (key, test, plan, domains, name, created_at, revoked_at, daily_limit, browser_only)
       VALUES (@key, @test, @plan, @domains, @name, @createdAt, @revokedAt, @dailyLimit, @browserOnly)`,
    ),
    getKey: db.prepare<[string], KeyRow>('SELECT * FROM keys WHERE key = ?'),
    listKeys: db.prepare<[], KeyRow>('SELECT * FROM keys ORDER BY created_at, key'),
    updateKey: db.prepare(
      'UPDATE keys SET plan = @plan, domains = @domains, name = @name, daily_limit = @dailyLimit, browser_only = @browserOnly WHERE key = @key',
    ),
    // The earlier time wins: revoking now ends a grace period a rotation had set.
    revokeKey: db.prepare('UPDATE keys SET revoked_at = MIN(COALESCE(revoked_at, @at), @at) WHERE key = @key'),
    countMonth: db.prepare<[string, string, number], { loads: number }>(
      'INSERT INTO usage (key, month, loads) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET loads = loads + excluded.loads RETURNING loads',
    ),
    countDetail: db.prepare(
      'INSERT INTO usage_detail (key, month, route, origin, loads) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET loads = loads + excluded.loads',
    ),
    loads: db.prepare<[string, string], { loads: number }>('SELECT loads FROM usage WHERE key = ? AND month = ?'),
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
    lastPoint: db.prepare<[string], { at: number; home: number }>(
      'SELECT at, home FROM win_probability WHERE game = ? ORDER BY at DESC LIMIT 1',
    ),
    addPoint: db.prepare('INSERT OR REPLACE INTO win_probability (game, at, home) VALUES (?, ?, ?)'),
    history: db.prepare<[string], { at: number; home: number }>('SELECT at, home FROM win_probability WHERE game = ? ORDER BY at'),
    saveSession: db.prepare('INSERT OR REPLACE INTO console_sessions (id, expires_at) VALUES (?, ?)'),
    session: db.prepare<[string], { expires_at: number }>('SELECT expires_at FROM console_sessions WHERE id = ?'),
    endSession: db.prepare('DELETE FROM console_sessions WHERE id = ?'),
    dropEndedSessions: db.prepare('DELETE FROM console_sessions WHERE expires_at <= ?'),
    claimSignInTry: db.prepare<{ address: string; now: number; lapsesAt: number; max: number }, { count: number; lapses_at: number }>(
      `INSERT INTO console_sign_in_failures (address, count, lapses_at) VALUES (@address, 1, @lapsesAt)
       ON CONFLICT (address) DO UPDATE SET count = CASE WHEN lapses_at <= @now THEN 1 ELSE count + 1 END, lapses_at = @lapsesAt
       WHERE lapses_at <= @now OR count < @max
       RETURNING count, lapses_at`,
    ),
    signInFailures: db.prepare<[string, number], { count: number; lapses_at: number }>(
      'SELECT count, lapses_at FROM console_sign_in_failures WHERE address = ? AND lapses_at > ?',
    ),
    clearSignInFailures: db.prepare('DELETE FROM console_sign_in_failures WHERE address = ?'),
    dropLapsedSignInFailures: db.prepare('DELETE FROM console_sign_in_failures WHERE lapses_at <= ?'),
    appendAudit: db.prepare('INSERT INTO audit (at, actor, action, key, detail) VALUES (@at, @actor, @action, @key, @detail)'),
    auditLog: db.prepare<{ key: string | null; limit: number }, AuditEntry>(
      'SELECT at, actor, action, key, detail FROM audit WHERE (@key IS NULL OR key = @key) ORDER BY rowid DESC LIMIT @limit',
    ),
    noteLeague: db.prepare(
      'INSERT INTO league_interest (league, asked_at) VALUES (?, ?) ON CONFLICT DO UPDATE SET asked_at = max(asked_at, excluded.asked_at)',
    ),
    leaguesSince: db.prepare<[number], { league: string }>('SELECT league FROM league_interest WHERE asked_at >= ? ORDER BY league'),
    countUnits: db.prepare(
      'INSERT INTO upstream_units (month, upstream, endpoint, units) VALUES (@month, @upstream, @endpoint, @units) ON CONFLICT DO UPDATE SET units = units + excluded.units',
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
    prunePoints: db.prepare('DELETE FROM win_probability WHERE at < ?'),
    addSecret: db.prepare('INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)'),
    secret: db.prepare<[string], { value: string }>('SELECT value FROM secrets WHERE name = ?'),
  };

  /**
   * The attribution a load is stored under (ATTRIBUTION_LIMITS): an origin, network or row the key's day (and month)
   * already has keeps its own; past the limits a new one is `other`. Read in the counting transaction, so relays and
   * workers sharing the file agree. A page's loads share one detail object: decided once, then reused.
   */
  const admitted = new WeakMap<LoadDetail, LoadDetail>();
  const admit = (key: string, month: string, detail: LoadDetail): LoadDetail => {
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

  /**
   * Counts loads that share key, month, limits and attribution (in the order asked) with one statement per table:
   * under load most of a batch is the same page asking for the same data, and a statement costs more than the sum.
   * The first loads that fit both limits are counted; each gets the figures it would have had counted alone.
   */
  const countGroup = (loads: PendingLoad[]): CountResult[] => {
    const { key, month, limit } = loads[0]!;
    const detail = admit(key, month, loads[0]!.detail);
    const { day, dailyLimit } = detail;
    const used = statements.loads.get(key, month)?.loads ?? 0;
    const monthRoom = Math.max(0, limit - used);
    const dayRoom = day && dailyLimit ? Math.max(0, dailyLimit - (statements.dayLoads.get(key, day)?.loads ?? 0)) : Infinity;
    const counted = Math.min(loads.length, monthRoom, dayRoom);
    const refused: CountResult = { counted: false, used: used + counted, refusedBy: dayRoom <= monthRoom ? 'day' : 'month' };
    if (counted === 0) return loads.map(() => refused);
    statements.countMonth.get(key, month, counted);
    statements.countDetail.run(key, month, detail.route, detail.origin, counted);
    let totals: CountResult['today'];
    if (day) {
      const prefix = detail.prefix ?? 'unknown';
      statements.countDailyDetail.run(key, day, detail.route, detail.origin, prefix, detail.client ?? 'script', counted);
      totals = {
        loads: statements.countDay.get(key, day, counted)!.loads,
        prefix: statements.countShare.get(key, day, 'prefix', prefix, counted)!.loads,
        origin: statements.countShare.get(key, day, 'origin', detail.origin, counted)!.loads,
      };
    }
    return loads.map((_, index) => {
      if (index >= counted) return refused;
      const before = counted - index - 1;
      const today = totals && { loads: totals.loads - before, prefix: totals.prefix - before, origin: totals.origin - before };
      return { counted: true, used: used + index + 1, ...(today && { today }) };
    });
  };

  const sameCount = (one: PendingLoad, other: PendingLoad): boolean =>
    one.key === other.key && one.month === other.month && one.limit === other.limit;

  // Group commit: every load asked for in one turn of the event loop is checked and counted in one transaction, and
  // each caller hears back only once it is committed. A commit costs far more than the counting.
  const commitBatch = db.transaction((batch: PendingLoad[]): Array<[PendingLoad, CountResult]> => {
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
      .flatMap((group) => countGroup(group).map((result, index): [PendingLoad, CountResult] => [group[index]!, result]));
  });
  let pending: PendingLoad[] = [];
  const commitPending = () => {
    const batch = pending;
    pending = [];
    try {
      for (const [load, result] of commitBatch.immediate(batch)) load.resolve(result);
    } catch (error) {
      batch.forEach((load) => load.reject(error));
    }
  };

  // better-sqlite3 is synchronous; the async surface is the store interface Redis shares.
  const store: RelayStore = {
    async createKey(key) {
      statements.insertKey.run({
        ...key,
        test: key.test ? 1 : 0,
        domains: JSON.stringify(key.domains),
        dailyLimit: key.dailyLimit ?? null,
        browserOnly: key.browserOnly ? 1 : 0,
      });
    },
    async getKey(key) {
      const row = statements.getKey.get(key);
      return row && toKey(row);
    },
    async listKeys() {
      return statements.listKeys.all().map(toKey);
    },
    async updateKey(key, change) {
      const current = await store.getKey(key);
      if (!current) return undefined;
      const next = { ...current, ...change };
      statements.updateKey.run({
        key,
        plan: next.plan,
        domains: JSON.stringify(next.domains),
        name: next.name,
        dailyLimit: next.dailyLimit ?? null,
        browserOnly: next.browserOnly ? 1 : 0,
      });
      return next;
    },
    async revokeKey(key, at) {
      statements.revokeKey.run({ at, key });
      return store.getKey(key);
    },
    countLoad: (key, month, limit, detail) =>
      new Promise<CountResult>((resolve, reject) => {
        if (pending.length === 0) setImmediate(commitPending);
        pending.push({ key, month, limit, detail, resolve, reject });
      }),
    loadsUsed: async (key, month) => statements.loads.get(key, month)?.loads ?? 0,
    usage: async ({ key, month }) => statements.usage.all({ key: key ?? null, month: month ?? null }),
    dailyUsage: async ({ key, day, month }) => statements.dailyUsage.all({ key: key ?? null, day: day ?? null, month: month ?? null }),
    async recordProbability(game, point: ProbabilityPoint) {
      const last = statements.lastPoint.get(game);
      if (last && (last.home === point.home || point.at <= last.at)) return;
      statements.addPoint.run(game, point.at, point.home);
    },
    probabilityHistory: async (game) => statements.history.all(game),
    async pruneProbability(before) {
      statements.prunePoints.run(before);
    },
    async noteLeagueAsked(league, at) {
      statements.noteLeague.run(league, at);
    },
    leaguesAskedSince: async (since) => statements.leaguesSince.all(since).map((row) => row.league),
    async countUpstreamUnits(row) {
      statements.countUnits.run(row);
    },
    upstreamUnits: async (month) => statements.units.all(month),
    async sharedSecret(name, create) {
      statements.addSecret.run(name, create());
      return statements.secret.get(name)!.value;
    },
    async saveSession(id, expiresAt, now) {
      statements.dropEndedSessions.run(now);
      statements.saveSession.run(id, expiresAt);
    },
    sessionExpiry: async (id) => statements.session.get(id)?.expires_at,
    async claimSignInTry(address, max, windowMs, now) {
      statements.dropLapsedSignInFailures.run(now);
      // One statement: the check and the count cannot be split by another process's try.
      const row = statements.claimSignInTry.get({ address, now, lapsesAt: now + windowMs, max });
      if (row) return { granted: true, count: row.count, lapsesAt: row.lapses_at };
      return { granted: false, ...(await store.signInFailures(address, now)) };
    },
    async signInFailures(address, now) {
      const row = statements.signInFailures.get(address, now);
      return row ? { count: row.count, lapsesAt: row.lapses_at } : { count: 0, lapsesAt: now };
    },
    async clearSignInFailures(address) {
      statements.clearSignInFailures.run(address);
    },
    async endSession(id) {
      statements.endSession.run(id);
    },
    async appendAudit(entry) {
      statements.appendAudit.run(entry);
    },
    auditLog: async ({ key, limit }) => statements.auditLog.all({ key: key ?? null, limit }),
    close: async () => {
      if (pending.length > 0) commitPending();
      db.close();
    },
  };
  return store;
}
