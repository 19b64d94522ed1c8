import { LRUCache } from 'lru-cache';

export interface CachePolicy<T> {
  /** Fresh for this long; may depend on the value (a slate with live games goes stale sooner). */
  ttlMs: number | ((value: T) => number);
  /** Past fresh, served at once while one refresh runs in the background. */
  swrMs?: number;
  /** When a refresh fails, older data is still served, marked stale, for this long. */
  staleIfErrorMs?: number;
}

export interface Cached<T> {
  value: T;
  fetchedAt: number;
  /** True when served past its freshness because the upstream failed. */
  stale: boolean;
}

export type CacheOutcome = 'hit' | 'swr' | 'miss' | 'stale_if_error';

interface Entry {
  value: unknown;
  fetchedAt: number;
}

/**
 * Stale-while-revalidate, singleflight and stale-if-error over a bounded LRU: a cold burst costs one
 * upstream call, a warm key never makes a viewer wait, and an outage serves the last good answer.
 */
export class ResourceCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<Entry>>();
  private changes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onOutcome: (outcome: CacheOutcome, key: string) => void = () => {},
    max = 5000,
  ) {
    this.entries = new LRUCache({ max });
  }

  /** `revalidate: 'wait'` skips stale-while-revalidate: an expired entry is refreshed before it is returned. */
  async get<T>(
    key: string,
    policy: CachePolicy<T>,
    load: () => Promise<T>,
    revalidate: 'background' | 'wait' = 'background',
  ): Promise<Cached<T>> {
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.fetchedAt;
      const ttl = typeof policy.ttlMs === 'function' ? policy.ttlMs(entry.value as T) : policy.ttlMs;
      if (age <= ttl) {
        this.onOutcome('hit', key);
        return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale: false };
      }
      if (revalidate === 'background' && age <= ttl + (policy.swrMs ?? 0)) {
        this.onOutcome('swr', key);
        this.refresh(key, load).catch(() => {});
        return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale: false };
      }
    }
    try {
      this.onOutcome('miss', key);
      const fresh = await this.refresh(key, load);
      return { value: fresh.value as T, fetchedAt: fresh.fetchedAt, stale: false };
    } catch (error) {
      const fallback = this.entries.get(key);
      if (fallback && this.now() - fallback.fetchedAt <= (policy.staleIfErrorMs ?? 0)) {
        this.onOutcome('stale_if_error', key);
        return { value: fallback.value as T, fetchedAt: fallback.fetchedAt, stale: true };
      }
      throw error;
    }
  }

  /** Forgets every entry: the next request for each key goes upstream. */
  clear(): void {
    this.entries.clear();
    this.changes++;
  }

  /** Counts every change to what the cache holds: anything built from it before a change may be out of date. */
  get version(): number {
    return this.changes;
  }

  private refresh(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = load()
      .then((value) => {
        const entry = { value, fetchedAt: this.now() };
        this.entries.set(key, entry);
        this.changes++;
        return entry;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}
