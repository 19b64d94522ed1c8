import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who an upstream call is made for. Set around a widget request's build (and a live topic's polls), it follows the
 * call through the cache's singleflight into the client, so every unit spent is attributed to the key (and network)
 * whose request missed the cache, and charged to their buckets (spend-guard.ts).
 */
export interface Spender {
  key: string;
  network: string;
  /** Charges units to the spender's buckets; absent for spend that is attributed only (a topic's later polls). */
  charge?: (units: number) => void;
}

const current = new AsyncLocalStorage<Spender>();

export function spendingAs<T>(spender: Spender, work: () => T): T {
  return current.run(spender, work);
}

/** The spender of the call under way: called by the client's attempt hook when units were spent. */
export function currentSpender(): Spender | undefined {
  return current.getStore();
}
