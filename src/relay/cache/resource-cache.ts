import { LRUCache } from 'lru-cache';
import { UpstreamPartitions, type Entry } from './upstream-partitions.js';

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

/**
 * A second tier several relays share (Redis): an answer one relay fetched serves the others, and only one of them
 * refreshes a key at a time.
 */
export interface SharedEntries {
  get(key: string): Promise<Entry | undefined>;
  /** Keeps the entry for `keepMs` (its stale-if-error window), and ends the claim on the key. */
  set(key: string, entry: Entry, keepMs: number): Promise<void>;
  /** Takes the right to refresh `key` for `ms`; false while another relay holds it. */
  claim(key: string, ms: number): Promise<boolean>;
  clear(): Promise<void>;
}

/** How long an upstream refusal (a made-up id: not found, bad request) answers for its key without asking again. */
const REFUSAL_MS = 60_000;

/** How long a relay waits for another one's refresh of the same key before fetching it itself. */
const SHARED_WAIT_MS = 3000;

/**
 * After a refresh fails, the key's last answer is served stale at once, without a request waiting for upstream again;
 * one refresh at a time is tried in the background, no sooner than this after the last failure.
 */
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * Who pays for a refresh (upstream/spend-guard.ts): the cache notes each reader of an answer, runs each refresh through
 * `pay`, and tells a refusal to start one (answered with what it holds) from a failure of the upstream.
 */
export interface RefreshPayment {
  noteReader(key: string): void;
  pay<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Whether `error` is a refusal to start a call (nobody could pay for it), not a failure of the upstream. */
  isRefusal(error: unknown): boolean;
  /** Told when the reader under way gets such a refusal for want of anything held: its answer would be incomplete. */
  readerRefused(error: unknown): void;
}

const FREE: RefreshPayment = { noteReader: () => {}, pay: (_key, load) => load(), isRefusal: () => false, readerRefused: () => {} };

/**
 * Stale-while-revalidate, singleflight and stale-if-error over a bounded LRU: a cold burst costs one
 * upstream call, a warm key never makes a viewer wait, and an outage serves the last good answer.
 */
export class ResourceCache {
  private readonly entries: UpstreamPartitions;
  private readonly inflight = new Map<string, Promise<Entry>>();
  /** Every refresh under way, those a `clear()` let go of included (a closing relay waits for all of them). */
  private readonly running = new Set<Promise<unknown>>();
  /** Bumped by `clear()`: a refresh that began before it stores nothing when it ends. */
  private generation = 0;
  /** Keys whose last refresh failed, and when (the relay's clock); cleared by the next success. */
  private readonly failing = new LRUCache<string, number>({ max: 5000 });
  private changes = 0;
  /** Keys the upstream refused lately, with its refusal: answered from here until REFUSAL_MS has passed. */
  private readonly refused = new LRUCache<string, { error: unknown; at: number }>({ max: 5000 });

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onOutcome: (outcome: CacheOutcome, key: string) => void = () => {},
    max = 5000,
    private readonly shared?: SharedEntries,
    /** Which failures are the upstream's answer about the request itself (remembered), not an outage (retried). */
    private readonly remembersRefusal: (error: unknown) => boolean = () => false,
    /** Who pays for refreshes; a caller refused one still gets what is held. */
    private readonly payment: RefreshPayment = FREE,
  ) {
    this.entries = new UpstreamPartitions(max);
  }

  /**
   * Time since `at` on the relay's clock. An `at` after now was noted before the clock was set back (the sandbox's, by
   * its controls or the demo's jump): it is of another time, as long ago as can be.
   */
  private since(at: number): number {
    const elapsed = this.now() - at;
    return elapsed < 0 ? Infinity : elapsed;
  }

  /** The newer of this relay's entry and the shared one (a shared tier that fails is skipped). */
  private async newest(key: string): Promise<Entry | undefined> {
    const local = this.entries.get(key);
    const remote = this.shared ? await this.shared.get(key).catch(() => undefined) : undefined;
    if (remote && remote.fetchedAt > (local?.fetchedAt ?? -Infinity)) {
      this.entries.set(key, remote);
      this.changes++;
      return remote;
    }
    return local;
  }

  /** `revalidate: 'wait'` skips stale-while-revalidate: an expired entry is refreshed before it is returned. */
  async get<T>(
    key: string,
    policy: CachePolicy<T>,
    load: () => Promise<T>,
    revalidate: 'background' | 'wait' = 'background',
  ): Promise<Cached<T>> {
    this.payment.noteReader(key);
    const local = this.entries.get(key);
    const expired = (candidate: Entry) =>
      this.since(candidate.fetchedAt) > (typeof policy.ttlMs === 'function' ? policy.ttlMs(candidate.value as T) : policy.ttlMs);
    // Only a miss or an expired entry asks the shared tier: a fresh local hit costs nothing more.
    const entry = !local || expired(local) ? await this.newest(key) : local;
    if (entry) {
      const age = this.since(entry.fetchedAt);
      const ttl = typeof policy.ttlMs === 'function' ? policy.ttlMs(entry.value as T) : policy.ttlMs;
      if (age <= ttl) {
        this.onOutcome('hit', key);
        return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale: false };
      }
      const failedAt = this.failing.get(key);
      if (failedAt !== undefined && age <= (policy.staleIfErrorMs ?? 0)) {
        this.onOutcome('stale_if_error', key);
        if (this.since(failedAt) >= RETRY_AFTER_FAILURE_MS) this.refresh(key, load, policy.staleIfErrorMs ?? 0).catch(() => {});
        return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale: true };
      }
      if (revalidate === 'background' && age <= ttl + (policy.swrMs ?? 0)) {
        this.onOutcome('swr', key);
        this.refresh(key, load, policy.staleIfErrorMs ?? 0).catch(() => {});
        return { value: entry.value as T, fetchedAt: entry.fetchedAt, stale: false };
      }
    }
    try {
      this.onOutcome('miss', key);
      const fresh = await this.refresh(key, load, policy.staleIfErrorMs ?? 0);
      return { value: fresh.value as T, fetchedAt: fresh.fetchedAt, stale: false };
    } catch (error) {
      // A refusal to start a refresh is answered with whatever is held, however old: only a reader with nothing is refused.
      const fallback = this.entries.get(key);
      const refusedCall = this.payment.isRefusal(error);
      if (fallback && (refusedCall || this.since(fallback.fetchedAt) <= (policy.staleIfErrorMs ?? 0))) {
        this.onOutcome('stale_if_error', key);
        return { value: fallback.value as T, fetchedAt: fallback.fetchedAt, stale: true };
      }
      if (refusedCall) this.payment.readerRefused(error);
      throw error;
    }
  }

  /**
   * Forgets every entry, here and in the shared tier: the next request for each key goes upstream, and a refresh that
   * was under way stores nothing when it ends (its answer may predate what the clear was for).
   */
  clear(): Promise<void> {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
    this.failing.clear();
    this.refused.clear();
    this.changes++;
    return this.shared?.clear().catch(() => {}) ?? Promise.resolve();
  }

  /**
   * Resolves once the refreshes under way have ended: a relay closing waits for them before it leaves the shared tier,
   * so no other relay waits out a claim whose answer never comes.
   */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Counts every change to what the cache holds: anything built from it before a change may be out of date. */
  get version(): number {
    return this.changes;
  }

  private refresh(key: string, load: () => Promise<unknown>, keepMs: number): Promise<Entry> {
    const running = this.inflight.get(key);
    if (running) return running;
    const refused = this.refused.get(key);
    if (refused && this.since(refused.at) < REFUSAL_MS) return Promise.reject(refused.error);
    const promise = this.refreshOnce(key, load, keepMs).then(
      (entry) => {
        this.failing.delete(key);
        return entry;
      },
      (error: unknown) => {
        // Nobody could pay for it: the upstream did not fail, and the next reader who can pay refreshes it.
        if (this.payment.isRefusal(error)) throw error;
        this.failing.set(key, this.now());
        if (this.remembersRefusal(error)) this.refused.set(key, { error, at: this.now() });
        throw error;
      },
    );
    this.running.add(promise);
    promise
      .finally(() => {
        this.running.delete(promise);
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      })
      .catch(() => {});
    this.inflight.set(key, promise);
    return promise;
  }

  /**
   * One refresh per key on this relay (singleflight), and with a shared tier one across relays: the relay that
   * claims the key fetches it, the others wait for its answer (and fetch it themselves if it does not come).
   */
  private async refreshOnce(key: string, load: () => Promise<unknown>, keepMs: number): Promise<Entry> {
    const generation = this.generation;
    const before = this.entries.get(key)?.fetchedAt ?? -Infinity;
    if (this.shared && !(await this.shared.claim(key, SHARED_WAIT_MS).catch(() => true))) {
      for (let waited = 0; waited < SHARED_WAIT_MS; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const remote = await this.newest(key);
        if (remote && remote.fetchedAt > before) return remote;
      }
    } else if (this.shared) {
      // The claim came free because another relay stored its answer after this one last looked: take that answer
      // (storing it again ends the claim) instead of fetching the same thing twice.
      const landed = await this.newest(key);
      if (landed && landed.fetchedAt > before) {
        await this.shared.set(key, landed, keepMs).catch(() => {});
        return landed;
      }
    }
    const entry = { value: await this.payment.pay(key, load), fetchedAt: this.now() };
    if (generation !== this.generation) return entry;
    this.entries.set(key, entry);
    this.changes++;
    await this.shared?.set(key, entry, keepMs).catch(() => {});
    return entry;
  }
}
