import { AsyncLocalStorage } from 'node:async_hooks';
import type { RelayError } from '../base/errors.js';

/** Whose buckets an upstream call is charged to: a key, and the reader's network unless it is on this machine. */
export interface Payer {
  key: string;
  /** Undefined for a reader that cannot be told apart from the others (loopback, an undeclared proxy). */
  network?: string;
}

/**
 * Who an upstream call is made for. Set around a widget request's build (and a live topic's polls), it follows the
 * call through the cache's singleflight into the client, so every unit spent is attributed to the key (and network)
 * whose request missed the cache, and charged before the call to whoever pays for it (spend-guard.ts).
 */
export interface Spender {
  key: string;
  network: string;
  /** Who is charged first; absent for work that costs the operator nothing (test keys: the sandbox). */
  payer?: Payer;
  /** Others who read the same data and may pay when the payer cannot (a live topic's other viewers). */
  alternates?: () => Iterable<Payer>;
  /** Set once a call this spender needed was refused and nothing the relay held could stand in for it. */
  refused?: RelayError;
}

const current = new AsyncLocalStorage<Spender>();

export function spendingAs<T>(spender: Spender, work: () => T): T {
  return current.run(spender, work);
}

/** The spender of the call under way: the cache asks who pays, the client whom to charge. */
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
