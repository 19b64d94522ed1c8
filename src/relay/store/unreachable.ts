import { RelayError } from '../errors.js';
import type { RelayStore } from './types.js';

/**
 * When the store (Redis, usually) cannot be reached, a widget request cannot be counted, so it is not served: the
 * relay answers 503 `upstream_unavailable` with Retry-After, the element keeps its data and retries. Every load that
 * was answered was counted first; none is served uncounted, so none can be lost (no local journal to replay, and no
 * way for a relay cut off from Redis to hand out loads the others cannot see).
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
        'The relay cannot reach its store right now, so it cannot count this widget load; the widget will retry.',
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
