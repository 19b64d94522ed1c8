import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Context } from 'hono';
import { CONTRACT_HEADER, CONTRACT_VERSION } from '../../contract/version.js';
import { RelayError } from '../errors.js';
import { monthlyLoadLimit, type WidgetKey } from '../keys/model.js';
import { loadDetail } from '../metering/attribution.js';
import { loadCount, monthBucket, nextMonthStart } from '../metering/month.js';
import type { CountResult, UsageStore } from '../store/types.js';
import type { RelayEnv } from './env.js';

export const LOADS_REMAINING_HEADER = 'X-Pressbox-Loads-Remaining';

/** The ETag of a payload's JSON: the same for a GET answer and a live push of the same data. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

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
export function refusal(result: CountResult, now: number, key: WidgetKey): RelayError {
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
export async function refuseSpentKey(c: Context<RelayEnv>, usage: UsageStore, now: number): Promise<void> {
  const key = c.get('widgetKey');
  const limit = monthlyLoadLimit(key.plan);
  if ((await usage.loadsUsed(key.key, monthBucket(now))) >= limit) throw quotaExceeded(now, limit);
}

/** Keys this relay has seen refused for the month (`key|YYYY-MM`), with the limit they had (a new plan lifts it). */
const spentThisMonth = new LRUCache<string, number>({ max: 10_000 });

/**
 * The data routes' version of `refuseSpentKey`, without a store read per request (it cost as much as counting the
 * load): a key this relay saw refused this month is refused at once; any other is counted, and `deliver` refuses it
 * then if it is spent (the count is the authority, on every relay).
 */
export function refuseKnownSpentKey(c: Context<RelayEnv>, now: number): void {
  const key = c.get('widgetKey');
  const limit = monthlyLoadLimit(key.plan);
  if (spentThisMonth.get(`${key.key}|${monthBucket(now)}`) === limit) throw quotaExceeded(now, limit);
}

/** A payload ready to send: its JSON and the ETag of that JSON. */
export interface PreparedBody {
  body: string;
  etag: string;
}

export function prepareBody(payload: unknown): PreparedBody {
  const body = JSON.stringify(payload);
  return { body, etag: etagOf(body) };
}

/**
 * Sends a payload as one widget load: an unchanged payload answers 304 and costs nothing; otherwise the load
 * is counted (atomically, durably) before the 200 leaves, or refused with quota_exceeded.
 */
export async function deliver(
  c: Context<RelayEnv>,
  usage: UsageStore,
  now: number,
  { body, etag }: PreparedBody,
  onLoad: () => void,
): Promise<Response> {
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  c.header(CONTRACT_HEADER, String(CONTRACT_VERSION));
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  // A page that left (or aborted a superseded request) receives nothing, so it is not billed.
  // Read from the socket, not the Request: building the web Request for every answer would halve throughput.
  const incoming = c.env?.incoming;
  if (incoming?.destroyed || incoming?.socket?.destroyed) return new Response(null, { status: 499 });
  const key = c.get('widgetKey');
  const limit = monthlyLoadLimit(key.plan);
  const result = await usage.countLoad(key.key, monthBucket(now), limit, loadDetail(c, c.get('route'), now));
  if (!result.counted) {
    if (result.refusedBy === 'month') spentThisMonth.set(`${key.key}|${monthBucket(now)}`, limit);
    throw refusal(result, now, key);
  }
  onLoad();
  c.header(LOADS_REMAINING_HEADER, String(limit - result.used));
  return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
}
