// The relay's composition: features start in order from what earlier ones provide, are checked before any opens
// anything, and close in reverse (every stop before any release), including when a later one fails to start.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { relayFeature, startFeatures, type AnyFeature } from '../../../../src/relay/features/feature.js';
import { flag } from '../../../../src/relay/features/flags.js';
import { createMetrics } from '../../../../src/relay/http/metrics.js';
import { silentLogger } from '../../../../src/relay/base/logger.js';

const environment = () => ({
  base: {},
  logger: silentLogger,
  now: () => 0,
  wall: () => 0,
  metrics: createMetrics(),
  sandboxUrl: 'http://127.0.0.1:9',
  machine: undefined,
});

/** A feature that writes what it does into `log`, providing `redis` (the simplest part) when asked to. */
function recording(name: string, log: string[], options: { provides?: boolean; needs?: boolean; fails?: boolean } = {}) {
  return relayFeature()({
    name,
    group: name,
    flags: { everyMs: flag.duration(`--${name}-every`, `how often ${name} runs`, 60_000) },
    check: (settings) => void log.push(`check ${name} ${settings.everyMs}`),
    start(context) {
      if (options.needs) context.need('redis');
      if (options.fails) throw new Error(`${name} failed`);
      log.push(`start ${name}`);
      context.onStop(() => void log.push(`stop ${name}`));
      context.onClose(() => void log.push(`close ${name}`));
      if (options.provides) context.provide('redis', undefined);
    },
  }) as unknown as AnyFeature;
}

describe('relay features', () => {
  it('check every feature first, start in order with their settings, and close in reverse, stops before releases', async () => {
    const log: string[] = [];
    const started = await startFeatures(
      [recording('a', log, { provides: true }), recording('b', log, { needs: true })],
      { b: { everyMs: 5_000 } },
      environment(),
    );
    await started.close();
    assert.deepEqual(log, ['check a 60000', 'check b 5000', 'start a', 'start b', 'stop b', 'stop a', 'close b', 'close a']);
  });

  it('close what started when a later feature fails, and pass its error on', async () => {
    const log: string[] = [];
    await assert.rejects(startFeatures([recording('a', log), recording('b', log, { fails: true })], {}, environment()), /b failed/);
    assert.deepEqual(log, ['check a 60000', 'check b 60000', 'start a', 'stop a', 'close a']);
  });

  it('name the feature and the part when one needs what no earlier feature provides', async () => {
    await assert.rejects(
      startFeatures([recording('late', []), recording('early', [], { needs: true })], {}, environment()),
      /The early feature needs redis, which no feature started before it provides/,
    );
  });

  it('open nothing when a check refuses', async () => {
    const log: string[] = [];
    const refusing = { ...recording('r', log), check: () => assert.fail('refused') } as AnyFeature;
    await assert.rejects(startFeatures([recording('a', log), refusing], {}, environment()), /refused/);
    assert.deepEqual(log, ['check a 60000']);
  });
});
