/** Every name the relay keeps in Redis starts with this, so one Redis can hold other data beside it. */
export const PREFIX = 'pressbox:';
/** Joins the parts of a hash field (key, route, origin…): no key, route or bounded origin holds it. */
export const SEPARATOR = '\u001f';

/** The names of the relay's Redis data, by what they hold. */
export const names = {
  key: (key: string) => `${PREFIX}key:${key}`,
  allKeys: `${PREFIX}keys`,
  /** Where a key change is announced, so every relay forgets its copy at once. */
  keyChanges: `${PREFIX}key-changes`,
  usage: (month: string) => `${PREFIX}usage:${month}`,
  usageDetail: (month: string) => `${PREFIX}usage-detail:${month}`,
  months: `${PREFIX}usage-months`,
  days: `${PREFIX}usage-days`,
  dailyDetail: (day: string) => `${PREFIX}usage-daily:${day}`,
  dayUsage: (day: string) => `${PREFIX}usage-day:${day}`,
  shares: (day: string) => `${PREFIX}usage-share:${day}`,
  attribution: (key: string, period: string, kind: 'origins' | 'prefixes' | 'rows') => `${PREFIX}attribution:${key}:${period}:${kind}`,
  replayed: (batch: string) => `${PREFIX}replayed:${batch}`,
  upstreamUnits: (month: string) => `${PREFIX}upstream-units:${month}`,
  keyUpstreamUnits: (month: string) => `${PREFIX}upstream-units-by-key:${month}`,
  probability: (game: string) => `${PREFIX}wp:${game}`,
  probabilityPattern: `${PREFIX}wp:*`,
  leagueInterest: `${PREFIX}recorder:leagues`,
  secret: (name: string) => `${PREFIX}secret:${name}`,
  session: (id: string) => `${PREFIX}console-session:${id}`,
  signInFailures: (address: string) => `${PREFIX}console-sign-in-failures:${address}`,
  audit: `${PREFIX}audit`,
};
