// Request durations by route: the relay keeps them as plain counts, and Prometheus must read exactly what prom-client's
// own Histogram would have written for the same requests, alone and summed over workers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { RouteDurations } from '../../../../src/relay/http/metrics.js';

const NAME = 'pressbox_http_request_duration_seconds';
const HELP = 'HTTP request duration by route.';
const BOUNDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const OBSERVED: Array<[string, number]> = [
  ['/v1/scores', 0.0004],
  ['/v1/scores', 0.003],
  ['/v1/scores', 0.005],
  ['/v1/games/:gameId', 0.3],
  ['/v1/scores', 7],
  ['/v1/live', 0.02],
];

function ours(observed = OBSERVED): Registry {
  const registry = new Registry();
  const durations = new RouteDurations(NAME, HELP, BOUNDS, registry);
  for (const [route, seconds] of observed) durations.observe(route, seconds);
  return registry;
}

function promClients(observed = OBSERVED): Registry {
  const registry = new Registry();
  const histogram = new Histogram({ name: NAME, help: HELP, labelNames: ['route'], buckets: BOUNDS, registers: [registry] });
  for (const [route, seconds] of observed) histogram.observe({ route }, seconds);
  return registry;
}

describe('RouteDurations', () => {
  it("writes the text prom-client's Histogram writes for the same requests", async () => {
    assert.equal(await ours().metrics(), await promClients().metrics());
  });

  it('sums over workers as a Histogram does', async () => {
    const [first, second] = [OBSERVED.slice(0, 3), OBSERVED.slice(3)];
    const summed = async (make: (observed: Array<[string, number]>) => Registry) =>
      AggregatorRegistry.aggregate([await make(first).getMetricsAsJSON(), await make(second).getMetricsAsJSON()]).metrics();
    assert.equal(await summed(ours), await summed(promClients));
  });

  it('starts again from nothing when the registry is reset', async () => {
    const [reset, theirs] = [ours(), promClients()];
    reset.resetMetrics();
    theirs.resetMetrics();
    assert.doesNotMatch(await reset.metrics(), /route=/);
    assert.equal(await reset.metrics(), await theirs.metrics());
  });
});
