import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { semiSpaceMebibytes } from '../base/runtime-flags.js';

/**
 * Counts by one or two label values, summed in plain numbers and handed to its counter when metrics are read: on the
 * hot path, prom-client's label hashing per request cost more than the rest of the metrics.
 */
class Tally {
  private counts = new Map<string, Map<string | number, number>>();

  add(first: string, second: string | number = ''): void {
    let inner = this.counts.get(first);
    if (!inner) this.counts.set(first, (inner = new Map()));
    inner.set(second, (inner.get(second) ?? 0) + 1);
  }

  drain(each: (first: string, second: string, count: number) => void): void {
    for (const [first, inner] of this.counts) for (const [second, count] of inner) each(first, String(second), count);
    this.counts.clear();
  }
}

function talliedCounter(registry: Registry, name: string, help: string, labelNames: [string] | [string, string]) {
  const tally = new Tally();
  const counter = new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      tally.drain((first, second, count) =>
        this.inc(labelNames.length === 1 ? { [labelNames[0]]: first } : { [labelNames[0]]: first, [labelNames[1]!]: second }, count),
      );
    },
  });
  return Object.assign(counter, { count: (first: string, second?: string | number) => tally.add(first, second) });
}

/**
 * Request durations by route, kept as plain bucket counts per route and written out when metrics are read, in the
 * series prom-client's Histogram writes: its label hashing on every observation cost 3 % of a cached request's time.
 */
export class RouteDurations {
  readonly type = 'histogram';
  /** Workers' series are summed (prom-client's AggregatorRegistry reads this). */
  readonly aggregator = 'sum';
  private routes = new Map<string, { buckets: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  observe(route: string, seconds: number): void {
    let tally = this.routes.get(route);
    if (!tally) this.routes.set(route, (tally = { buckets: this.bounds.map(() => 0), sum: 0, count: 0 }));
    const bucket = this.bounds.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) tally.buckets[bucket]!++;
    tally.sum += seconds;
    tally.count++;
  }

  get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const [route, { buckets, sum, count }] of this.routes) {
      let below = 0;
      this.bounds.forEach((bound, i) => {
        below += buckets[i]!;
        values.push({ labels: { le: bound, route }, value: below, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', route }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels: { route }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { route }, value: count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator });
  }

  reset(): void {
    this.routes.clear();
  }
}

/** Each process's own, as its memory is: whether the runtime flags held however the relay was started. */
function runtimeGauge(registry: Registry, processLabels: { worker: string } | undefined): void {
  new Gauge({
    name: 'pressbox_node_max_semi_space_mebibytes',
    help: "The young generation's semi-space this process runs with, in MiB (0: V8's default): --max-semi-space-size.",
    labelNames: processLabels ? ['worker'] : [],
    registers: [registry],
  }).set(processLabels ?? {}, semiSpaceMebibytes() ?? 0);
}

/** Prometheus metrics of one relay: requests, loads, upstream calls and units, cache outcomes. */
export function createMetrics(processLabels?: { worker: string }) {
  const registry = new Registry();
  // With workers, each process's memory and CPU stay its own series; requests, loads and upstream calls are summed.
  collectDefaultMetrics({ register: registry, prefix: 'pressbox_', labels: processLabels });
  runtimeGauge(registry, processLabels);
  return {
    registry,
    /** `count(route, status)` */
    requests: talliedCounter(registry, 'pressbox_http_requests_total', 'HTTP requests by route and status.', ['route', 'status']),
    /** `observe(route, seconds)` */
    duration: new RouteDurations(
      'pressbox_http_request_duration_seconds',
      'HTTP request duration by route.',
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registry,
    ),
    alerts: new Counter({
      name: 'pressbox_usage_alerts_total',
      help: 'Usage alerts raised: month_50, month_80, month_100 (share of a key’s month), outsized_prefix (one network taking most of a day), upstream_50, upstream_80, upstream_100 (share of the relay’s upstream month), upstream_key, store_emptied (Redis lost its data), store_low_disk.',
      labelNames: ['kind'],
      registers: [registry],
    }),
    /** `count(route)` */
    loads: talliedCounter(registry, 'pressbox_widget_loads_total', 'Widget loads counted, by route.', ['route']),
    /** `count(element, outcome)` */
    betClicks: talliedCounter(
      registry,
      'pressbox_bet_clicks_total',
      'Clicks on prices through /v1/click, by element and outcome: counted, or why not (head, prefetch, bot, not_navigation, other_page, repeat, burst).',
      ['element', 'outcome'],
    ),
    upstreamRequests: new Counter({
      name: 'pressbox_upstream_requests_total',
      help: 'Requests to the sports data service by upstream, endpoint and outcome.',
      labelNames: ['upstream', 'endpoint', 'outcome'],
      registers: [registry],
    }),
    upstreamUnits: new Counter({
      name: 'pressbox_upstream_units_total',
      help: 'Request units spent upstream.',
      labelNames: ['upstream', 'endpoint'],
      registers: [registry],
    }),
    storeErrors: new Counter({
      name: 'pressbox_store_errors_total',
      help: 'Store operations that failed, by problem: disk_full, read_only, locked, unreachable, emptied, out_of_memory, cannot_persist, corrupt, other.',
      labelNames: ['code'],
      registers: [registry],
    }),
    journaledLoads: new Counter({
      name: 'pressbox_degraded_loads_total',
      help: 'Widget loads served while Redis was unreachable, journaled on local disk to be counted when it returns.',
      registers: [registry],
    }),
    replayedLoads: new Counter({
      name: 'pressbox_replayed_loads_total',
      help: 'Journaled widget loads replayed to Redis (each batch counted once).',
      registers: [registry],
    }),
    upstreamMonth: {
      used: new Gauge({
        name: 'pressbox_upstream_month_units_used',
        help: 'Request units the relay’s upstream key has spent this month, as the data service’s /me reports them.',
        registers: [registry],
      }),
      limit: new Gauge({
        name: 'pressbox_upstream_month_units_limit',
        help: 'Request units the relay’s upstream key may spend this month.',
        registers: [registry],
      }),
      forecast: new Gauge({
        name: 'pressbox_upstream_month_units_forecast',
        help: 'Request units the month will have spent if the rest of it runs at the month-to-date rate.',
        registers: [registry],
      }),
    },
    cache: new Counter({
      name: 'pressbox_cache_total',
      help: 'Cache outcomes: hit, swr, miss, stale_if_error.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

export type RelayMetrics = ReturnType<typeof createMetrics>;

/** Live streams as an operator watches them: how many are open, how many readers are behind, what waits for them. */
export function liveGauges(
  metrics: RelayMetrics,
  live: { openStreams(): number; backlog(): { behind: number; unreadBytes: number } },
): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'pressbox_live_streams',
    help: 'Open live streams (Server-Sent Events).',
    registers,
    collect() {
      this.set(live.openStreams());
    },
  });
  new Gauge({
    name: 'pressbox_live_streams_behind',
    help: 'Live streams whose reader has fallen behind: they get only the latest state of each topic until they catch up.',
    registers,
    collect() {
      this.set(live.backlog().behind);
    },
  });
  new Gauge({
    name: 'pressbox_live_unread_bytes',
    help: 'Bytes written to live streams that their readers have not taken yet (held in the relay process).',
    registers,
    collect() {
      this.set(live.backlog().unreadBytes);
    },
  });
}

/** Degraded mode as an operator watches it: whether Redis is out of reach, and the loads waiting to be counted. */
export function storeGauges(metrics: RelayMetrics, usage: { unreachableSince(): number | undefined; pendingLoads(): number }): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'pressbox_store_degraded',
    help: '1 while this relay cannot reach Redis and serves known keys within their degraded allowance, else 0.',
    registers,
    collect() {
      this.set(usage.unreachableSince() === undefined ? 0 : 1);
    },
  });
  new Gauge({
    name: 'pressbox_journal_pending_loads',
    help: 'Loads in the local journal not yet counted in Redis.',
    registers,
    collect() {
      this.set(usage.pendingLoads());
    },
  });
}

/** Keys named in the by-key metric; the rest are summed as `other`, so the label set stays bounded. */
const TOP_KEYS = 10;

/** The upstream month by the keys that caused it: the top keys by name, the rest as `other`. */
export function spendGauges(metrics: RelayMetrics, spend: { topKeys(count: number): Array<[string, number]> }): void {
  new Gauge({
    name: 'pressbox_upstream_units_by_key',
    help: `Upstream units caused this month by each of the ${TOP_KEYS} keys that caused most (the rest as key="other"), as the store tallies every relay's.`,
    labelNames: ['key'],
    registers: [metrics.registry],
    collect() {
      this.reset();
      const all = spend.topKeys(Number.MAX_SAFE_INTEGER);
      for (const [key, units] of all.slice(0, TOP_KEYS)) this.set({ key }, units);
      const rest = all.slice(TOP_KEYS).reduce((sum, [, units]) => sum + units, 0);
      if (rest > 0) this.set({ key: 'other' }, rest);
    },
  });
}

/** Free space on the disk holding the SQLite store (or the journal, with Redis), as last read. */
export function diskGauge(metrics: RelayMetrics, freeBytes: () => number | undefined): void {
  new Gauge({
    name: 'pressbox_store_disk_free_bytes',
    help: 'Bytes free on the disk holding the store file (SQLite) or the load journal (Redis), as last read (every 30 s).',
    registers: [metrics.registry],
    collect() {
      const free = freeBytes();
      if (free !== undefined) this.set(free);
    },
  });
}
