// The relay's console API (/console/api): its routes and what they answer, shared by the relay and the console page
// (which imports the types only).

/** One key as the console lists it: its settings, this month's loads, and where it stands. */
export interface ConsoleKey {
  key: string;
  test: boolean;
  plan: string;
  monthlyLoads: number;
  domains: string[];
  name: string;
  dailyLimit: number | null;
  browserOnly: boolean;
  hideOdds: boolean;
  /** The ISO 3166 regions where odds may show; null: everywhere. */
  oddsRegions: string[] | null;
  /** The sportsbooks its prices link to, in the order readers see them; empty: prices link nowhere. */
  betLinks: BackedUpBetLink[];
  /** The responsible-gambling line per region (`{"US-NJ": "21+…"}`), shown there in place of the page's; null: none. */
  gamblingLines: Record<string, string> | null;
  createdAt: string;
  /** When it stopped (or, rotating, will stop) working. */
  revokedAt: string | null;
  usedThisMonth: number;
  /** `grace`: rotated, still working until `revokedAt`. */
  status: 'active' | 'grace' | 'revoked';
}

/** One key's last 31 days and this month, for the usage chart. */
export interface UsageSummary {
  month: string;
  limit: number;
  used: number;
  /** The month's loads if the rest of it runs at the month-to-date rate. */
  forecast: number;
  /** The most loads one reader following a live game costs per element and hour (null: every update is billed). */
  liveLoadsPerReaderHour: number | null;
  /** Oldest first: each day's loads in each series (`series` names them in the same order). */
  days: Array<{ day: string; loads: number[] }>;
  series: string[];
  topOrigins: Array<{ name: string; loads: number }>;
  topPrefixes: Array<{ name: string; loads: number }>;
  clients: { browser: number; script: number };
  /** Upstream request units this key's requests and topics caused this month, and the month's limit (null before /me). */
  upstream: { units: number; monthLimit: number | null };
  /** Clicks on the key's prices this month, per thousand loads (null without loads), and by book, the most first. */
  clicks: { total: number; perThousandLoads: number | null; byBook: Array<{ name: string; clicks: number }> };
}

/** One change an operator made (or an alert the relay raised), as the audit log keeps it. */
export interface AuditEntry {
  at: number;
  /** Who: `console:<session id prefix>`, `admin-api`, `cli:<user>` or `relay`. */
  actor: string;
  /** What: `key.create`, `key.update`, `key.rotate`, `key.revoke`, `console.sign-in`, `console.sign-out`, `alert.…`. */
  action: string;
  /** The key it concerns, where it concerns one. */
  key: string | null;
  /** The change itself, in words an operator reads. */
  detail: string;
}

export interface RelayHealth {
  status: 'ready' | 'degraded' | 'not_ready';
  parts: Record<string, string>;
  /** What is wrong with each part that is not ok, in words the operator acts on (a full disk, an emptied Redis). */
  problems: Record<string, string>;
  openStreams: number;
  /** Share of cached answers served without waiting for the upstream, since the relay started; null before any. */
  cacheHitRate: number | null;
  upstream: { plan: string; used: number; limit: number; daysLeft: number | null } | { error: string };
}

/** `GET /console/api/keys/{key}/check?origin=`: allowed by which rule, or why not. */
export type OriginCheck = { key: string; origin: string } & ({ allowed: true; rule: string } | { allowed: false; reason: string });

/** A console session as sign-in (and a reload) hands it to the page: the CSRF token every change carries. */
export interface ConsoleSessionInfo {
  csrf: string;
  expiresAt: string;
}

/** What the console sends to create a key (the relay validates it with the admin API's rules). */
export interface NewKeyBody {
  plan: string;
  domains: string[];
  name?: string;
  test?: boolean;
  dailyLimit?: number | null;
  browserOnly?: boolean;
  hideOdds?: boolean;
  oddsRegions?: string[] | null;
  betLinks?: BackedUpBetLink[];
  gamblingLines?: Record<string, string> | null;
}

/** A sportsbook a key's prices link to: its name as readers see it, and the link with the publisher's tracking code. */
export interface BackedUpBetLink {
  name: string;
  /** https only; placeholders {league} {date} {game} {home} {away} {market} {side} {line}, filled at each click. */
  template: string;
}

/** A key as the store keeps it and a backup carries it: its value (so pages keep working), settings and revocation. */
export interface BackedUpKey {
  key: string;
  test: boolean;
  /** free, starter, builder, pro or custom:N. */
  plan: string;
  domains: string[];
  name: string;
  createdAt: number;
  /** When it stops working: past for a revoked key, future for a rotated key in its grace period. */
  revokedAt: number | null;
  /** Loads it may take in one UTC day, besides its plan's month; null for no daily ceiling. */
  dailyLimit?: number | null;
  /** Refuses requests without browser Fetch Metadata (scripts replaying the public key). */
  browserOnly?: boolean;
  /**
   * Shows no betting data (a publisher who may not show odds where its pages are read): the betting routes refuse, and
   * the game header answers without its line and splits.
   */
  hideOdds?: boolean;
  /**
   * The ISO 3166 regions (`US`, `US-NJ`) where odds may show, as the relay's `--region-header` names the reader's;
   * elsewhere, and where the region is unknown, the key is answered as one that hides odds. Null or absent: everywhere.
   */
  oddsRegions?: string[] | null;
  /** The sportsbooks its prices link to through the relay's /v1/click; absent or empty: no links. */
  betLinks?: BackedUpBetLink[];
  /**
   * The responsible-gambling line for readers of each region (ISO 3166, a subdivision before its country), which the
   * betting elements show in place of the page's `gambling` slot. Null or absent: the page's line everywhere.
   */
  gamblingLines?: Record<string, string> | null;
}

/** What `pressbox keys export` writes and the console downloads; `keys import` and the console's import read it. */
export interface KeysBackupFile {
  format: 'pressbox-keys';
  version: 1;
  exportedAt: string;
  keys: BackedUpKey[];
  /** Each key's loads by month (YYYY-MM). */
  usage: Array<{ key: string; month: string; loads: number }>;
  /** Only in a whole-store backup of Redis (`store backup --redis`): the embed signing secret. */
  secrets?: Record<string, string>;
}

/** What an import did. */
export interface ImportSummary {
  created: number;
  updated: number;
  /** Key-months whose count was raised (or, into an emptied Redis, added to). */
  months: number;
  /** Secrets written (only where the store had none). */
  secrets: number;
  /** Whether the store's marker was written back (a Redis that had lost its data). */
  marked: boolean;
}

/** A domain pattern as the relay would store it, or why it would refuse it. */
export type DomainCheck = { ok: true; pattern: string } | { ok: false; message: string };

/**
 * Every route of the console's API (`/console/api`), as `METHOD /path`: what it takes (path parameters from the
 * path, `query`, `body`) and what it answers. The relay implements exactly these (src/relay/console/routes.ts) and the
 * console calls only these (src/console/api.ts): the compiler holds both sides to this table.
 */
export interface ConsoleRoutes {
  'POST /session': { body: { token: string }; answer: ConsoleSessionInfo };
  'GET /session': { answer: ConsoleSessionInfo };
  'DELETE /session': { answer: null };
  'GET /keys': { answer: { keys: ConsoleKey[] } };
  'POST /keys': { body: NewKeyBody; answer: ConsoleKey };
  'PATCH /keys/:key': { body: Partial<Omit<NewKeyBody, 'test'>>; answer: ConsoleKey };
  'POST /keys/:key/rotate': { body: { graceSeconds: number }; answer: { key: ConsoleKey; old: ConsoleKey } };
  'DELETE /keys/:key': { answer: ConsoleKey };
  'GET /keys/export': { answer: KeysBackupFile };
  'POST /keys/import': { body: KeysBackupFile; answer: ImportSummary };
  'GET /keys/:key/check': { query: { origin: string }; answer: OriginCheck };
  'GET /keys/:key/usage': { query: { by: 'route' | 'origin' }; answer: UsageSummary };
  'GET /domains/check': { query: { pattern: string }; answer: DomainCheck };
  'GET /audit': { query: { key?: string; limit?: number }; answer: { entries: AuditEntry[] } };
  'GET /health': { answer: RelayHealth };
}

export type ConsoleRoute = keyof ConsoleRoutes;

/** The names a route's path takes as parameters (`/keys/:key/check` → `key`). */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a call of `route` must give: its path parameters, its query and its body, each only where the route takes one. */
export type ConsoleCall<Route extends ConsoleRoute> = ([PathParams<Route>] extends [never]
  ? unknown
  : { params: Record<PathParams<Route>, string> }) &
  (ConsoleRoutes[Route] extends { query: infer Query } ? { query: Query } : unknown) &
  (ConsoleRoutes[Route] extends { body: infer Body } ? { body: Body } : unknown);

/** The routes answered 201 (something was made); DELETE /session answers 204; every other 200. */
export const CONSOLE_CREATED: readonly ConsoleRoute[] = ['POST /session', 'POST /keys', 'POST /keys/:key/rotate'];
