import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import type { RelayEnv } from '../http/env.js';
import type { LoadDetail } from '../store/types.js';

/** Daily buckets are UTC days, `YYYY-MM-DD`. */
export function dayBucket(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The network a client is on, never its address (nothing on disk names a reader): IPv4 /24, IPv6 /48. */
export function addressPrefix(address: string | undefined): string {
  const plain = (address ?? '').split('%')[0]!;
  const v4 = plain.startsWith('::ffff:') && isIPv4(plain.slice(7)) ? plain.slice(7) : plain;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return 'unknown';
  const [head = '', tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/48`;
}

/** Browsers send Fetch Metadata with every request; a script replaying a key usually does not. */
export function clientKind(c: Context<RelayEnv>): 'browser' | 'script' {
  return c.req.header('sec-fetch-site') ? 'browser' : 'script';
}

/** What a counted load is attributed to: page origin, route, day, address prefix and kind of client. */
export function loadDetail(c: Context<RelayEnv>, route: string, now: number): LoadDetail {
  return {
    route,
    origin: c.get('page').origin,
    day: dayBucket(now),
    prefix: addressPrefix(c.env?.incoming?.socket?.remoteAddress),
    client: clientKind(c),
    dailyLimit: c.get('widgetKey').dailyLimit ?? null,
  };
}
