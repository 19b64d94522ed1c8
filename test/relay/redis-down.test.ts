// Redis goes away under a running relay: loads cannot be counted, so they are not served (503 with Retry-After,
// never a 500); every load that was served was counted, and is still there when Redis comes back.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey } from '../../src/relay/admin/routes.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { freePort, startRedisServer } from '../../scripts/local-servers.mjs';
import { testRelay, widgetGet } from '../helpers/relay.js';
import { monthOf } from '../helpers/clock.js';

describe('Redis unreachable under a running relay', () => {
  let dir: string;
  let port: number;
  let redis: ChildProcess;
  let relay: RunningRelay;

  // Appended and synced on every write, so what was counted survives the kill.
  const startRedis = async () => {
    redis = await startRedisServer(port, ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']);
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-redis-down-'));
    port = await freePort();
    await startRedis();
    relay = await testRelay({ redis: `redis://127.0.0.1:${port}` });
  });
  after(async () => {
    await relay.close().catch(() => {});
    redis.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses loads while Redis is down, with 503 and Retry-After; the loads served before are all counted', async () => {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: '', test: false }, relay.now())).key;
    for (let i = 0; i < 5; i++) assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200);
    const ready = await fetch(`${relay.origin}/ready`);
    assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ready', store: 'ok', upstream: 'ok' }]);

    redis.kill('SIGKILL');
    await once(redis, 'exit');
    const down = await Promise.all(Array.from({ length: 5 }, () => widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)));
    for (const answer of down) {
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.equal(answer.body.error.code, 'upstream_unavailable');
      assert.match(answer.body.error.message, /cannot reach its store/);
      assert.equal(answer.headers.get('retry-after'), '5');
    }
    const notReady = await fetch(`${relay.origin}/ready`);
    assert.deepEqual([notReady.status, await notReady.json()], [503, { status: 'not_ready', store: 'unreachable', upstream: 'ok' }]);
    assert.equal((await fetch(`${relay.origin}/health`)).status, 200, 'alive all the same');

    await startRedis();
    const month = monthOf(relay.now());
    for (let tries = 0; ; tries++) {
      try {
        assert.equal(await relay.store.loadsUsed(key, month), 5, 'the five loads served, no more, no fewer');
        break;
      } catch (error) {
        if (tries > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200, 'serving again once it is back');
  });
});
