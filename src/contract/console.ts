// What the relay's console API (/console/api) answers, shared by the relay and the console page (types only).

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
  /** Oldest first: each day's loads in each series (`series` names them in the same order). */
  days: Array<{ day: string; loads: number[] }>;
  series: string[];
  topOrigins: Array<{ name: string; loads: number }>;
  topPrefixes: Array<{ name: string; loads: number }>;
  clients: { browser: number; script: number };
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
  openStreams: number;
  /** Share of cached answers served without waiting for the upstream, since the relay started; null before any. */
  cacheHitRate: number | null;
  upstream: { plan: string; used: number; limit: number; daysLeft: number | null } | { error: string };
}

/** `GET /console/api/keys/{key}/check?origin=`: allowed by which rule, or why not. */
export type OriginCheck = { key: string; origin: string } & ({ allowed: true; rule: string } | { allowed: false; reason: string });
