import { randomUUID } from 'node:crypto';
import { connectRedis, parseRedisUrl, redisHost } from './redis-connection.js';
import { redisClicks } from './redis/clicks.js';
import { redisConsole } from './redis/console.js';
import { redisHistory } from './redis/history.js';
import { redisKeys } from './redis/keys.js';
import { openMarker, persistenceWarning, type StoreMarker } from './redis/marker.js';
import { names, SEPARATOR } from './redis/names.js';
import { loadScripts } from './redis/scripts.js';
import { redisUsage } from './redis/usage.js';
import type { RelayStore } from './types.js';

export interface RedisStoreOptions {
  /** How the store's marker may be written at open (redis/marker.ts): `read` writes nothing (`keys list`, `usage`). */
  marking?: 'adopt' | 'keep' | 'read';
  /** The store a relay's journal remembers: found missing, it was emptied, not new. */
  expected?: string;
  /** Told once at open when Redis keeps nothing (or only snapshots) on disk. */
  warn?: (line: string) => void;
}

export type RedisStore = RelayStore & { marker: StoreMarker };

/**
 * Keys, usage and history in Redis, for several relays sharing one view, each role in its own module (redis/). Check
 * and increment is one Lua script, so concurrent relays can never take a key past its limit. A load is as durable as
 * Redis is configured to be: run it with `appendonly yes` and `appendfsync always` (or `everysec`, accepting up to a
 * second) for metering. Every call first checks the store's marker (redis/marker.ts): an emptied Redis fails calls as
 * `emptied` instead of answering that nothing exists.
 */
export async function openRedisStore(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
  const redis = await connectRedis(url);
  const scripts = loadScripts(redis);
  const target = parseRedisUrl(url);
  const where = redisHost(url);
  let marker: StoreMarker;
  try {
    marker = await openMarker(redis, {
      where,
      marking: options.marking ?? 'adopt',
      expected: options.expected,
      // Version 0 kept usage outside per-key hash tags; a cluster never had that layout.
      migrate: async () => void (target.ok && target.kind !== 'cluster' && (await scripts.pressboxMoveOldUsage(SEPARATOR))),
    });
    const warning = options.marking === 'read' ? undefined : await persistenceWarning(redis, where);
    if (warning) options.warn?.(warning);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const { close: stopKeyEvents, ...keys } = redisKeys(redis);
  const probeName = names.probe(randomUUID());
  const store: RelayStore = {
    ...keys,
    // No key under a name is no answer while the marker is gone: the whole store went, not this key.
    async getKey(key) {
      const found = await keys.getKey(key);
      if (!found && !(await marker.check())) marker.guard();
      return found;
    },
    ...redisUsage(redis, scripts, target.ok && target.kind === 'sentinel'),
    ...redisClicks(redis),
    ...redisHistory(redis, scripts),
    ...redisConsole(redis, scripts),
    probeWrite: async (at) => void (await redis.set(probeName, String(at), 'PX', 60_000)),
    close: async () => {
      marker.close();
      stopKeyEvents();
      // A relay stopping while Redis is away must still stop: QUIT needs a connection, disconnecting does not.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return { ...guardedByMarker(store, marker), marker };
}

/** Each call refused at once while the marker is missing (a restore writes it back). */
function guardedByMarker(store: RelayStore, marker: StoreMarker): RelayStore {
  const guarded = { ...store };
  for (const name of Object.keys(store) as Array<keyof RelayStore>) {
    const method = store[name] as unknown;
    if (typeof method !== 'function' || name === 'close' || name === 'onKeyChange') continue;
    (guarded as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      marker.guard();
      return (method as (...values: unknown[]) => Promise<unknown>)(...args);
    };
  }
  return guarded;
}
