import { RelayError } from '../errors.js';
import type { RelayStore } from './types.js';

/**
 * When the store cannot be reached, whatever still needs it (a key this relay never read, the admin API, a load past
 * the degraded allowance, every load on a SQLite store that fails) is answered 503 `upstream_unavailable` with
 * Retry-After, never a 500: the element keeps its data and retries. Loads a relay on Redis can still serve are
 * journaled instead (metering/degraded.ts).
 */
export function refusingWhenUnreachable(store: RelayStore): RelayStore {
  const guarded = { ...store };
  for (const name of Object.keys(store) as Array<keyof RelayStore>) {
    const method = store[name];
    if (typeof method !== 'function' || name === 'close' || name === 'onKeyChange') continue;
    const unreachable = (error: unknown): never => {
      if (error instanceof RelayError) throw error;
      throw new RelayError(
        'upstream_unavailable',
        'The relay cannot reach its store (Redis or its SQLite file) right now, so it cannot answer this: a widget retries by itself; an operator can try again in a few seconds, and GET /health says what is away.',
        { 'Retry-After': '5' },
      );
    };
    (guarded as Record<string, unknown>)[name] = (...args: unknown[]) => {
      try {
        return (method as (...values: unknown[]) => Promise<unknown>)(...args).catch(unreachable);
      } catch (error) {
        return Promise.reject(error).catch(unreachable);
      }
    };
  }
  return guarded;
}
