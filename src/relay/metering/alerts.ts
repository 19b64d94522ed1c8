import { createHmac } from 'node:crypto';
import type { Counter } from 'prom-client';
import type { Logger } from '../base/logger.js';
import type { AuditEntry, BatchCount, CountResult, LoadDetail, ReplayedUsage, UsageStore } from '../store/types.js';

/** Shares of the month that raise an alert, once each per key and month. */
const MONTH_THRESHOLDS = [0.5, 0.8, 1] as const;
/** One address prefix with more than this share of a key's day… */
const OUTSIZED_SHARE = 0.5;
/** …once the day has at least this many loads (a handful of readers is no pattern). */
const OUTSIZED_MIN_LOADS = 100;

export interface UsageAlert {
  kind:
    | 'month_50'
    | 'month_80'
    | 'month_100'
    | 'outsized_prefix'
    | 'upstream_50'
    | 'upstream_80'
    | 'upstream_100'
    | 'upstream_key'
    | 'store_emptied'
    | 'store_low_disk';
  /** The widget key; for upstream alerts, `upstream:<name>`; for the store's, `store`. */
  key: string;
  at: string;
  /** Month alerts: loads used and the month's limit. */
  used?: number;
  limit?: number;
  /** Outsized share: the day, the prefix, its loads and the day's. */
  day?: string;
  prefix?: string;
  loads?: number;
  dayLoads?: number;
  /** Store alerts: what happened and what to do, in the operator's words. */
  detail?: string;
}

export interface AlertOptions {
  logger: Logger;
  counter: Counter<'kind'>;
  now: () => number;
  /** POSTed to with each alert, signed: `X-Pressbox-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
  webhook?: { url: string; secret: string; retryDelaysMs?: number[]; fetch?: typeof fetch };
  /** Keeps each alert and each webhook delivery where operators look back (the audit log). */
  record?: (entry: AuditEntry) => void;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its webhooks: the receiver recomputes v1 and
 * refuses a t more than a few minutes old (docs/operators.md has the check).
 */
function webhookSignature(secret: string, body: string, now: number): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** An alert in a line an operator reads. */
function alertText(alert: UsageAlert): string {
  if (alert.detail) return alert.detail;
  if (alert.kind === 'outsized_prefix') return `${alert.prefix} took ${alert.loads} of ${alert.dayLoads} loads on ${alert.day}`;
  if (alert.kind === 'upstream_key') return `this key caused ${alert.used} of the ${alert.limit} upstream request units of the month`;
  if (alert.kind.startsWith('upstream_')) return `${alert.used} of ${alert.limit} upstream request units this month`;
  return `${alert.used} of ${alert.limit} loads this month`;
}

/** Posts an alert to the webhook, signed afresh per attempt, retried with backoff; each outcome kept in the audit log. */
async function postAlert(options: AlertOptions, alert: UsageAlert): Promise<void> {
  const { url, secret, retryDelaysMs = [1000, 2000, 4000, 8000], fetch: send = fetch } = options.webhook!;
  const body = JSON.stringify({ event: 'usage_alert', alert });
  for (let attempt = 0; ; attempt++) {
    // Signed afresh for each attempt: a receiver refuses old timestamps, so a captured delivery cannot be replayed.
    const ok = await send(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-pressbox-signature': webhookSignature(secret, body, options.now()),
        'x-pressbox-event': 'usage_alert',
      },
      body,
      // A redirect would carry the signed alert wherever the receiving server points: it counts as a failure.
      redirect: 'manual',
      signal: AbortSignal.timeout(5000),
    }).then(
      (response) => response.ok,
      () => false,
    );
    const delivery = (detail: string) =>
      options.record?.({
        at: options.now(),
        actor: 'relay',
        action: 'alert.webhook',
        key: alert.key,
        detail: `${alert.kind}: ${detail}`,
      });
    if (ok) {
      delivery(`delivered after ${attempt + 1} attempt${attempt ? 's' : ''}`);
      return;
    }
    const wait = retryDelaysMs[attempt];
    if (wait === undefined) {
      options.logger.log('error', 'usage alert webhook failed', { kind: alert.kind, key: alert.key, attempts: attempt + 1 });
      delivery(`failed after ${attempt + 1} attempts`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Watches counted loads for what an operator must hear of: 50 %, 80 % and 100 % of a key's month, and one network
 * taking most of a key's day (a copied key replayed from a script). Each alert is a structured log line, a Prometheus
 * counter and, when configured, a signed webhook retried with backoff.
 */
export function usageAlerts(options: AlertOptions) {
  // key → day → prefixes already reported (no string is built per load to ask).
  const raisedShares = new Map<string, Map<string, Set<string>>>();
  const sending = new Set<Promise<void>>();

  function raise(alert: UsageAlert): void {
    options.counter.inc({ kind: alert.kind });
    options.logger.log('warn', 'usage alert', { ...alert });
    options.record?.({ at: options.now(), actor: 'relay', action: `alert.${alert.kind}`, key: alert.key, detail: alertText(alert) });
    if (!options.webhook) return;
    const sent: Promise<void> = postAlert(options, alert).finally(() => sending.delete(sent));
    sending.add(sent);
  }

  /** The month's thresholds that loads took the key across, from `before` to `used`. */
  function raiseCrossed(key: string, limit: number, before: number, used: number): void {
    for (const share of MONTH_THRESHOLDS) {
      const mark = Math.ceil(limit * share);
      if (before < mark && used >= mark)
        raise({ kind: `month_${share * 100}` as UsageAlert['kind'], key, at: new Date(options.now()).toISOString(), used, limit });
    }
  }

  /** `counted` loads that took the key's month to `result.used`. */
  function afterCounted(key: string, limit: number, counted: number, result: Pick<BatchCount, 'used' | 'today'>, detail: LoadDetail): void {
    raiseCrossed(key, limit, result.used - counted, result.used);
    const today = result.today;
    if (!today || !detail.day || today.loads < OUTSIZED_MIN_LOADS || today.prefix <= today.loads * OUTSIZED_SHARE) return;
    let days = raisedShares.get(key);
    if (!days) raisedShares.set(key, (days = new Map()));
    let prefixes = days.get(detail.day);
    if (!prefixes) days.set(detail.day, (prefixes = new Set()));
    if (prefixes.has(detail.prefix ?? '')) return;
    prefixes.add(detail.prefix ?? '');
    const at = new Date(options.now()).toISOString();
    raise({ kind: 'outsized_prefix', key, at, day: detail.day, prefix: detail.prefix, loads: today.prefix, dayLoads: today.loads });
  }

  return {
    afterLoad(key: string, limit: number, result: CountResult, detail: LoadDetail): void {
      // A lease counted with the load takes the month several loads on at once: a threshold it passes is raised now.
      if (result.counted) afterCounted(key, limit, 1 + (result.leased ?? 0), result, detail);
    },
    /** Loads counted together (`countLoads`): the thresholds they carried the key across are raised once. */
    afterLoads(key: string, limit: number, result: BatchCount, detail: LoadDetail): void {
      if (result.counted) afterCounted(key, limit, result.counted, result, detail);
    },
    /** Loads replayed after a Redis outage: the month's thresholds they carried the key across are raised now. */
    afterReplay({ key, used, added }: ReplayedUsage, limit: number): void {
      raiseCrossed(key, limit, used - added, used);
    },
    /** The relay's own upstream month passed a share of its units (the budget watch decides once per month). */
    upstreamMonth(share: 0.5 | 0.8 | 1, upstream: string, used: number, limit: number): void {
      raise({
        kind: `upstream_${share * 100}` as UsageAlert['kind'],
        key: `upstream:${upstream}`,
        at: new Date(options.now()).toISOString(),
        used,
        limit,
      });
    },
    /** One widget key has caused more than `--upstream-key-alert` of the upstream month (raised once per key and month). */
    upstreamKey(key: string, used: number, limit: number): void {
      raise({ kind: 'upstream_key', key, at: new Date(options.now()).toISOString(), used, limit });
    },
    /** The store lost its data, or its disk is nearly full: an operator must act before readers notice. */
    store(kind: 'store_emptied' | 'store_low_disk', detail: string): void {
      raise({ kind, key: 'store', at: new Date(options.now()).toISOString(), detail });
    },
    /** Waits for webhooks in flight (on close, and in tests). */
    settled: () => Promise.all([...sending]).then(() => undefined),
  };
}

export type UsageAlerts = ReturnType<typeof usageAlerts>;

/** The store with every counted load shown to the alerts. */
export function alertingUsage<Store extends UsageStore>(store: Store, alerts: UsageAlerts): Store {
  return {
    ...store,
    countLoad: (key, month, limit, detail, receipt, lease) =>
      store.countLoad(key, month, limit, detail, receipt, lease).then((result) => {
        alerts.afterLoad(key, limit, result, detail);
        return result;
      }),
    countLoads:
      store.countLoads &&
      ((key, month, limit, detail, loads) =>
        store.countLoads!(key, month, limit, detail, loads).then((result) => {
          alerts.afterLoads(key, limit, result, detail);
          return result;
        })),
  };
}
