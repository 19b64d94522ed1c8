import type { WidgetKey } from '../../keys/model.js';
import { subscriber, type RedisClient } from '../redis-connection.js';
import type { KeyStore } from '../types.js';
import { names } from './names.js';

const read = (json: string | null): WidgetKey | undefined => (json ? (JSON.parse(json) as WidgetKey) : undefined);

/** Widget keys as JSON by name, listed by creation time; every change announced to the relays sharing the Redis. */
export function redisKeys(redis: RedisClient): KeyStore & { close(): void } {
  let keyEvents: ReturnType<typeof subscriber> | undefined;
  const listeners: Array<(key: string) => void> = [];
  const announce = (key: string) => redis.publish(names.keyChanges, key);
  const replace = async (key: string, change: (current: WidgetKey) => WidgetKey) => {
    const current = await keys.getKey(key);
    if (!current) return undefined;
    const next = change(current);
    await redis.set(names.key(key), JSON.stringify(next), 'XX');
    await announce(key);
    return next;
  };
  const keys: KeyStore & { close(): void } = {
    // The key and its place in the list are in different slots (Redis Cluster): listed first, so that a key is never
    // there unlisted; a listed name without its key (the second write lost) is left out of the list.
    async createKey(key) {
      await redis.zadd(names.allKeys, 'NX', String(key.createdAt), key.key);
      if ((await redis.set(names.key(key.key), JSON.stringify(key), 'NX')) !== 'OK') throw new Error(`key ${key.key} exists already`);
    },
    getKey: async (key) => read(await redis.get(names.key(key))),
    async listKeys() {
      const listed = await redis.zrange(names.allKeys, '0', '-1');
      if (listed.length === 0) return [];
      // One GET each: an MGET spans slots, which a cluster refuses.
      const values = await Promise.all(listed.map((key) => redis.get(names.key(key))));
      return values.map(read).filter((key): key is WidgetKey => key !== undefined);
    },
    updateKey: (key, change) => replace(key, (current) => ({ ...current, ...change })),
    // The earlier time wins: revoking now ends a grace period a rotation had set.
    revokeKey: (key, at) => replace(key, (current) => ({ ...current, revokedAt: Math.min(current.revokedAt ?? at, at) })),
    /** Every relay subscribes: a change made by the CLI, the admin API or another relay reaches it at once. */
    async onKeyChange(listener) {
      listeners.push(listener);
      // One subscription for every listener, held from the first call on: a relay closed while it still connects
      // disconnects it, rather than leaving a connection that keeps the process alive.
      keyEvents ??= subscriber(redis, names.keyChanges, (key) => listeners.forEach((notify) => notify(key)));
      await keyEvents.ready;
    },
    close: () => keyEvents?.events.disconnect(),
  };
  return keys;
}
