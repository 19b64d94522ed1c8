// Redis loses its data (FLUSHALL, as a restart without persistence does) under two relays: both say so (log, /ready,
// alert webhook) instead of calling every key unknown, serve the keys they know and journal those loads, refuse the
// rest as store_unavailable, and serve again once a backup is imported, with usage equal to what was delivered. A relay
// that starts on an emptied Redis knows it from its journal and marks nothing; a Redis that keeps nothing on disk is
// warned about at start.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { Logger } from '../../../../src/relay/base/logger.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';
import { pressbox } from '../../../helpers/cli.js';
import { monthOf } from '../../../helpers/clock.js';
import { readinessOnce, testRelay, widgetGet } from '../../../helpers/relay.js';
import { until } from '../../../helpers/wait.js';

type Line = { level: string; message: string; fields: Record<string, unknown> };

describe('Redis emptied under two relays', () => {
  let dir: string;
  let url: string;
  let server: ChildProcess;
  let redis: Redis;
  let receiver: Server;
  const alerts: Array<{ alert: { kind: string; detail?: string } }> = [];
  const lines: Line[][] = [[], [], []];
  const relays: RunningRelay[] = [];

  const logger = (index: number): Logger => ({
    log: (level, message, fields = {}) => void lines[index]!.push({ level, message, fields }),
  });
  const start = (index: number) =>
    testRelay({
      redis: url,
      journal: join(dir, `journal-${index % 2}.db`),
      logger: logger(index),
      alertWebhook: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      alertSecret: 'emptied-test-secret',
      now: () => Date.now(),
    });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-redis-emptied-'));
    const port = await freePort();
    // As Redis runs by default on many machines: nothing on disk.
    server = await startRedisServer(port, ['--save', '', '--appendonly', 'no']);
    url = `redis://127.0.0.1:${port}`;
    redis = new Redis(url);
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        alerts.push(JSON.parse(body) as (typeof alerts)[number]);
        response.end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    relays.push(await start(0), await start(1));
  });
  after(async () => {
    await Promise.all(relays.map((relay) => relay.close().catch(() => {})));
    receiver.close();
    redis.disconnect();
    server.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('warns at start that Redis keeps nothing on disk, with the line to add', () => {
    const warning = lines[0]!.find((line) => line.message.includes('keeps nothing on disk'));
    assert.ok(warning, 'a warning at start');
    assert.match(warning.message, /Add "appendonly yes" to its redis.conf/);
  });

  it('says so on both relays, serves known keys, refuses the rest as store_unavailable, and restores from a backup', async () => {
    const key = (await createKey(relays[0]!.store, { plan: 'pro', domains: ['example.com'], name: 'Daily', test: false }, Date.now())).key;
    let delivered = 0;
    const load = async (index: number) => {
      const answer = await widgetGet(relays[index]!, `/v1/injuries?league=nba&key=${key}`);
      if (answer.status === 200) delivered++;
      return answer;
    };
    for (let i = 0; i < 6; i++) assert.equal((await load(i % 2)).status, 200);
    // A backup taken at rest: while loads flow, a month also holds what relays' leases reserved and have not served.
    await until(async () => (await relays[0]!.store.loadsUsed(key, monthOf(Date.now()))) === delivered, 'leases settled');
    const backup = join(dir, 'keys.json');
    const exported = await pressbox('keys', 'export', '--redis', url, '--out', backup);
    assert.equal(exported.code, 0, exported.stderr);

    await redis.flushall();
    for (const relay of relays) {
      const readiness = (await readinessOnce(relay.origin, 'degraded')) as { store: string; problems: { store: string } };
      assert.match(readiness.problems.store, /^emptied: Redis has lost Pressbox’s data/);
    }
    for (const index of [0, 1]) {
      const told = lines[index]!.find((line) => line.message === 'store emptied');
      assert.ok(told, `relay ${index} logs it`);
      assert.match(String(told.fields.detail), /pressbox store restore FILE --redis URL/);
    }
    await until(() => alerts.filter(({ alert }) => alert.kind === 'store_emptied').length === 2, 'an alert from each relay');

    for (let i = 0; i < 6; i++) assert.equal((await load(i % 2)).status, 200, 'a known key is served, its loads journaled');
    const unknown = await widgetGet(relays[1]!, `/v1/injuries?league=nba&key=pk_live_${'0'.repeat(32)}`);
    assert.deepEqual([unknown.status, unknown.body.error.code], [503, 'store_unavailable'], 'not "invalid key": the store is gone');
    assert.equal(await redis.exists('pressbox:store'), 0, 'no relay marks an emptied Redis as a new store');

    const imported = await pressbox('keys', 'import', backup, '--redis', url);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /1 keys created/);
    assert.match(imported.stdout, /the store marker is back/);
    for (const relay of relays)
      assert.deepEqual(await readinessOnce(relay.origin, 'ready'), { status: 'ready', store: 'ok', upstream: 'ok' });
    const month = monthOf(Date.now());
    await until(
      async () => (await relays[0]!.store.loadsUsed(key, month)) === delivered,
      `usage reaching the ${delivered} loads delivered`,
    );
    assert.equal((await load(0)).status, 200, 'served and counted in Redis again');
    // A count takes a lease of loads ahead; what the relay does not serve is given back at its next tick.
    await until(async () => (await relays[1]!.store.loadsUsed(key, month)) === delivered, 'every load delivered counted once');
  });

  it('knows at start that the Redis its journal remembers was emptied, until a restore or store init', async () => {
    await relays.pop()!.close();
    await redis.flushall();
    relays.push(await start(2));
    const readiness = (await readinessOnce(relays[1]!.origin, 'degraded')) as { problems: { store: string } };
    assert.match(readiness.problems.store, /^emptied: /);
    assert.ok(
      lines[2]!.some((line) => line.message === 'store emptied'),
      'logged at start',
    );
    assert.equal(await redis.exists('pressbox:store'), 0, 'the relay did not start a new store over the lost one');

    const listed = await pressbox('keys', 'list', '--redis', url);
    assert.equal(listed.code, 1);
    assert.match(listed.stderr, /holds no Pressbox store \(it lost its data, or is new\): restore a backup/);
    const init = await pressbox('store', 'init', '--redis', url);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /^New store .* marked/);
    await readinessOnce(relays[1]!.origin, 'ready');
    await readinessOnce(relays[0]!.origin, 'ready');
  });
});
