import { LRUCache } from 'lru-cache';
import type { WidgetKey } from '../keys/model.js';
import type { KeyStore } from '../store/types.js';

/** How long a key read from the store is trusted: a change made elsewhere (the CLI, another relay) applies within it. */
const KEY_CACHE_MS = 5_000;

/**
 * Every widget request reads its key; keeping keys a few seconds in memory spares the store a read per request.
 * Changes through this relay (its admin API) apply at once, and with Redis so do changes made anywhere (the store
 * announces them). Unknown keys are not remembered, so a key created from the shell works on its first request.
 */
export function cachedKeys(
  store: KeyStore,
  ttlMs = KEY_CACHE_MS,
): KeyStore & { cached(value: string): WidgetKey | undefined; known(value: string): boolean } {
  const cache = new LRUCache<string, WidgetKey>({ max: 10_000, ttl: ttlMs });
  const lastRead = new LRUCache<string, WidgetKey>({ max: 10_000 });
  /** Reads under way: the requests that find a key's copy lapsed at once wait for one read, not one each. */
  const reading = new Map<string, Promise<WidgetKey | undefined>>();
  const forget = <T extends WidgetKey | undefined>(value: string, result: T): T => {
    cache.delete(value);
    if (result) lastRead.set(value, result);
    return result;
  };
  // The outage copy follows every change too: a key revoked (or a domain removed) elsewhere before Redis goes away is
  // read again now, and if that read fails the copy is dropped, so an outage never brings back what was taken away.
  const reread = (value: string) =>
    store.getKey(value).then(
      (key) => (key ? lastRead.set(value, key) : lastRead.delete(value)),
      () => lastRead.delete(value),
    );
  const readKey = async (value: string): Promise<WidgetKey | undefined> => {
    let key: WidgetKey | undefined;
    try {
      key = await store.getKey(value);
    } catch (error) {
      const known = lastRead.get(value);
      if (!known) throw error;
      // Kept for another KEY_CACHE_MS: requests meanwhile do not wait on a store that hangs.
      cache.set(value, known);
      return known;
    }
    if (key) {
      cache.set(value, key);
      lastRead.set(value, key);
    } else lastRead.delete(value);
    return key;
  };
  store
    .onKeyChange?.((value) => {
      cache.delete(value);
      if (lastRead.has(value)) void reread(value);
    })
    .catch(() => {});
  return {
    /** The key if it is in memory now: the hot path then decides without waiting for anything. */
    cached: (value) => cache.get(value),
    /** Whether the key was read from the store before (it exists, or did): not a made-up one. */
    known: (value) => lastRead.has(value),
    getKey(value) {
      const cached = cache.get(value);
      if (cached) return Promise.resolve(cached);
      let read = reading.get(value);
      if (!read) {
        reading.set(value, (read = readKey(value).finally(() => reading.delete(value))));
      }
      return read;
    },
    createKey: (key) => store.createKey(key),
    listKeys: () => store.listKeys(),
    updateKey: async (value, change) => forget(value, await store.updateKey(value, change)),
    revokeKey: async (value, at) => forget(value, await store.revokeKey(value, at)),
  };
}
