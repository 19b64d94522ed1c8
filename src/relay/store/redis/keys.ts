import type { Redis } from 'ioredis';
import type { WidgetKey } from '../../keys/model.js';
import type { KeyStore } from '../types.js';
import { names } from './names.js';
import type { Scripts } from './scripts.js';

const read = (json: string | null): WidgetKey | undefined => (json ? (JSON.parse(json) as WidgetKey) : undefined);

/** Widget keys as JSON by name, listed by creation time; every change announced to the relays sharing the Redis. */
export function redisKeys(redis: Redis, scripts: Scripts): KeyStore & { close(): void } {
  let keyEvents: Redis | undefined;
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
    async createKey(key) {
      const created = await scripts.pressboxCreateKey(
        names.key(key.key),
        names.allKeys,
        JSON.stringify(key),
        String(key.createdAt),
        key.key,
      );
      if (created !== 1) throw new Error(`key ${key.key} exists already`);
    },
    getKey: async (key) => read(await redis.get(names.key(key))),
    async listKeys() {
      const listed = await redis.zrange(names.allKeys, '0', '-1');
      if (listed.length === 0) return [];
      const values = await redis.mget(listed.map(names.key));
      return values.map(read).filter((key): key is WidgetKey => key !== undefined);
    },
    updateKey: (key, change) => replace(key, (current) => ({ ...current, ...change })),
    // The earlier time wins: revoking now ends a grace period a rotation had set.
    revokeKey: (key, at) => replace(key, (current) => ({ ...current, revokedAt: Math.min(current.revokedAt ?? at, at) })),
    /** Every relay subscribes: a change made by the CLI, the admin API or another relay reaches it at once. */
    async onKeyChange(listener) {
      if (!keyEvents) {
        keyEvents = redis.duplicate();
        keyEvents.on('error', () => {});
        await keyEvents.connect();
        await keyEvents.subscribe(names.keyChanges);
      }
      keyEvents.on('message', (_channel: string, key: string) => listener(key));
    },
    close: () => keyEvents?.disconnect(),
  };
  return keys;
}
