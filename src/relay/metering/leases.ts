import type { CountResult, LeaseWish, LoadDetail } from '../store/types.js';

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
  wish: number;
  /** Loads waiting for a lease asked for on this relay. */
  waiting: number;
}

/** Loads to give back to the store. */
export interface Leftover {
  key: string;
  month: string;
  day: string | undefined;
  loads: number;
}

/**
 * The leases of one relay process: per key, loads the store reserved (counted already) for this relay to serve
 * without asking, sized by the key's pace here. Never more than the limit is served across relays: a lease is taken
 * atomically from what is left.
 */
export class LoadLeases {
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
      lease.wish = lease.pace;
      lease.pace = 0;
      if (lease.wish === 0 && lease.waiting === 0) this.leases.delete(key);
    }
    return leftovers;
  }

  private leaseOf(key: string, month: string, detail: LoadDetail): Lease {
    let lease = this.leases.get(key);
    if (!lease || lease.month !== month || lease.day !== detail.day) {
      lease = { month, day: detail.day, left: 0, usedWithLease: 0, pace: 0, wish: 0, waiting: 0 };
      this.leases.set(key, lease);
    }
    return lease;
  }

  /** Loads that could not be given back (the store is away) may still be served: they were counted. */
  restore(leftover: Leftover): void {
    const lease = this.leases.get(leftover.key);
    if (lease && lease.month === leftover.month && lease.day === leftover.day) lease.left += leftover.loads;
  }
}
