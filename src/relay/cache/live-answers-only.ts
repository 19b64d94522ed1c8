import type { SharedEntries } from './resource-cache.js';
import { upstreamOf } from './upstream-partitions.js';

/**
 * A shared tier (Redis, a machine's primary) that holds only the live upstream's answers: test keys' answers come from
 * the sandbox each relay runs itself, so sharing them saves nothing, and a public test key could fill the store.
 */
export function liveAnswersOnly<Shared extends SharedEntries>(shared: Shared): Shared {
  const local = (key: string) => upstreamOf(key) === 'test';
  return {
    ...shared,
    get: (key) => (local(key) ? Promise.resolve(undefined) : shared.get(key)),
    set: (key, entry, keepMs) => (local(key) ? Promise.resolve() : shared.set(key, entry, keepMs)),
    claim: (key, ms) => (local(key) ? Promise.resolve(true) : shared.claim(key, ms)),
  };
}
