import { LRUCache } from 'lru-cache';
import { connectRedis } from '../store/redis-connection.js';

/**
 * A bucket of upstream units: `burst` at most, refilled at `perMinute`. Calls under way may take it below zero, down
 * to one minute of its rate: no debt outlives a minute of quiet.
 */
export interface UnitRate {
  burst: number;
  perMinute: number;
}

/**
 * Where the buckets live: in the process for one relay, in Redis when relays share a store, so N relays (or workers)
 * do not multiply a bound.
 */
export interface UnitBuckets {
  /** The bucket's units now, refilled since it was last touched (a bucket never touched is full). */
  level(name: string, rate: UnitRate): Promise<number>;
  /** Takes `units` and answers the level left. */
  take(name: string, rate: UnitRate, units: number): Promise<number>;
  close(): void;
}

interface Bucket {
  units: number;
  at: number;
}

/** Buckets of this process: a bucket left alone refills, so forgetting the least recently used one costs nothing. */
export function memoryBuckets(now: () => number): UnitBuckets {
  const buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  const refilled = (name: string, rate: UnitRate): Bucket => {
    const at = now();
    const bucket = buckets.get(name) ?? { units: rate.burst, at };
    bucket.units = Math.min(rate.burst, bucket.units + (Math.max(0, at - bucket.at) * rate.perMinute) / 60_000);
    bucket.at = at;
    return bucket;
  };
  return {
    level: async (name, rate) => refilled(name, rate).units,
    async take(name, rate, units) {
      const bucket = refilled(name, rate);
      bucket.units = Math.max(-rate.perMinute, bucket.units - units);
      buckets.set(name, bucket);
      return bucket.units;
    },
    close: () => buckets.clear(),
  };
}

// One step: refill, take, store, and expire the bucket once it would be full again (a full bucket is no bucket), so
// what callers can make Redis keep is bounded by the calls they can make. A look at a bucket never stored stores nothing.
// Its time never goes back: a relay whose clock is behind another's would otherwise refill the same seconds again.
const TAKE = `
local held = redis.call('HMGET', KEYS[1], 'units', 'at')
local burst, perMinute, now, units = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local level = tonumber(held[1]) or burst
local at = tonumber(held[2]) or now
level = math.max(-perMinute, math.min(burst, level + math.max(0, now - at) * perMinute / 60000) - units)
if units > 0 or held[1] then
  redis.call('HSET', KEYS[1], 'units', tostring(level), 'at', tostring(math.max(at, now)))
  redis.call('PEXPIRE', KEYS[1], math.max(1000, math.ceil((burst - level) / perMinute * 60000)))
end
return tostring(level)
`;

/** After Redis fails, the process's own buckets stand in this long before Redis is asked again. */
const SKIP_AFTER_FAILURE_MS = 2000;

/**
 * Buckets every relay on one Redis shares. While Redis is away each relay counts in its own buckets: the bound is then
 * per relay for as long as the outage lasts, and no reader waits on a Redis that does not answer.
 */
export async function redisBuckets(url: string, now: () => number): Promise<UnitBuckets> {
  const redis = await connectRedis(url);
  const local = memoryBuckets(now);
  let skipUntil = 0;
  const name = (bucket: string) => `pressbox:spend:{${bucket}}`;
  const run = async (bucket: string, rate: UnitRate, units: number, fallback: () => Promise<number>) => {
    if (performance.now() < skipUntil) return fallback();
    try {
      return Number(await redis.eval(TAKE, 1, name(bucket), String(rate.burst), String(rate.perMinute), String(now()), String(units)));
    } catch {
      skipUntil = performance.now() + SKIP_AFTER_FAILURE_MS;
      return fallback();
    }
  };
  return {
    level: (bucket, rate) => run(bucket, rate, 0, () => local.level(bucket, rate)),
    take: (bucket, rate, units) => run(bucket, rate, units, () => local.take(bucket, rate, units)),
    close: () => redis.disconnect(),
  };
}
