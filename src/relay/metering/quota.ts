import { LRUCache } from 'lru-cache';
import { RelayError } from '../base/errors.js';
import { monthlyLoadLimit, type WidgetKey } from '../keys/model.js';
import type { CountResult, UsageStore } from '../store/types.js';
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
function refusal(result: CountResult, now: number, key: WidgetKey): RelayError {
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
  // The load that reaches a limit is remembered with it: the next request is refused before anything is built for it.
  const reachedDay = key.dailyLimit && (result.refusedBy === 'day' || (result.today && result.today.loads >= key.dailyLimit));
  if (reachedDay) spentToday.set(key.key, { day: dayBucket(now), limit: key.dailyLimit! });
  if (result.refusedBy === 'month' || result.used >= limit) spent.set(key.key, { month: monthBucket(now), limit });
  if (!result.counted) throw refusal(result, now, key);
  return limit - result.used;
}
