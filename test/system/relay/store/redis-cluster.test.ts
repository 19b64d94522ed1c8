// Two relays on a real Redis Cluster of three primaries: a key at its limit is delivered exactly its limit across
// both, keys' usage spreads over the primaries (each key's names in one slot), a live change reaches both relays'
// viewers under one id from one poller, and a journal replays once, key by key.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Cluster } from 'ioredis';
import type { Plan } from '../../../../src/relay/keys/model.js';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { monthBucket } from '../../../../src/relay/metering/month.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { openRedisStore } from '../../../../src/relay/store/redis.js';
import { names } from '../../../../src/relay/store/redis/names.js';
import type { RelayStore } from '../../../../src/relay/store/types.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { startRedisCluster, type RedisClusterGroup } from '../../../harness/local-servers.js';
import { openStream, updates } from '../../../helpers/live.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';
import { frozenSandbox } from '../../../helpers/sandbox.js';
import { until } from '../../../helpers/wait.js';

const LIVE_EVENING = '2026-11-23T01:00:00Z';
const TOPIC = '/v1/scores?league=nba';

describe('two relays on a three-primary Redis Cluster', () => {
  let dir: string;
  let cluster: RedisClusterGroup;
  let sandbox: RunningSandbox;
  let relays: RunningRelay[];
  let admin: Cluster;
  const polls = new Map<number, number>();

  const newKey = async (plan: Plan) =>
    (await createKey(relays[0]!.store, { plan, domains: ['example.com'], name: 'cluster', test: false }, relays[0]!.now())).key;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-cluster-'));
    cluster = await startRedisCluster(dir);
    sandbox = await frozenSandbox(LIVE_EVENING);
    relays = await Promise.all(
      [0, 1].map((index) =>
        testRelay({
          redis: cluster.url,
          journal: join(dir, `journal-${index}.db`),
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          live: { pollMs: () => 200, onPoll: () => polls.set(index, (polls.get(index) ?? 0) + 1) },
        }),
      ),
    );
    admin = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
  });
  after(async () => {
    await Promise.all(relays.map((relay) => relay.close()));
    await sandbox.close();
    admin.disconnect();
    cluster.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers exactly a key’s limit across both relays, and refuses the rest', async () => {
    const key = await newKey('custom:37');
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) => widgetGet(relays[i % 2]!, `/v1/injuries?league=nba&key=${key}`).then((answer) => answer.status)),
    );
    assert.equal(answers.filter((status) => status === 200).length, 37, 'exactly the limit delivered');
    assert.equal(answers.filter((status) => status === 429).length, 53, 'the rest refused as quota_exceeded');
    const month = monthBucket(relays[0]!.now());
    // Loads served from a lease are attributed at the relay's next tick (a second).
    const attributed = async () => (await relays[0]!.store.usage({ key, month })).reduce((sum, row) => sum + row.loads, 0);
    await until(async () => (await relays[1]!.store.loadsUsed(key, month)) === 37 && (await attributed()) === 37, 'every load counted');
  });

  it('spreads keys over the primaries, each key’s usage in one slot', async () => {
    const keys = await Promise.all(Array.from({ length: 12 }, () => newKey('pro')));
    await Promise.all(keys.map((key) => widgetGet(relays[0]!, `/v1/injuries?league=nba&key=${key}`)));
    const month = monthBucket(relays[0]!.now());
    const slotOf = async (name: string) => Number(await admin.call('CLUSTER', 'KEYSLOT', name));
    const owners = new Set<number>();
    const ranges = (await admin.call('CLUSTER', 'SLOTS')) as Array<[number, number, [string, number]]>;
    for (const key of keys) {
      const slot = await slotOf(names.usage(key));
      assert.equal(await slotOf(names.usageDetail(key, month)), slot, 'a key’s names share a slot');
      assert.equal(await slotOf(names.receipts(key, 'relay', 0)), slot);
      owners.add(ranges.find(([from, to]) => slot >= from && slot <= to)![2][1]);
    }
    assert.ok(owners.size >= 2, `12 keys on ${owners.size} primaries`);
    const reported = new Set((await relays[1]!.store.usage({ month })).map((row) => row.key));
    assert.ok(
      keys.every((key) => reported.has(key)),
      'the usage report reads every key, wherever it is',
    );
  });

  it('passes a live change to both relays’ viewers under one id, from one poller', async () => {
    const key = await newKey('pro');
    const streams = await Promise.all(relays.map((relay) => openStream(relay, key, [TOPIC])));
    try {
      await until(() => streams.every((stream) => updates(stream.events).length >= 1), 'first data on both relays');
      polls.clear();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal([...polls].filter(([, count]) => count > 0).length, 1, `one relay polls (${JSON.stringify([...polls])})`);
      sandbox.clock.advance(20 * 60_000);
      await Promise.all(relays.map((relay) => relay.cache.clear()));
      await until(() => streams.every((stream) => updates(stream.events).length >= 2), 'the change on both relays');
      const ids = streams.map((stream) => updates(stream.events).at(-1)!.id);
      assert.equal(new Set(ids).size, 1, `the same id on both (${ids})`);
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });

  it('replays a journal batch of several keys once: a second replay counts nothing', async () => {
    const store: RelayStore = await openRedisStore(cluster.url);
    try {
      const keys = ['pk_live_cluster_a', 'pk_live_cluster_b', 'pk_live_cluster_c'];
      const detail = {
        route: '/v1/scores',
        origin: 'https://example.com',
        day: '2026-11-22',
        prefix: '203.0.113.0/24',
        client: 'browser' as const,
      };
      const loads = keys.flatMap((key, index) => Array.from({ length: index + 2 }, () => ({ key, month: '2026-11', limit: 1000, detail })));
      const first = await store.replayLoads!('cluster-batch', loads);
      assert.deepEqual(first?.map((row) => [row.key, row.added]).sort(), [
        ['pk_live_cluster_a', 2],
        ['pk_live_cluster_b', 3],
        ['pk_live_cluster_c', 4],
      ]);
      assert.equal(await store.replayLoads!('cluster-batch', loads), undefined, 'the same batch again is known');
      assert.deepEqual(await Promise.all(keys.map((key) => store.loadsUsed(key, '2026-11'))), [2, 3, 4]);
    } finally {
      await store.close();
    }
  });
});
