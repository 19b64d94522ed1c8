import { connectRedis, parseRedisUrl } from './redis-connection.js';
import { redisConsole } from './redis/console.js';
import { redisHistory } from './redis/history.js';
import { redisKeys } from './redis/keys.js';
import { SEPARATOR } from './redis/names.js';
import { loadScripts } from './redis/scripts.js';
import { redisUsage } from './redis/usage.js';
import type { RelayStore } from './types.js';

/**
 * Keys, usage and history in Redis, for several relays sharing one view, each role in its own module (redis/). Check
 * and increment is one Lua script, so concurrent relays can never take a key past its limit. A load is as durable as
 * Redis is configured to be: run it with `appendonly yes` and `appendfsync always` (or `everysec`, accepting up to a
 * second) for metering.
 */
export async function openRedisStore(url: string): Promise<RelayStore> {
  const redis = await connectRedis(url);
  const scripts = loadScripts(redis);
  const target = parseRedisUrl(url);
  if (target.ok && target.kind !== 'cluster') await scripts.pressboxMoveOldUsage(SEPARATOR);
  const { close: stopKeyEvents, ...keys } = redisKeys(redis);
  return {
    ...keys,
    ...redisUsage(redis, scripts, target.ok && target.kind === 'sentinel'),
    ...redisHistory(redis, scripts),
    ...redisConsole(redis, scripts),
    close: async () => {
      stopKeyEvents();
      // A relay stopping while Redis is away must still stop: QUIT needs a connection, disconnecting does not.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
