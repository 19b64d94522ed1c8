import { LRUCache } from 'lru-cache';
import { isIPv4, isIPv6 } from 'node:net';
import type { WidgetRequest } from '../base/request.js';
import type { KeyOnPage } from '../keys/model.js';
import type { LoadDetail } from '../store/types.js';
import { dayBucket } from './month.js';

const prefixes = new LRUCache<string, string>({ max: 10_000 });

/** The network a client is on, never its address (nothing on disk names a reader): IPv4 /24, IPv6 /48. */
export function addressPrefix(address: string | undefined): string {
  const key = address ?? '';
  let prefix = prefixes.get(key);
  if (prefix === undefined) prefixes.set(key, (prefix = prefixOf(key)));
  return prefix;
}

function prefixOf(address: string): string {
  const plain = address.split('%')[0]!;
  const v4 = plain.startsWith('::ffff:') && isIPv4(plain.slice(7)) ? plain.slice(7) : plain;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  return ipv6Network(plain, 48) ?? 'unknown';
}

/** Whether the reader is on this machine: a loopback address (from the socket, or from a trusted proxy's word). */
export function localReader(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIPv4(plain) && plain.startsWith('127.'));
}

const networks = new LRUCache<string, string>({ max: 10_000 });

/**
 * Whom a per-reader rule counts: an IPv4 address, or an IPv6 address's /64 (one subscriber's network hands out a whole
 * /64, so counting single addresses would give one reader 2^64 fresh starts).
 */
export function readerNetwork(address: string): string {
  let network = networks.get(address);
  if (network === undefined) {
    const plain = address.split('%')[0]!;
    const v4 = plain.startsWith('::ffff:') && isIPv4(plain.slice(7)) ? plain.slice(7) : undefined;
    networks.set(address, (network = v4 ?? ipv6Network(plain, 64) ?? address));
  }
  return network;
}

/** An IPv6 address's network of `bits` (a multiple of 16) as `2001:db8:1::/48`; undefined when it is not IPv6. */
function ipv6Network(address: string, bits: 48 | 64): string | undefined {
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, bits / 16)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/${bits}`;
}

/** Browsers send Fetch Metadata with every request; a script replaying a key usually does not. */
export function clientKind(fetchSite: string | undefined): 'browser' | 'script' {
  return fetchSite ? 'browser' : 'script';
}

// A page's requests share their attribution: one object per access, route, network and kind of client while the day
// lasts, found by the reader's address (the store, and a live update's counting, then take a batch of them as one group).
const details = new WeakMap<KeyOnPage, Map<string, RouteDetails>>();
const ADDRESSES_PER_ROUTE = 1_000;

interface RouteDetails {
  byAddress: Map<string, LoadDetail>;
  /** By `client prefix`: readers on one network share one object. */
  byNetwork: Map<string, LoadDetail>;
}

/** What a counted load is attributed to: page origin, route, day, address prefix and kind of client. */
export function loadDetail(access: KeyOnPage, request: WidgetRequest, route: string, now: number): LoadDetail {
  let byRoute = details.get(access);
  if (!byRoute) details.set(access, (byRoute = new Map()));
  let known = byRoute.get(route);
  if (!known) byRoute.set(route, (known = { byAddress: new Map(), byNetwork: new Map() }));
  const day = dayBucket(now);
  const client = clientKind(request.fetchSite);
  const mine = known.byAddress.get(request.address);
  if (mine && mine.day === day && mine.client === client) return mine;
  if (known.byAddress.size >= ADDRESSES_PER_ROUTE) known.byAddress.clear();
  const prefix = addressPrefix(request.address);
  const network = `${client} ${prefix}`;
  let detail = known.byNetwork.get(network);
  if (!detail || detail.day !== day) {
    if (known.byNetwork.size >= ADDRESSES_PER_ROUTE) known.byNetwork.clear();
    detail = { route, origin: access.page.origin, day, prefix, client, dailyLimit: access.key.dailyLimit ?? null };
    known.byNetwork.set(network, detail);
  }
  known.byAddress.set(request.address, detail);
  return detail;
}
