// Redis with a replica and three sentinels: the primary is killed under traffic, the sentinels promote the replica,
// and the relay follows them to it. Readers see no error, the live viewer keeps getting updates, and every load
// delivered is counted once on the new primary.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { startSentinelGroup } from '../../../harness/local-servers.js';
import { monthOf } from '../../../helpers/clock.js';
import { billingWindows, openStream, updates, type Stream } from '../../../helpers/live.js';
import { readinessOnce, testRelay, widgetGet } from '../../../helpers/relay.js';
import { frozenSandbox } from '../../../helpers/sandbox.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Redis Sentinel failover under traffic', () => {
  let dir: string;
  let group: Awaited<ReturnType<typeof startSentinelGroup>>;
  let sandbox: RunningSandbox;
  let relay: RunningRelay;
  const streams: Stream[] = [];
  const billing = billingWindows(() => streams);

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-sentinel-'));
    group = await startSentinelGroup(dir);
    sandbox = await frozenSandbox('2026-11-23T01:00:00Z');
    relay = await testRelay({
      redis: group.url,
      journal: join(dir, 'journal.db'),
      upstreamUrl: sandbox.baseUrl,
      upstreamKey: 'sk_sandbox_pro',
      rateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
      now: billing.now,
      live: { pollMs: () => 200, loadEveryMs: billing.windowMs },
    });
  });
  after(async () => {
    await relay.close().catch(() => {});
    await sandbox.close();
    group.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('the primary killed: no reader error, live goes on, counts exact on the promoted replica', async () => {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'failover', test: false }, relay.now())).key;
    let delivered = 0;
    const failures: string[] = [];
    let traffic = true;
    const reader = (async () => {
      for (let i = 0; traffic; i++) {
        const answer = await widgetGet(relay, `/v1/${i % 2 ? 'injuries' : 'scores'}?league=nba&key=${key}`);
        if (answer.status === 200) delivered++;
        else failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        await sleep(30);
      }
    })();
    const stream = await openStream(relay, key, ['/v1/scores?league=nba']);
    streams.push(stream);
    await stream.waitFor(1);
    await sleep(500);

    group.killPrimary();
    const started = Date.now();
    while ((await group.primaryNow()) !== group.replicaPort) {
      assert.ok(Date.now() - started < 20_000, 'the sentinels promoted the replica');
      await sleep(100);
    }
    // A change in a new billing window (a load, counted on the promoted replica), then one in the same window (free).
    for (const window of ['new', 'same']) {
      if (window === 'new') billing.nextWindow();
      const before = updates(stream.events).length;
      sandbox.clock.advance(20 * 60_000);
      await relay.cache.clear();
      await stream.waitFor(before + 1, 10_000);
    }
    await sleep(2_000);
    traffic = false;
    await reader;
    await sleep(1_000);
    stream.close();
    await stream.ended;
    assert.ok(updates(stream.events).length >= 3);
    delivered += billing.windows(stream);

    assert.deepEqual(failures, [], 'no reader saw an error');
    const month = monthOf(relay.now());
    const counted = async () => relay.store.loadsUsed(key, month).catch(() => -1);
    for (let tries = 0; (await counted()) !== delivered && tries < 100; tries++) await sleep(100);
    assert.equal(await counted(), delivered, 'every delivered load counted once on the new primary');
    assert.deepEqual(await readinessOnce(relay.origin, 'ready'), { status: 'ready', store: 'ok', upstream: 'ok' });
  });
});
