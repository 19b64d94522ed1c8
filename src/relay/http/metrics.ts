import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one relay: requests, loads, upstream calls and units, cache outcomes. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'pressbox_' });
  return {
    registry,
    requests: new Counter({
      name: 'pressbox_http_requests_total',
      help: 'HTTP requests by route and status.',
      labelNames: ['route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'pressbox_http_request_duration_seconds',
      help: 'HTTP request duration by route.',
      labelNames: ['route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    alerts: new Counter({
      name: 'pressbox_usage_alerts_total',
      help: 'Usage alerts raised: month_50, month_80, month_100 (share of a key’s month), outsized_prefix (one network taking most of a day).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    loads: new Counter({
      name: 'pressbox_widget_loads_total',
      help: 'Widget loads counted, by route.',
      labelNames: ['route'],
      registers: [registry],
    }),
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
    cache: new Counter({
      name: 'pressbox_cache_total',
      help: 'Cache outcomes: hit, swr, miss, stale_if_error.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

export type RelayMetrics = ReturnType<typeof createMetrics>;
