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
  /** Set while the spender's key or network is in debt: it is served what the cache holds, and may start no call. */
  refusal?: Error;
  /** Set once a call this spender would have started was refused: its answer would be incomplete. */
  refused?: boolean;
}

const current = new AsyncLocalStorage<Spender>();

export function spendingAs<T>(spender: Spender, work: () => T): T {
  return current.run(spender, work);
}

/** Why the caller under way may not start an upstream call (its refusal), or undefined when it may: the cache asks. */
export function callerRefusal(): Error | undefined {
  const spender = current.getStore();
  if (!spender?.refusal) return undefined;
  spender.refused = true;
  return spender.refusal;
}

/** The spender of the call under way: called by the client's attempt hook when units were spent. */
export function currentSpender(): Spender | undefined {
  return current.getStore();
}

/**
 * Work done once for every reader alike (the next game day's search, resources/next-game.ts): attributed and charged to
 * nobody, so the first reader to ask does not pay for all the others. Such work must be bounded and remembered.
 */
export function forEveryReader<T>(work: () => T): T {
  return current.exit(work);
}
