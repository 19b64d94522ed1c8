import type { Gauge } from 'prom-client';
import type { Logger } from '../base/logger.js';
import { monthBucket, monthProgress } from '../metering/month.js';
import type { Account } from './schemas.js';

/** Shares of the upstream month that raise an alert, once each per month across every relay on the store. */
const THRESHOLDS = [0.5, 0.8, 1] as const;
/** How often /me is read (it costs no units). */
const BUDGET_CHECK_MS = 5 * 60_000;
/** Past this share of the month, the recorder slows down so readers' refreshes keep the units left. */
export const SLOW_AT = 0.9;

export interface UpstreamBudget {
  used: number;
  limit: number;
  /** The month's units at the month-to-date rate. */
  forecast: number;
}

/** The month's units if the rest of it runs at the rate so far (what was used, before an hour has passed). */
export function forecastUnits(used: number, now: number): number {
  const { elapsedDays, days } = monthProgress(now);
  return elapsedDays < 1 / 24 ? used : Math.round((used / elapsedDays) * days);
}

export interface BudgetWatchOptions {
  upstream: string;
  /** The upstream account, as /me answers (cached briefly). */
  account: () => Promise<Account>;
  now: () => number;
  gauges: { used: Gauge; limit: Gauge; forecast: Gauge };
  /** True for the first relay to claim `name` (the store decides, so a threshold is announced once). */
  claim: (name: string) => Promise<boolean>;
  raise: (share: (typeof THRESHOLDS)[number], used: number, limit: number) => void;
  logger: Logger;
  everyMs?: number;
  slowAt?: number;
}

/**
 * Watches the relay's own upstream month: reads /me on a rhythm, exports used, limit and forecast, raises an alert
 * at 50, 80 and 100 % (once per month across relays), and tells the recorder when to slow down.
 */
export function upstreamBudgetWatch(options: BudgetWatchOptions) {
  const slowAt = options.slowAt ?? SLOW_AT;
  let latest: UpstreamBudget | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function check(): Promise<UpstreamBudget | undefined> {
    let account: Account;
    try {
      account = await options.account();
    } catch (error) {
      options.logger.log('warn', 'upstream budget unknown', { error: error instanceof Error ? error.message : 'unknown' });
      return latest;
    }
    const { used, limit } = account.usage;
    const now = options.now();
    latest = { used, limit, forecast: forecastUnits(used, now) };
    options.gauges.used.set(used);
    options.gauges.limit.set(limit);
    options.gauges.forecast.set(latest.forecast);
    for (const share of THRESHOLDS)
      if (
        limit > 0 &&
        used >= Math.ceil(limit * share) &&
        (await options.claim(`upstream-alert:${options.upstream}:${monthBucket(now)}:${share}`))
      )
        options.raise(share, used, limit);
    return latest;
  }

  return {
    check,
    latest: () => latest,
    /** True once the month is past the slow-down share: the recorder samples less often. */
    slowed: () => latest !== undefined && latest.limit > 0 && latest.used >= latest.limit * slowAt,
    start(): void {
      void check();
      timer = setInterval(() => void check(), options.everyMs ?? BUDGET_CHECK_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}

export type UpstreamBudgetWatch = ReturnType<typeof upstreamBudgetWatch>;
