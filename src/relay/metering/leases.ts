import { LIVE_LOAD_EVERY_MS } from '../base/defaults.js';
import { RelayError } from '../base/errors.js';
import type { Logger } from '../base/logger.js';
import type { CountResult, LeaseWish, Leftover, LoadDetail, LoadReceipt, UsageStore } from '../store/types.js';
import type { LoadJournal } from './journal.js';

/**
 * How often a relay settles its leases: what it did not serve goes back to Redis, the next lease is sized by the loads
 * of the tick that ended, and the loads it served from leases are attributed (journal replay). Store traffic follows
 * keys and ticks, not readers.
 */
export const LEASE_TICK_MS = 1000;
/**
 * A lease takes at most 1/LEASE_SHARE of what its key has left (of the month, and of the day under a daily ceiling),
 * so leases held by other relays never keep much of it away; with fewer than LEASE_SHARE + 1 left, nothing is leased
 * and every load is counted on its own, exactly, as two relays racing for the last load need.
 */
export const LEASE_SHARE = 8;
/**
 * How many ticks a key's pace is remembered over: a billing window and more, since live readers' loads come back once
 * a window (one burst per broadcast that opens it), and a lease sized by the last burst serves the next in one request.
 */
const PACE_TICKS = Math.ceil(LIVE_LOAD_EVERY_MS / LEASE_TICK_MS) + 2;
/** The most loads one key's lease holds, whatever its pace. */
const MAX_LEASE = 10_000;

interface Lease {
  month: string;
  day: string | undefined;
  /** Loads of the lease not served yet. */
  left: number;
  /** The key's month in the store, lease included, when it was taken. */
  usedWithLease: number;
  /** Loads of this key on this relay since the last tick (from the lease or not): the next lease's size. */
  pace: number;
  /** The paces of the last ticks, newest first. */
  paces: number[];
  wish: number;
  /** Loads waiting for a lease asked for on this relay. */
  waiting: number;
}

/**
 * The leases of one relay process: per key, loads the store reserved (counted already) for this relay to serve
 * without asking, sized by the key's pace here. Never more than the limit is served across relays: a lease is taken
 * atomically from what is left.
 */
class LoadLeases {
  private readonly leases = new Map<string, Lease>();

  /** One more load of this key on this relay (from a lease or not): the pace the next lease is sized by. */
  note(key: string, month: string, detail: LoadDetail): void {
    this.leaseOf(key, month, detail).pace++;
  }

  /** A load served from the key's lease (its result as the caller sees it), or undefined: ask the store. */
  take(key: string, month: string, detail: LoadDetail): CountResult | undefined {
    const lease = this.leases.get(key);
    if (!lease || lease.month !== month || lease.day !== detail.day || lease.left <= 0) return undefined;
    lease.left--;
    return { counted: true, used: lease.usedWithLease - lease.left };
  }

  /** A taken load that could not be journaled goes back to the lease. */
  untake(key: string): void {
    const lease = this.leases.get(key);
    if (lease) lease.left++;
  }

  /**
   * What to ask the store for past the load it counts now: the last tick's pace, or the loads waiting for this answer
   * when more (a broadcast bills a whole slice of streams at once). Read when the request leaves, so those that joined
   * the wait meanwhile are in it.
   */
  wish(key: string): LeaseWish {
    const leases = this.leases;
    return {
      get loads() {
        const lease = leases.get(key);
        return Math.min(MAX_LEASE, Math.max(lease?.wish ?? 0, lease?.waiting ?? 0));
      },
      share: LEASE_SHARE,
    };
  }

  /** A load of this key waits for the lease asked for by another (`by` 1 as it starts waiting, -1 when it stops). */
  wait(key: string, by: 1 | -1): void {
    const lease = this.leases.get(key);
    if (lease) lease.waiting += by;
  }

  /** Keeps the lease the store granted with a counted load; the result as the caller sees it (the lease not yet served). */
  keep(key: string, month: string, detail: LoadDetail, result: CountResult): CountResult {
    if (!result.counted) return result;
    const lease = this.leaseOf(key, month, detail);
    const leased = result.leased ?? 0;
    // A lease still held (two asked at once) is given back at the tick with this one's rest.
    lease.left += leased;
    lease.usedWithLease = result.used;
    const { leased: _leased, ...seen } = result;
    return { ...seen, used: result.used - leased };
  }

  /** At each tick: every lease's unserved loads (to give back), and the next lease sized by this tick's pace. */
  settle(): Leftover[] {
    const leftovers: Leftover[] = [];
    for (const [key, lease] of this.leases) {
      if (lease.left > 0) leftovers.push({ key, month: lease.month, day: lease.day, loads: lease.left });
      lease.left = 0;
      // Sized by the busiest of the last few ticks: live loads come in bursts (one per broadcast), not evenly.
      lease.paces = [lease.pace, ...lease.paces].slice(0, PACE_TICKS);
      lease.wish = Math.max(...lease.paces);
      lease.pace = 0;
      if (lease.wish === 0 && lease.waiting === 0) this.leases.delete(key);
    }
    return leftovers;
  }

  private leaseOf(key: string, month: string, detail: LoadDetail): Lease {
    let lease = this.leases.get(key);
    if (!lease || lease.month !== month || lease.day !== detail.day) {
      lease = { month, day: detail.day, left: 0, usedWithLease: 0, pace: 0, paces: [], wish: 0, waiting: 0 };
      this.leases.set(key, lease);
    }
    return lease;
  }
}

export interface LeasedCountingOptions {
  store: UsageStore;
  journal: LoadJournal;
  logger: Logger;
  /** The relay process's id, as its receipts name it. */
  relay: string;
  /** The next number in the relay's sequence for a key, which its counts and its returns share (receipts). */
  nextSeq: (key: string) => number;
  /** How often leases are settled (LEASE_TICK_MS); 0: only by `settle()`. */
  tickMs?: number;
  /** After each settling (the journal's leased loads replayed, where the store answers). */
  afterSettle: () => Promise<void> | undefined;
}

/**
 * Counting with leases on one relay process: a load is served from its key's lease (journaled first), or waits for
 * the lease asked for that key already, or asks the store itself, with a lease sized by the key's pace. Each tick
 * gives back what was not served and forgets the leases whose answers came.
 */
export function leasedCounting(options: LeasedCountingOptions) {
  const { store, journal, logger, relay } = options;
  const leases = new LoadLeases();
  /** The count (and lease) asked of the store for a key, while it is on its way. */
  const asking = new Map<string, Promise<CountResult>>();
  /** Receipts, by key, of counts that took leases and whose answers came. */
  let answered = new Map<string, number[]>();
  const heardOf = (key: string) => answered.get(key) ?? answered.set(key, []).get(key)!;

  /**
   * Leftovers given back whose answer did not come (Redis away, or hung past the command timeout): Redis may have taken
   * them or not, so they are neither served nor forgotten, but sent again under the same receipt until it answers.
   */
  let unanswered: Array<{ leftover: Leftover; receipt: LoadReceipt }> = [];

  const settleLeases = async () => {
    const heard = answered;
    answered = new Map();
    await Promise.all([...heard].map(([key, seqs]) => store.forgetLeases!(relay, key, seqs).catch(() => heardOf(key).push(...seqs))));
    const returns = [
      ...unanswered,
      ...leases.settle().map((leftover) => ({ leftover, receipt: { relay, seq: options.nextSeq(leftover.key) } })),
    ];
    unanswered = [];
    await Promise.all(returns.map((given) => store.returnLoads!(given.leftover, given.receipt).catch(() => void unanswered.push(given))));
    await options.afterSettle();
  };
  const journaled = async (key: string, month: string, limit: number, detail: LoadDetail, result: CountResult) => {
    try {
      await journal.append({ key, month, limit, detail, leased: true });
    } catch (error) {
      leases.untake(key);
      logger.log('error', 'load journal write failed', { error: error instanceof Error ? error.message : 'unknown' });
      throw new RelayError('store_unavailable', 'The relay cannot write its load journal right now; the widget will retry.', {
        'Retry-After': '5',
      });
    }
    return result;
  };
  let settling: Promise<void> | undefined;
  const settle = () => (settling ??= settleLeases().finally(() => (settling = undefined)));
  const tickMs = options.tickMs ?? LEASE_TICK_MS;
  const tick = tickMs > 0 ? setInterval(() => void settle().catch(() => undefined), tickMs) : undefined;
  tick?.unref();

  return {
    /**
     * A load: served from its key's lease (on disk before its answer leaves: attributed at the next tick), or after the
     * lease asked for that key already comes back (unless the store is away), or else by `count`. Nothing waits
     * between the decision and the request, so loads that arrive together find the request the first one made.
     */
    serve(key: string, month: string, limit: number, detail: LoadDetail, storeAway: () => boolean, count: () => Promise<CountResult>) {
      leases.note(key, month, detail);
      const next = (): Promise<CountResult> => {
        const result = leases.take(key, month, detail);
        if (result) return journaled(key, month, limit, detail, result);
        // While a lease is asked for this key, its other loads wait for it: a burst is one request, not one each.
        const asked = asking.get(key);
        if (!asked || storeAway()) return count();
        leases.wait(key, 1);
        return asked
          .catch(() => undefined)
          .then(() => {
            leases.wait(key, -1);
            return next();
          });
      };
      return next();
    },
    /** Counts the load in the store with a lease for the loads to come. */
    async count(key: string, month: string, limit: number, detail: LoadDetail, receipt: LoadReceipt): Promise<CountResult> {
      const request = store.countLoad(key, month, limit, detail, receipt, leases.wish(key));
      asking.set(key, request);
      const counted = await request.finally(() => asking.get(key) === request && asking.delete(key));
      if (counted.leased) heardOf(key).push(receipt.seq);
      return leases.keep(key, month, detail, counted);
    },
    settle,
    async close(): Promise<void> {
      clearInterval(tick);
      await settling;
      await settleLeases().catch(() => undefined);
    },
  };
}
