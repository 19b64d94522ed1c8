import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { RelayError } from '../base/errors.js';
import type { Logger } from '../base/logger.js';
import type { CountResult, LoadDetail, LoadReceipt, ReplayedUsage, UsageStore } from '../store/types.js';
import type { LoadJournal } from './journal.js';
import { leasedCounting } from './leases.js';

/**
 * The share of what a key had left at its last sync with Redis (of its month, and of its day when it has a daily
 * ceiling) that one relay cut off from Redis may serve, rounded up. With every relay cut off at once, N relays serve
 * at most N/4 of what was left: no key goes past its limit with four relays or fewer. In a partition, where others
 * still count in Redis, each cut-off relay can take a key past its limit by at most a quarter of what it had left at
 * that relay's last sync (a key with 1,000 left: 250 per cut-off relay; with 8 left: 2).
 */
const DEGRADED_SHARE = 0.25;

/**
 * Loads replayed to Redis in one script call (one batch id): a second of a busy relay's leased loads, which share a
 * few attributions and so a few groups, however many they are.
 */
const REPLAY_BATCH = 5_000;
/** While Redis is away, how often the relay tries it again (by replaying the journal); loads never wait on it. */
const RETRY_MS = 1000;

/** What the relay last heard from Redis about a key, and what it has served of it since without Redis. */
interface Sync {
  month: string;
  used: number;
  day?: string;
  dayLoads: number;
  servedMonth: number;
  servedDay: number;
}

export interface DegradedOptions {
  journal: LoadJournal;
  logger: Logger;
  /** Counted loads and ceilings that replayed loads crossed (alerts catch up). */
  afterReplay?: (replayed: ReplayedUsage, limit: number) => void;
  /** Each load served without Redis (metrics). */
  onJournaled?: () => void;
  onReplayed?: (loads: number) => void;
  /** How often leases are settled (LEASE_TICK_MS by default); 0: only by `settle()` (tests). */
  leaseTickMs?: number;
}

export interface DegradableUsage extends UsageStore {
  /** Since when Redis has been out of reach (performance.now()), or undefined while it answers. */
  unreachableSince(): number | undefined;
  /** Loads journaled and not yet counted in Redis. */
  pendingLoads(): number;
  /** Replays the journal now (it also runs by itself once Redis answers again); resolves when it is empty. */
  replay(): Promise<void>;
  /** Settles the leases now (as every tick does): leftovers given back, served loads attributed. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const unreachable = (why: string) =>
  new RelayError('store_unavailable', `The relay cannot reach its store right now${why}; the widget will retry.`, {
    'Retry-After': '5',
  });

/**
 * Metering that outlives a Redis outage, in batches. While Redis answers, a load is counted there (with a receipt)
 * together with a lease of loads sized by the key's pace on this relay (metering/leases.ts); the loads served from a
 * lease are journaled and attributed in Redis at each tick, so a busy key costs Redis a few commands a second, not a
 * few per load. When it
 * does not, a key this relay has counted before is served within DEGRADED_SHARE of what it had left, each load
 * journaled on local disk before its answer leaves; keys never counted here, revoked keys and spent keys are refused
 * as before. When Redis answers again, the journal is replayed in batches, each under an id Redis remembers, so a
 * replay repeated (after a crash, or by mistake) counts nothing twice; usage then equals loads delivered. One closure,
 * somewhat past the house's 80 lines: the outage's state (since when, the replay in flight, its timer) is read and
 * changed by counting, cutting off and replaying alike.
 */
export function degradableUsage(store: UsageStore, options: DegradedOptions): DegradableUsage {
  const { journal, logger } = options;
  const relay = randomUUID();
  /** Each key's counts and returns are numbered apart: its receipts are dense bits in its own slot (store/redis/usage.ts). */
  const seqs = new Map<string, number>();
  const nextSeq = (key: string) => {
    const seq = seqs.get(key) ?? 0;
    seqs.set(key, seq + 1);
    return seq;
  };
  const synced = new LRUCache<string, Sync>({ max: 100_000 });
  let downSince: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const remember = (key: string, month: string, detail: LoadDetail, result: CountResult) =>
    synced.set(key, { month, used: result.used, day: detail.day, dayLoads: result.today?.loads ?? 0, servedMonth: 0, servedDay: 0 });

  const cutOff = (error: unknown) => {
    if (downSince !== undefined) return;
    downSince = performance.now();
    logger.log('error', 'store unreachable: serving in degraded mode, loads journaled locally', {
      error: error instanceof Error ? error.message : 'unknown',
      allowance: DEGRADED_SHARE,
    });
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void replay();
    }, RETRY_MS);
    timer.unref?.();
  };

  const replay = journalReplayer(store, options, {
    since: () => downSince,
    back: () => (downSince = undefined),
    failed: (error) => void (cutOff(error), schedule()),
  });

  const serveWithoutStore = journaledServing(synced, options);
  const afterSettle = () => (downSince === undefined && journal.pending() > 0 ? replay() : undefined);
  const leased = leasedCounting({ store, journal, logger, relay, nextSeq, tickMs: options.leaseTickMs, afterSettle });

  // Once Redis is known to be away, loads go to the journal at once; the replay timer finds out when it is back.
  const countOrJournal = async (key: string, month: string, limit: number, detail: LoadDetail): Promise<CountResult> => {
    if (downSince !== undefined) return serveWithoutStore(key, month, limit, detail);
    const receipt = { relay, seq: nextSeq(key) };
    try {
      const result = await leased.count(key, month, limit, detail, receipt);
      remember(key, month, detail, result);
      if (downSince !== undefined) void replay();
      return result;
    } catch (error) {
      if (error instanceof RelayError) throw error;
      cutOff(error);
      // Its answer may be all that was lost: the receipt lets the replay ask whether it was counted.
      return serveWithoutStore(key, month, limit, detail, receipt);
    }
  };
  // Loads left by an earlier run (killed while cut off, or mid-replay) are counted as soon as Redis answers.
  if (journal.pending() > 0) schedule();

  return {
    ...store,
    countLoad: (key, month, limit, detail) =>
      leased.serve(
        key,
        month,
        limit,
        detail,
        () => downSince !== undefined,
        () => countOrJournal(key, month, limit, detail),
      ),
    // Loads asked together still go one by one through the leases and, while Redis is away, the journal.
    countLoads: undefined,
    unreachableSince: () => downSince,
    pendingLoads: () => journal.pending(),
    replay: () => replay(),
    settle: leased.settle,
    async close() {
      // Leases given back and served loads attributed now; what cannot be waits in the journal for the next start.
      await leased.close();
      closed = true;
      clearTimeout(timer);
      await replay.inFlight();
      journal.close();
    },
  };
}

/**
 * Replays the journal, one replay at a time: the outage ends once it went through (an empty journal asks Redis
 * whether it answers), and fails on (retried later) while Redis does not answer.
 */
function journalReplayer(
  store: UsageStore,
  options: DegradedOptions,
  outage: { since(): number | undefined; back(): void; failed(error: unknown): void },
) {
  let replaying: Promise<void> | undefined;
  const replay = (): Promise<void> =>
    (replaying ??= (async () => {
      const started = performance.now();
      try {
        const loads = await replayJournal(store, options);
        // An empty journal says nothing about Redis: ask it.
        if (loads === 0) await store.loadsUsed('reachability-probe', '0000-00');
        const since = outage.since();
        if (since !== undefined || loads > 0)
          options.logger.log('info', 'store reachable again: journal replayed', {
            loads,
            replayMs: Math.round(performance.now() - started),
            ...(since !== undefined ? { outageMs: Math.round(performance.now() - since) } : {}),
          });
        outage.back();
      } catch (error) {
        outage.failed(error);
      } finally {
        replaying = undefined;
      }
    })());
  return Object.assign(replay, { inFlight: () => replaying });
}

/**
 * A load served while Redis is away: for a key this relay has counted before, within DEGRADED_SHARE of what it had
 * left (of its month, and of its day), journaled on local disk before its answer leaves.
 */
function journaledServing(synced: LRUCache<string, Sync>, { journal, logger, onJournaled }: DegradedOptions) {
  return async (key: string, month: string, limit: number, detail: LoadDetail, receipt?: LoadReceipt): Promise<CountResult> => {
    let sync = synced.get(key);
    if (!sync) throw unreachable(', and this relay has not counted this widget key before, so it cannot serve it');
    if (sync.month !== month) synced.set(key, (sync = { month, used: 0, dayLoads: 0, servedMonth: 0, servedDay: 0 }));
    if (sync.used >= limit) return { counted: false, used: sync.used, refusedBy: 'month' as const };
    if (detail.day !== sync.day) Object.assign(sync, { day: detail.day, dayLoads: 0, servedDay: 0 });
    const dayLeft = detail.day && detail.dailyLimit ? detail.dailyLimit - sync.dayLoads : Infinity;
    if (dayLeft <= 0) return { counted: false, used: sync.used + sync.servedMonth, refusedBy: 'day' as const };
    if (sync.servedMonth >= Math.ceil(DEGRADED_SHARE * (limit - sync.used)) || sync.servedDay >= Math.ceil(DEGRADED_SHARE * dayLeft))
      throw unreachable(', and this relay has served this widget key all it may until it can count again');
    // Taken before the journal is written: loads of one key in flight together cannot all slip past the allowance.
    sync.servedMonth++;
    sync.servedDay++;
    try {
      await journal.append({ key, month, limit, detail, ...(receipt ? { receipt } : {}) });
    } catch (error) {
      sync.servedMonth--;
      sync.servedDay--;
      logger.log('error', 'load journal write failed', { error: error instanceof Error ? error.message : 'unknown' });
      throw unreachable(' or write its journal, so it cannot count this widget load');
    }
    onJournaled?.();
    return { counted: true, used: sync.used + sync.servedMonth };
  };
}

/** Replays the journal in batches, each under an id Redis remembers; the loads newly counted. */
async function replayJournal(store: UsageStore, { journal, onReplayed, afterReplay }: DegradedOptions): Promise<number> {
  let loads = 0;
  for (let batch = journal.nextBatch(REPLAY_BATCH); batch; batch = journal.nextBatch(REPLAY_BATCH)) {
    const replayed = await store.replayLoads!(batch.id, batch.loads);
    journal.finish(batch.id);
    // Undefined: counted before (by this relay before a crash, or by another sharing the journal).
    if (!replayed) continue;
    loads += batch.loads.length;
    onReplayed?.(batch.loads.length);
    const limits = new Map(batch.loads.map((load) => [`${load.key}|${load.month}`, load.limit]));
    for (const usage of replayed) afterReplay?.(usage, limits.get(`${usage.key}|${usage.month}`) ?? Infinity);
  }
  return loads;
}
