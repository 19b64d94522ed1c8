import { LRUCache } from 'lru-cache';
import { TOPIC_STATE_TTL_MS, type TopicState } from '../live/share.js';

/** Upstream answers the workers share; past this many, the least recently used go (each worker keeps its own too). */
const MAX_SHARED_ENTRIES = 5000;

interface Lease {
  worker: number;
  until: number;
}

/**
 * What the workers of one machine share, held by the primary: who polls each live topic (a lease, as with Redis), the
 * event id counter, each topic's latest state, and the upstream answers one worker fetched for the others. Every
 * worker's call is one IPC round trip, made once per topic check or cache refresh, never per viewer or request.
 */
export class MachineShare {
  readonly #leases = new Map<string, Lease>();
  readonly #states = new LRUCache<string, TopicState>({ max: 50_000, ttl: TOPIC_STATE_TTL_MS });
  readonly #entries = new LRUCache<string, { value: unknown; fetchedAt: number }>({ max: MAX_SHARED_ENTRIES, ttlAutopurge: false });
  readonly #claims = new Map<string, number>();
  #sequence = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes the topic's lease when free or expired, renews it when the worker holds it. */
  hold(worker: number, topic: string, ms: number): boolean {
    const now = this.now();
    const lease = this.#leases.get(topic);
    if (lease && lease.worker !== worker && lease.until > now) return false;
    this.#leases.set(topic, { worker, until: now + ms });
    const state = this.#states.get(topic);
    if (state) this.#states.set(topic, state);
    return true;
  }

  release(worker: number, topic: string): void {
    if (this.#leases.get(topic)?.worker === worker) this.#leases.delete(topic);
  }

  /** A worker that died holds nothing: its topics go to the next worker that checks them. */
  forget(worker: number): void {
    for (const [topic, lease] of this.#leases) if (lease.worker === worker) this.#leases.delete(topic);
  }

  /** Ids are milliseconds × 1000 plus a sequence, as one relay's are: they keep growing across restarts of the machine. */
  publish(topic: string, json: string, etag: string): TopicState {
    this.#sequence = Math.max(this.#sequence + 1, this.now() * 1000);
    const state = { id: this.#sequence, json, etag };
    this.#states.set(topic, state);
    return state;
  }

  latest(topic: string): TopicState | undefined {
    return this.#states.get(topic);
  }

  cacheGet(key: string): { value: unknown; fetchedAt: number } | undefined {
    return this.#entries.get(key);
  }

  /** Stores an answer, which ends the claim on it: the next refresh of the key can be claimed at once. */
  cacheSet(key: string, entry: { value: unknown; fetchedAt: number }, keepMs: number): void {
    this.#entries.set(key, entry, { ttl: Math.max(1000, keepMs) });
    this.#claims.delete(key);
  }

  /** The right to refresh `key` for `ms`: one worker fetches, the others wait for its answer. */
  cacheClaim(key: string, ms: number): boolean {
    const now = this.now();
    if ((this.#claims.get(key) ?? 0) > now) return false;
    if (this.#claims.size > MAX_SHARED_ENTRIES) for (const [held, until] of this.#claims) if (until <= now) this.#claims.delete(held);
    this.#claims.set(key, now + ms);
    return true;
  }

  cacheClear(): void {
    this.#entries.clear();
    this.#claims.clear();
  }

  /** Expired leases go (a topic nobody polls any more); states and entries expire by themselves. */
  sweep(): void {
    const now = this.now();
    for (const [topic, lease] of this.#leases) if (lease.until <= now) this.#leases.delete(topic);
  }
}
