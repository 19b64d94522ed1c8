import { LRUCache } from 'lru-cache';
import { RelayError } from '../base/errors.js';
import type { WidgetRequest } from '../base/request.js';
import { readerNetwork } from '../metering/attribution.js';

export interface RateLimitOptions {
  /** Sustained requests per minute for one key from one address. */
  perMinute: number;
  /** Requests allowed at once before the sustained rate applies. */
  burst: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Takes one request of a key (its value, `pk_…`) from a client's bucket, or throws `rate_limited`. */
export type RateLimiter = (key: string, request: Pick<WidgetRequest, 'address'>) => void;

/** A token bucket per key and reader's network (an IPv4 address, an IPv6 /64; from trusted hops only). */
export function rateLimiter(options: RateLimitOptions): RateLimiter {
  const now = options.now ?? Date.now;
  // By address, then key: no key string is built per request.
  const buckets = new LRUCache<string, Map<string, Bucket>>({ max: 100_000 });
  const perMs = options.perMinute / 60_000;
  return (key, request) => {
    const network = readerNetwork(request.address);
    let ofAddress = buckets.get(network);
    if (!ofAddress) buckets.set(network, (ofAddress = new Map()));
    const at = now();
    let bucket = ofAddress.get(key);
    if (!bucket) ofAddress.set(key, (bucket = { tokens: options.burst, at }));
    // A clock that steps back (NTP) refills nothing rather than draining the bucket.
    bucket.tokens = Math.min(options.burst, bucket.tokens + Math.max(0, at - bucket.at) * perMs);
    bucket.at = at;
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      throw new RelayError('rate_limited', `Too many requests from this page for this key; retry in ${retryAfter} s.`, {
        'Retry-After': String(retryAfter),
      });
    }
    bucket.tokens -= 1;
  };
}
