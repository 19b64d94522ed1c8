/** Every name the relay keeps in Redis starts with this, so one Redis can hold other data beside it. */
const PREFIX = 'pressbox:';
/** Joins the parts of a hash field (key, route, origin…): no key, route or bounded origin holds it. */
export const SEPARATOR = '\u001f';

/**
 * A widget key's usage lives under its name in braces, a Redis Cluster hash tag: everything one load touches shares
 * one slot (one node, one script), and keys spread over the cluster's primaries.
 */
const own = (key: string) => `{${key}}`;

/** The names of the relay's Redis data, by what they hold. */
export const names = {
  /** The store's marker (id, version): gone means Redis lost the relay's data (redis/marker.ts). */
  marker: `${PREFIX}store`,
  /** What readiness writes to prove Redis takes writes; it lapses by itself. */
  probe: (relay: string) => `${PREFIX}probe:${relay}`,
  key: (key: string) => `${PREFIX}key:${key}`,
  allKeys: `${PREFIX}keys`,
  /** Where a key change is announced, so every relay forgets its copy at once. */
  keyChanges: `${PREFIX}key-changes`,
  /** A key's loads by month (a hash, month → loads), and by day. */
  usage: (key: string) => `${PREFIX}usage:${own(key)}`,
  dayUsage: (key: string) => `${PREFIX}usage-day:${own(key)}`,
  usageDetail: (key: string, month: string) => `${PREFIX}usage-detail:${own(key)}:${month}`,
  months: (key: string) => `${PREFIX}usage-months:${own(key)}`,
  days: (key: string) => `${PREFIX}usage-days:${own(key)}`,
  dailyDetail: (key: string, day: string) => `${PREFIX}usage-daily:${own(key)}:${day}`,
  shares: (key: string, day: string) => `${PREFIX}usage-share:${own(key)}:${day}`,
  /** Every key that has loads counted: what the reports read. */
  usageKeys: `${PREFIX}usage-keys`,
  attribution: (key: string, period: string, kind: 'origins' | 'prefixes' | 'rows') => `${PREFIX}attribution:${own(key)}:${period}:${kind}`,
  /** A journal batch's replay of one key's loads, done. */
  replayed: (key: string, batch: string) => `${PREFIX}replayed:${own(key)}:${batch}`,
  /** One bit per count a relay process asked for this key (by its sequence for the key), and the leases it took. */
  receipts: (key: string, relay: string, chunk: number) => `${PREFIX}receipts:${own(key)}:${relay}:${chunk}`,
  leases: (key: string, relay: string) => `${PREFIX}leases:${own(key)}:${relay}`,
  /** A key's clicks on prices in a month (a hash, day␟book␟element → clicks). */
  clicks: (key: string, month: string) => `${PREFIX}clicks:${own(key)}:${month}`,
  /** Every key with clicks counted in a month: what the reports read. */
  clickKeys: (month: string) => `${PREFIX}click-keys:${month}`,
  clickMonths: `${PREFIX}click-months`,
  upstreamUnits: (month: string) => `${PREFIX}upstream-units:${month}`,
  keyUpstreamUnits: (month: string) => `${PREFIX}upstream-units-by-key:${month}`,
  // Named for win probability, the first series recorded; lines and splits followed under the same prefix.
  series: (series: string) => `${PREFIX}wp:${series}`,
  seriesPattern: `${PREFIX}wp:*`,
  /** An answer kept for ever (a final game, a day's snapshot), and every kept name by when it was kept (for pruning). */
  kept: (name: string) => `${PREFIX}kept:${name}`,
  keptIndex: `${PREFIX}kept-index`,
  leagueInterest: `${PREFIX}recorder:leagues`,
  secret: (name: string) => `${PREFIX}secret:${name}`,
  session: (id: string) => `${PREFIX}console-session:${id}`,
  signInFailures: (address: string) => `${PREFIX}console-sign-in-failures:${address}`,
  audit: `${PREFIX}audit`,
};
