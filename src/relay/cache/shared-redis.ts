import { connectRedis, scanNames } from '../store/redis-connection.js';
import { liveAnswersOnly } from './live-answers-only.js';
import type { SharedEntries } from './resource-cache.js';

const PREFIX = 'pressbox:cache:';
const CLAIM_PREFIX = 'pressbox:cache-claim:';
/** An answer and its claim share a slot (Redis Cluster): the entry's key, in braces, is their hash tag. */
const entry = (key: string) => `${PREFIX}{${key}}`;
const claimOf = (key: string) => `${CLAIM_PREFIX}{${key}}`;
/** After a command fails, the shared tier is skipped this long: a Redis that hangs must not hold up every refresh. */
const SKIP_AFTER_FAILURE_MS = 2000;

/** The live upstream's answers several relays share, in Redis as JSON with the time they were fetched. */
export async function redisSharedEntries(url: string): Promise<SharedEntries & { close(): void }> {
  const redis = await connectRedis(url);
  let skipUntil = 0;
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    if (performance.now() < skipUntil) throw new Error('the shared cache is skipped for a moment after a failure');
    try {
      return await run();
    } catch (error) {
      skipUntil = performance.now() + SKIP_AFTER_FAILURE_MS;
      throw error;
    }
  };
  return liveAnswersOnly({
    get: (key) =>
      guarded(async () => {
        const json = await redis.get(entry(key));
        return json ? (JSON.parse(json) as { value: unknown; fetchedAt: number }) : undefined;
      }),
    // The answer stored ends the claim on it: a key refreshed more often than a claim lasts (a live slate polled every
    // second or two) is claimed again at once, not waited on.
    set: (key, value, keepMs) =>
      guarded(
        async () =>
          void (await redis.multi().set(entry(key), JSON.stringify(value), 'PX', Math.max(1000, keepMs)).del(claimOf(key)).exec()),
      ),
    claim: (key, ms) => guarded(async () => (await redis.set(claimOf(key), '1', 'PX', ms, 'NX')) === 'OK'),
    async clear() {
      for (const prefix of [PREFIX, CLAIM_PREFIX])
        // One DEL each: the names are in many slots.
        await scanNames(redis, `${prefix}*`, async (found) => void (await Promise.all(found.map((name) => redis.del(name)))));
    },
    close: () => redis.disconnect(),
  });
}
