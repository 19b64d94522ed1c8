// The Grafana dashboard and the Prometheus rules in deploy/ must parse and ask only for metrics the relay exports:
// a renamed metric would otherwise leave an empty panel or an alert that can never fire.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { createMetrics, diskGauge, liveGauges, storeGauges } from '../../../src/relay/http/metrics.js';

/** Every series name the relay can export: its counters, histograms (with their parts) and gauges, the Redis ones included. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = createMetrics();
  liveGauges(metrics, { openStreams: () => 0, backlog: () => ({ behind: 0, unreadBytes: 0 }) });
  storeGauges(metrics, { unreachableSince: () => undefined, pendingLoads: () => 0 });
  diskGauge(metrics, () => 0);
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const part of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${part}`);
  }
  return names;
}

function metricNames(expression: string): string[] {
  return [...expression.matchAll(/\bpressbox_[a-z_]+\b/g)].map((match) => match[0]);
}

describe('deploy/ monitoring files', () => {
  it('the Prometheus rules parse, each with an expression, a severity and words for whoever is paged', async () => {
    const exported = await exportedNames();
    const rules = parse(readFileSync('deploy/prometheus-alerts.yml', 'utf8')) as {
      groups: Array<{
        name: string;
        rules: Array<{ alert: string; expr: string; labels: { severity: string }; annotations: Record<string, string> }>;
      }>;
    };
    const all = rules.groups.flatMap((group) => group.rules);
    assert.ok(all.length >= 5);
    for (const rule of all) {
      assert.ok(rule.alert && rule.expr, JSON.stringify(rule));
      assert.ok(['page', 'ticket'].includes(rule.labels.severity), `${rule.alert}: severity`);
      assert.ok(rule.annotations.summary && rule.annotations.description, `${rule.alert}: summary and description`);
      const names = metricNames(rule.expr);
      assert.ok(names.length > 0, `${rule.alert} reads a Pressbox metric`);
      for (const name of names) assert.ok(exported.has(name), `${rule.alert}: ${name} is not exported by the relay`);
    }
    const alerted = all.map((rule) => rule.expr).join('\n');
    for (const needed of [
      'pressbox_usage_alerts_total',
      'pressbox_http_requests_total',
      'pressbox_upstream_requests_total',
      'pressbox_store_degraded',
      'pressbox_store_errors_total',
      'pressbox_store_disk_free_bytes',
    ])
      assert.match(alerted, new RegExp(needed), `an alert on ${needed}`);
  });

  it('the Grafana dashboard parses and every panel queries metrics the relay exports', async () => {
    const exported = await exportedNames();
    const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8')) as {
      title: string;
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    assert.equal(dashboard.title, 'Pressbox relay');
    assert.ok(dashboard.panels.length >= 10);
    for (const panel of dashboard.panels) {
      assert.ok(panel.targets.length > 0, `${panel.title} has a query`);
      for (const name of panel.targets.flatMap((target) => metricNames(target.expr)))
        assert.ok(exported.has(name), `${panel.title}: ${name} is not exported by the relay`);
    }
  });
});
