import { LRUCache } from 'lru-cache';
import { RelayError } from '../base/errors.js';
import { monthlyLoadLimit, type WidgetKey } from '../keys/model.js';
import type { BatchCount, CountResult, LoadDetail, UsageStore } from '../store/types.js';
import type { WidgetRequest } from '../base/request.js';
import type { KeyOnPage } from '../keys/model.js';
import { loadDetail } from './attribution.js';
import { dayBucket, loadCount, monthBucket, nextMonthStart } from './month.js';

/** A key at its daily ceiling (`--daily-limit`): refused until 00:00 UTC. */
function dailyLimitReached(now: number, limit: number): RelayError {
  const today = new Date(now);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  return new RelayError(
    'quota_exceeded',
    `This widget key has used its ${loadCount(limit)} for today (its daily ceiling); loads reset at 00:00 UTC.`,
    { 'Retry-After': String(Math.ceil((midnight - now) / 1000)) },
  );
}

/** Why a load was not counted, as the error the page gets. */
function refusal(result: Pick<CountResult, 'refusedBy'>, now: number, key: WidgetKey): RelayError {
  return result.refusedBy === 'day' && key.dailyLimit
    ? dailyLimitReached(now, key.dailyLimit)
    : quotaExceeded(now, monthlyLoadLimit(key.plan));
}

function quotaExceeded(now: number, limit: number): RelayError {
  const retryAfter = Math.ceil((nextMonthStart(now) - now) / 1000);
  return new RelayError(
    'quota_exceeded',
    `This widget key has used its ${loadCount(limit)} for the month; loads reset on day 1 at 00:00 UTC. Upgrade the key's plan to keep showing live data.`,
    {
      'Retry-After': String(retryAfter),
    },
  );
}

/** Before any upstream work: a key already at its limit is refused at once. */
export async function refuseSpentKey(key: WidgetKey, usage: UsageStore, now: number): Promise<void> {
  const limit = monthlyLoadLimit(key.plan);
  if ((await usage.loadsUsed(key.key, monthBucket(now))) >= limit) throw quotaExceeded(now, limit);
}

/** Keys this relay has seen reach a month's limit: which month, and the limit they had then (a new plan lifts it). */
const spent = new LRUCache<string, { month: string; limit: number }>({ max: 10_000 });
/** Keys this relay has seen reach their daily ceiling: which day, and the ceiling then (a new one lifts it). */
const spentToday = new LRUCache<string, { day: string; limit: number }>({ max: 10_000 });

/**
 * The data routes' version of `refuseSpentKey`, without a store read per request (it cost as much as counting the
 * load): a key this relay saw refused this month is refused at once; any other is counted, and `countLoad` refuses it
 * then if it is spent (the count is the authority, on every relay).
 */
export function refuseKnownSpentKey(key: WidgetKey, now: number): void {
  const limit = monthlyLoadLimit(key.plan);
  const refused = spent.get(key.key);
  if (refused && refused.limit === limit && refused.month === monthBucket(now)) throw quotaExceeded(now, limit);
  const today = spentToday.get(key.key);
  if (today && key.dailyLimit && today.limit === key.dailyLimit && today.day === dayBucket(now))
    throw dailyLimitReached(now, key.dailyLimit);
}

/**
 * Counts one widget load (atomically, durably) before its data leaves, and returns the loads left this month; a key
 * past a limit gets `quota_exceeded` instead.
 */
export async function countLoad(usage: UsageStore, access: KeyOnPage, request: WidgetRequest, route: string, now: number): Promise<number> {
  const { key } = access;
  const limit = monthlyLoadLimit(key.plan);
  const result = await usage.countLoad(key.key, monthBucket(now), limit, loadDetail(access, request, route, now));
  const refused = refusalOf(result, result.counted ? 0 : 1, key, limit, now);
  if (refused) throw refused;
  return limit - result.used;
}

/** A count's refusal of its `refusedLoads` (none: undefined), the key remembered if it is spent now. */
function refusalOf(
  result: Pick<BatchCount, 'used' | 'refusedBy' | 'today'>,
  refusedLoads: number,
  key: WidgetKey,
  limit: number,
  now: number,
) {
  rememberSpent(result, key, limit, now);
  return refusedLoads > 0 ? refusal(result, now, key) : undefined;
}

/** The load that reaches a limit is remembered with it: the next request is refused before anything is built for it. */
function rememberSpent(result: Pick<BatchCount, 'used' | 'refusedBy' | 'today'>, key: WidgetKey, limit: number, now: number): void {
  const reachedDay = key.dailyLimit && (result.refusedBy === 'day' || (result.today && result.today.loads >= key.dailyLimit));
  if (reachedDay) spentToday.set(key.key, { day: dayBucket(now), limit: key.dailyLimit! });
  if (result.refusedBy === 'month' || result.used >= limit) spent.set(key.key, { month: monthBucket(now), limit });
}

/** What a stream hears of its load: nothing when it was counted, else why it was refused. */
export type LoadHeard = (refused: RelayError | undefined) => void;

/** Loads asked in one turn that the store counts together: same key, month, limit and attribution. */
interface LoadBatch {
  key: WidgetKey;
  month: string;
  limit: number;
  detail: LoadDetail;
  now: number;
  heard: LoadHeard[];
  /** Settles once every load of the batch was heard. */
  done: Promise<void>;
  /** Settles `done` as the counting settles. */
  count: (counting: Promise<void>) => void;
}

function loadBatch(key: WidgetKey, month: string, limit: number, detail: LoadDetail, now: number): LoadBatch {
  let count!: LoadBatch['count'];
  const done = new Promise<void>((resolve) => (count = resolve));
  return { key, month, limit, detail, now, heard: [], done, count };
}

/**
 * `countLoad` for live streams: the loads of the streams an update reaches in one turn that the store would count
 * together are counted with one call, and each stream hears whether its own was counted. One promise chain per load
 * through the store's wrappers cost a broadcast more than writing its frames. Resolves when the batch was heard.
 */
export function batchedLoadCounter(usage: UsageStore) {
  let open: Map<LoadDetail, LoadBatch[]> | undefined;
  /** A store that cannot count (store_unavailable) refuses the loads it was asked for, as the data routes are refused. */
  const refusedBy = (error: unknown, heard: readonly LoadHeard[]) => {
    if (!(error instanceof RelayError)) throw error;
    for (const hear of heard) hear(error);
  };
  const counted = async (batch: LoadBatch): Promise<void> => {
    const { key, month, limit, detail, now, heard } = batch;
    // Without `countLoads` (Redis: leases and the journal decide each load), each load is asked and heard alone.
    if (!usage.countLoads) {
      await Promise.all(
        heard.map((hear) =>
          usage.countLoad(key.key, month, limit, detail).then(
            (result) => hear(refusalOf(result, result.counted ? 0 : 1, key, limit, now)),
            (error: unknown) => refusedBy(error, [hear]),
          ),
        ),
      );
      return;
    }
    let result: BatchCount;
    try {
      result = await usage.countLoads(key.key, month, limit, detail, heard.length);
    } catch (error) {
      return refusedBy(error, heard);
    }
    const refused = refusalOf(result, heard.length - result.counted, key, limit, now);
    heard.forEach((hear, index) => hear(index < result.counted ? undefined : refused));
  };
  const countBatches = () => {
    const batches = open!;
    open = undefined;
    for (const sameDetail of batches.values()) for (const batch of sameDetail) batch.count(counted(batch));
  };
  return (access: KeyOnPage, request: WidgetRequest, route: string, now: number, hear: LoadHeard): Promise<void> => {
    const { key } = access;
    const limit = monthlyLoadLimit(key.plan);
    const month = monthBucket(now);
    const detail = loadDetail(access, request, route, now);
    if (!open) {
      open = new Map();
      queueMicrotask(countBatches);
    }
    let sameDetail = open.get(detail);
    if (!sameDetail) open.set(detail, (sameDetail = []));
    let batch = sameDetail.find((candidate) => candidate.key.key === key.key && candidate.month === month && candidate.limit === limit);
    if (!batch) sameDetail.push((batch = loadBatch(key, month, limit, detail, now)));
    batch.heard.push(hear);
    return batch.done;
  };
}
