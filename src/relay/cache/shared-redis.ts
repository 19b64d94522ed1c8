import { connectRedis } from '../store/redis-connection.js';
import type { SharedEntries } from './resource-cache.js';

const PREFIX = 'pressbox:cache:';
const CLAIM_PREFIX = 'pressbox:cache-claim:';

/** The upstream answers several relays share, in Redis as JSON with the time they were fetched. */
export async function redisSharedEntries(url: string): Promise<SharedEntries & { close(): void }> {
  const redis = await connectRedis(url);
  return {
    async get(key) {
      const json = await redis.get(PREFIX + key);
      return json ? (JSON.parse(json) as { value: unknown; fetchedAt: number }) : undefined;
    },
    async set(key, entry, keepMs) {
      await redis.set(PREFIX + key, JSON.stringify(entry), 'PX', Math.max(1000, keepMs));
    },
    claim: async (key, ms) => (await redis.set(CLAIM_PREFIX + key, '1', 'PX', ms, 'NX')) === 'OK',
    async clear() {
      for (const prefix of [PREFIX, CLAIM_PREFIX]) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      }
    },
    close: () => redis.disconnect(),
  };
}
