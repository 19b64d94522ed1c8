import type { AuditEntry } from '../../contract/console.js';
import type { WidgetKey } from '../keys/model.js';

export interface KeyStore {
  createKey(key: WidgetKey): Promise<void>;
  getKey(key: string): Promise<WidgetKey | undefined>;
  listKeys(): Promise<WidgetKey[]>;
  /** Replaces the settings given; returns the updated key or undefined when unknown. */
  updateKey(
    key: string,
    change: Partial<
      Pick<
        WidgetKey,
        'plan' | 'domains' | 'name' | 'dailyLimit' | 'browserOnly' | 'hideOdds' | 'oddsRegions' | 'betLinks' | 'gamblingLines'
      >
    >,
  ): Promise<WidgetKey | undefined>;
  revokeKey(key: string, at: number): Promise<WidgetKey | undefined>;
  /** Where the store can tell: calls back whenever any process changes or revokes a key (Redis; not SQLite). */
  onKeyChange?(listener: (key: string) => void): Promise<void>;
}

export interface LoadDetail {
  route: string;
  origin: string;
  /** The UTC day (YYYY-MM-DD); with it the load is also counted per day, prefix and client. */
  day?: string;
  /** The client's network, never its address: IPv4 /24, IPv6 /48 (`addressPrefix`). */
  prefix?: string;
  /** `browser` when the request carried Fetch Metadata (Sec-Fetch-Site), as browsers send; else `script`. */
  client?: 'browser' | 'script';
  /** Loads the key may take in one day (its `--daily-limit`). */
  dailyLimit?: number | null;
}

export interface CountResult {
  counted: boolean;
  /** Loads of the month after this call. */
  used: number;
  /** Which limit refused it. */
  refusedBy?: 'month' | 'day';
  /** With a day: the key's loads that day, and those from this load's prefix and origin (after this call). */
  today?: { loads: number; prefix: number; origin: number };
  /**
   * Loads reserved past this one (a lease: counted in `used` and the day already) for the relay to serve without
   * asking again; what it does not serve it gives back (`returnLoads`).
   */
  leased?: number;
}

/** Loads asked together (`countLoads`): the first `counted` of them were counted, the others refused. */
export interface BatchCount {
  counted: number;
  /** Loads of the month after this call. */
  used: number;
  /** Which limit refused the others. */
  refusedBy?: 'month' | 'day';
  /** With a day: the key's loads that day, and those from this batch's prefix and origin (after this call). */
  today?: { loads: number; prefix: number; origin: number };
}

/** Loads of one key on one day from one route, origin, prefix and kind of client. */
export interface DailyUsageRow {
  key: string;
  day: string;
  route: string;
  origin: string;
  prefix: string;
  client: 'browser' | 'script';
  loads: number;
}

export interface MonthTotal {
  key: string;
  month: string;
  loads: number;
}

export interface UsageRow {
  key: string;
  month: string;
  route: string;
  origin: string;
  loads: number;
}

/**
 * Loads a relay would like reserved past the one it counts (Redis), which the store grants only where the key has
 * room to spare: at most `1 / share` of what is left of its month (and day), nothing near a limit (exact counting).
 */
export interface LeaseWish {
  loads: number;
  share: number;
}

/** Loads of a lease to give back to the store. */
export interface Leftover {
  key: string;
  month: string;
  day: string | undefined;
  loads: number;
}

/**
 * Names one attempt to count a load, or to give back a leftover: the relay process that made it and its place in
 * that process's sequence for the key.
 */
export interface LoadReceipt {
  relay: string;
  seq: number;
}

/** A load served while the store was out of reach, as the relay's journal keeps it until it is replayed. */
export interface JournaledLoad {
  key: string;
  month: string;
  /** The month's limit when it was served (alerts compare the replayed total with it). */
  limit: number;
  detail: LoadDetail;
  /** Set when the load may have been counted already (its answer was lost): the replay asks the store. */
  receipt?: LoadReceipt;
  /** Served from a lease, whose month and day totals were counted when it was taken: the replay adds its attribution only. */
  leased?: true;
}

/** One key's month after a replay: its loads then, and how many the replay added. */
export interface ReplayedUsage {
  key: string;
  month: string;
  used: number;
  added: number;
}

export interface UsageStore {
  /**
   * Counts one load if the month stays within `limit`, atomically and durably before returning. With a receipt
   * (Redis), the store also records that this attempt was counted, for a replay to ask later.
   */
  countLoad(key: string, month: string, limit: number, detail: LoadDetail, receipt?: LoadReceipt, lease?: LeaseWish): Promise<CountResult>;
  /**
   * `countLoad` for `loads` loads asked together (a live update's streams of one page), in one call: the first ones
   * that fit the limits are counted. Stores without it are asked load by load.
   */
  countLoads?(key: string, month: string, limit: number, detail: LoadDetail, loads: number): Promise<BatchCount>;
  /**
   * Gives back loads of a lease the relay did not serve (Redis): the month's and the day's totals shrink by them, once
   * per receipt, however often a return whose answer was lost is sent again.
   */
  returnLoads?(leftover: Leftover, receipt: LoadReceipt): Promise<void>;
  /**
   * The relay heard the answers of these receipted counts that took leases: their record (kept so that the replay of
   * a count whose answer was lost gives its lease back) can go.
   */
  forgetLeases?(relay: string, key: string, seqs: readonly number[]): Promise<void>;
  /**
   * Where a relay can serve while the store is away (Redis): counts journaled loads once per batch id, whatever the
   * limits (they were delivered); undefined when that batch was counted before.
   */
  replayLoads?(batch: string, loads: readonly JournaledLoad[]): Promise<ReplayedUsage[] | undefined>;
  loadsUsed(key: string, month: string): Promise<number>;
  /** Every key's loads by month (backups). */
  monthlyTotals(): Promise<MonthTotal[]>;
  /**
   * A restore: raises a key's month to `loads` where it counted fewer, never lowering it (loads counted since the
   * backup stay); with `add`, adds them (a Redis that lost its data: all it counted came after the loss). What was
   * added is attributed to route `restored`, origin `backup`, so that reports add up.
   */
  restoreLoads(key: string, month: string, loads: number, add?: boolean): Promise<void>;
  usage(filter: { key?: string; month?: string }): Promise<UsageRow[]>;
  /** Loads by day, route, origin, prefix and client; `day` or `month` (YYYY-MM) narrow it. */
  dailyUsage(filter: { key?: string; day?: string; month?: string }): Promise<DailyUsageRow[]>;
}

/** One value of a series at a time: a game's home win probability, its spread, a share of its bets… */
export interface SeriesPoint {
  at: number;
  value: number;
}

export interface HistoryStore {
  /** Adds a point to a series (`live:nba:<game>` win probability, `…:spread` its line) unless it repeats the last one. */
  recordPoint(series: string, point: SeriesPoint): Promise<void>;
  pointsOf(series: string): Promise<SeriesPoint[]>;
  /** Drops every series' points from before `before` (the recorder's retention). */
  prunePoints(before: number): Promise<void>;
  /**
   * Keeps an answer for ever (a final game, a day's snapshot of a request), replacing what `name` held: what an
   * article embedded is answered years later from here, with no upstream call (resources/archive.ts encodes it).
   */
  keepPayload(name: string, body: Buffer, at: number): Promise<void>;
  keptPayload(name: string): Promise<Buffer | undefined>;
  /** Drops what was kept before `before` (`--keep-games`); how many answers went. */
  pruneKept(before: number): Promise<number>;
}

/** Secrets every relay on the same store must share (the embed tokens' signing key): made once, then read by all. */
export interface SecretStore {
  /** The secret stored under `name`, or `create()`'s value stored there first when there is none yet. */
  sharedSecret(name: string, create: () => string): Promise<string>;
  /** The secret stored under `name`, without making one (backups). */
  readSecret(name: string): Promise<string | undefined>;
}

/** Tries of the admin token from one address (a right one clears them), as the store counts them. */
export interface SignInFailures {
  count: number;
  /** When the count lapses (ms since the epoch, on the relay's clock). */
  lapsesAt: number;
}

/** The operator console's sessions (by a hash of their cookie, never the cookie) and the audit log of every change. */
export interface ConsoleStore {
  /** Keeps a new session; those ended by `now` are dropped on the way. */
  saveSession(id: string, expiresAt: number, now: number): Promise<void>;
  /** When the session ends, or undefined when it never began or was ended. */
  sessionExpiry(id: string): Promise<number | undefined>;
  endSession(id: string): Promise<void>;
  /**
   * Takes one try of the admin token for an address, atomically: granted (and counted) while the address has had fewer
   * than `max` tries since its count last lapsed; the count lapses `windowMs` after the latest granted try. Kept in the
   * store, so however many relays, workers and concurrent requests a guesser reaches, at most `max` tokens are compared.
   */
  claimSignInTry(address: string, max: number, windowMs: number, now: number): Promise<SignInFailures & { granted: boolean }>;
  /** The address's tries still counted (count 0 when none). */
  signInFailures(address: string, now: number): Promise<SignInFailures>;
  clearSignInFailures(address: string): Promise<void>;
  appendAudit(entry: AuditEntry): Promise<void>;
  /** The newest entries first. */
  auditLog(filter: { key?: string; limit: number }): Promise<AuditEntry[]>;
}

/** Request units spent upstream, per month, upstream and endpoint (`pressbox usage --upstream`). */
export interface UpstreamUnitsRow {
  month: string;
  upstream: string;
  endpoint: string;
  units: number;
}

/** Which leagues readers asked for, when last: the recorder's default leagues, known to every relay and worker. */
export interface InterestStore {
  noteLeagueAsked(league: string, at: number): Promise<void>;
  leaguesAskedSince(since: number): Promise<string[]>;
}

/** Request units spent upstream for one widget key's requests and topics, per month (`usage --upstream --by key`). */
export interface KeyUnitsRow {
  month: string;
  upstream: string;
  /** The widget key whose request or topic caused them; '' for the relay's own calls (recorder, budget watch). */
  key: string;
  units: number;
}

export interface UpstreamUnitsStore {
  /** Counts units by endpoint, and by the key that caused them when `key` is given. */
  countUpstreamUnits(row: UpstreamUnitsRow & { key?: string }): Promise<void>;
  upstreamUnits(month: string): Promise<UpstreamUnitsRow[]>;
  /** The month's units by key, most first. */
  upstreamUnitsByKey(month: string): Promise<KeyUnitsRow[]>;
}

/** Clicks on one key's prices on one day, to one book from one element (`pressbox usage --clicks`). */
export interface ClickRow {
  key: string;
  day: string;
  /** The book's name as the key listed it when the click came. */
  book: string;
  element: string;
  clicks: number;
}

/**
 * Clicks through /v1/click, counted as they came: what an outsider sends only ever raises one of a bounded set of
 * counters (a key's books, the betting elements, the day), never makes a new kind of row.
 */
export interface ClickStore {
  countClick(click: Omit<ClickRow, 'clicks'>): Promise<void>;
  /** `key`, `day` or `month` (YYYY-MM) narrow them; most first. */
  clicks(filter: { key?: string; day?: string; month?: string }): Promise<ClickRow[]>;
}

export type { AuditEntry };

/** What the relay and the CLI ask of the store about the store itself: that it takes writes, and its upkeep. */
export interface StoreUpkeep {
  /** Writes one small record (SQLite: a row; Redis: a key that lapses), so that readiness proves writes, not reads. */
  probeWrite(at: number): Promise<void>;
  /** SQLite: checkpoints the write-ahead log and cuts it back (the relay does so every minute). */
  compact?(): Promise<void>;
  /** SQLite: an online backup of the whole file to `destination`, consistent while the relay writes. */
  backup?(destination: string): Promise<void>;
}

export interface RelayStore
  extends KeyStore, UsageStore, ClickStore, HistoryStore, SecretStore, ConsoleStore, UpstreamUnitsStore, InterestStore, StoreUpkeep {
  close(): Promise<void>;
}
