import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { RelayError } from '../errors.js';
import type { RelayEnv } from './env.js';

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

/** A token bucket per key and client address; addresses come from the socket, not from headers a client can forge. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<RelayEnv> {
  const now = options.now ?? Date.now;
  const buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  const perMs = options.perMinute / 60_000;
  return async (c, next) => {
    const address = c.env?.incoming?.socket?.remoteAddress ?? 'local';
    const id = `${c.get('widgetKey').key}|${address}`;
    const at = now();
    const bucket = buckets.get(id) ?? { tokens: options.burst, at };
    // A clock that steps back (NTP) refills nothing rather than draining the bucket.
    bucket.tokens = Math.min(options.burst, bucket.tokens + Math.max(0, at - bucket.at) * perMs);
    bucket.at = at;
    if (bucket.tokens < 1) {
      buckets.set(id, bucket);
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      throw new RelayError('rate_limited', `Too many requests from this page for this key; retry in ${retryAfter} s.`, {
        'Retry-After': String(retryAfter),
      });
    }
    bucket.tokens -= 1;
    buckets.set(id, bucket);
    await next();
  };
}
