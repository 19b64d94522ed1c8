import { RelayError } from '../base/errors.js';
import type { Logger } from '../base/logger.js';
import { STORE_PROBLEMS, storeProblemOf, type StoreProblem } from './problems.js';
import type { RelayStore } from './types.js';

/** One log line per problem per minute at most: a full disk under traffic fails every load, not every line. */
const LOG_EVERY_MS = 60_000;

type Method = (...values: unknown[]) => Promise<unknown>;

/** The store with every method's rejection (or throw) handed to `failed` first. */
function eachFailure(store: RelayStore, failed: (error: unknown) => never): RelayStore {
  const wrapped = { ...store };
  for (const name of Object.keys(store) as Array<keyof RelayStore>) {
    const method = store[name] as unknown;
    if (typeof method !== 'function' || name === 'close' || name === 'onKeyChange') continue;
    (wrapped as Record<string, unknown>)[name] = (...args: unknown[]) => {
      try {
        return (method as Method).apply(store, args).catch(failed);
      } catch (error) {
        return Promise.reject(error).catch(failed);
      }
    };
  }
  return wrapped;
}

export interface StoreWatch {
  /** Counts the failure by problem and logs it (at most once a minute per problem); the problem it was. */
  failed(error: unknown): StoreProblem;
  /** The latest failure, when it happened within the last `ms` (a monotonic clock: test calendars may stand still). */
  failedWithin(ms: number): StoreProblem | undefined;
}

/** Where the store's failures are told: `pressbox_store_errors_total{code}` and the operator's log, with the driver's error. */
export function storeWatch(options: { logger: Logger; counter: { inc(labels: { code: string }): void }; now?: () => number }): StoreWatch {
  const now = options.now ?? (() => performance.now());
  const loggedAt = new Map<StoreProblem, number>();
  let last: { problem: StoreProblem; at: number } | undefined;
  return {
    failed(error) {
      const problem = storeProblemOf(error);
      const at = now();
      last = { problem, at };
      options.counter.inc({ code: problem });
      const logged = loggedAt.get(problem);
      if (logged === undefined || at - logged >= LOG_EVERY_MS) {
        loggedAt.set(problem, at);
        const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
        options.logger.log('error', `store failing: ${problem}`, {
          problem,
          fix: STORE_PROBLEMS[problem],
          error: typeof code === 'string' ? code : undefined,
          detail: typeof message === 'string' ? message.split('\n')[0]!.slice(0, 300) : undefined,
        });
      }
      return problem;
    },
    failedWithin: (ms) => (last && now() - last.at <= ms ? last.problem : undefined),
  };
}

/** Every failure of the store, counted and logged where the operator looks, then passed on unchanged. */
export function watchedStore(store: RelayStore, watch: StoreWatch): RelayStore {
  return eachFailure(store, (error) => {
    if (!(error instanceof RelayError)) watch.failed(error);
    throw error;
  });
}

/** What a reader's page is told when the store fails it: the problem's name, never the driver's words. */
function storeUnavailable(problem: StoreProblem): RelayError {
  return new RelayError(
    'store_unavailable',
    `The relay cannot use its store right now (${problem.replace('_', ' ')}), so it cannot count or check this request: the widget keeps its data and retries by itself; the relay's operator is told in its log and GET /ready.`,
    { 'Retry-After': '5' },
  );
}

/**
 * When the store fails, whatever still needs it (a key this relay never read, the admin API, a load past the degraded
 * allowance, every load on a SQLite store that fails) is answered 503 `store_unavailable` with Retry-After, never a
 * 500: the element keeps its data and retries. Loads a relay on Redis can still serve are journaled instead
 * (metering/degraded.ts).
 */
export function refusingWhenUnavailable(store: RelayStore): RelayStore {
  return eachFailure(store, (error) => {
    if (error instanceof RelayError) throw error;
    throw storeUnavailable(storeProblemOf(error));
  });
}
