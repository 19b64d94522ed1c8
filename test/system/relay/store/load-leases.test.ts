// Loads counted in batches on Redis: a busy key costs Redis a few commands a tick however many loads it serves, what a
// relay served from a lease is attributed exactly, survives a relay that never closed, and no two relays ever serve
// more than a key's limit together.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { degradableUsage, type DegradableUsage } from '../../../../src/relay/metering/degraded.js';
import { openLoadJournal } from '../../../../src/relay/metering/journal.js';
import { silentLogger } from '../../../../src/relay/base/logger.js';
import { openRedisStore } from '../../../../src/relay/store/redis.js';
import type { LoadDetail, RelayStore } from '../../../../src/relay/store/types.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';

const MONTH = '2026-11';
const DAY = `${MONTH}-22`;
const detail: LoadDetail = {
  route: '/v1/live',
  origin: 'https://example.com',
  day: DAY,
  prefix: '203.0.113.0/24',
  client: 'browser',
  dailyLimit: null,
};

describe('loads counted in batches (leases) on Redis', () => {
  let dir: string;
  let server: ChildProcess;
  let url: string;
  let store: RelayStore;
  let admin: Redis;
  const opened: DegradableUsage[] = [];

  const relayOn = (name: string): DegradableUsage => {
    const usage = degradableUsage(store, { journal: openLoadJournal(join(dir, `${name}.db`)), logger: silentLogger, leaseTickMs: 0 });
    opened.push(usage);
    return usage;
  };
  const commands = async () => Number(/total_commands_processed:(\d+)/.exec(await admin.info('stats'))![1]);
  const serve = async (usage: DegradableUsage, key: string, loads: number, limit = 1_000_000) => {
    let counted = 0;
    for (let i = 0; i < loads; i++) if ((await usage.countLoad(key, MONTH, limit, detail)).counted) counted++;
    return counted;
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-leases-'));
    const port = await freePort();
    server = await startRedisServer(port);
    url = `redis://127.0.0.1:${port}`;
    store = await openRedisStore(url);
    admin = new Redis(url);
  });
  after(async () => {
    await Promise.all(opened.map((usage) => usage.close().catch(() => undefined)));
    await store.close();
    admin.disconnect();
    server.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a busy key’s loads from a lease sized by its last tick: store commands follow ticks, not loads', async () => {
    const usage = relayOn('busy');
    const key = 'pk_busy';
    assert.equal(await serve(usage, key, 200), 200);
    await usage.settle();
    const before = await commands();
    assert.equal(await serve(usage, key, 200), 200);
    await usage.settle();
    const spent = (await commands()) - before - 1;
    // Counted one by one, 200 loads are 200 scripts of about ten commands each (those inside a script count too).
    assert.ok(spent <= 60, `200 loads in a tick at the pace of the last cost ${spent} Redis commands`);
    assert.equal(await store.loadsUsed(key, MONTH), 400, 'the lease’s leftovers given back: the month holds what was served');
    const rows = await store.dailyUsage({ key, day: DAY });
    assert.equal(
      rows.reduce((sum, row) => sum + row.loads, 0),
      400,
      'every load attributed',
    );
  });

  it('asks once for a burst: loads of a key that arrive together wait for one lease (a broadcast’s slice of streams)', async () => {
    const usage = relayOn('burst');
    const before = await commands();
    const results = await Promise.all(Array.from({ length: 250 }, () => usage.countLoad('pk_burst', MONTH, 1_000_000, detail)));
    await usage.settle();
    const spent = (await commands()) - before - 1;
    assert.ok(results.every((result) => result.counted));
    // One by one they would be some 2,500; a lease, its journal's attribution and the return of its leftover (under a
    // receipt, so that a return sent again counts once) are about sixty.
    assert.ok(spent <= 64, `250 loads at once cost ${spent} Redis commands`);
    assert.equal(await store.loadsUsed('pk_burst', MONTH), 250);
  });

  it('never serves more than a key’s limit across relays, and near it counts every load on its own', async () => {
    const [first, second] = [relayOn('first'), relayOn('second')];
    const key = 'pk_limit';
    const limit = 500;
    // Both relays warm up a pace, then race for what is left, settling as their ticks would.
    let served = 0;
    for (let round = 0; round < 12; round++) {
      const [a, b] = await Promise.all([serve(first, key, 60, limit), serve(second, key, 60, limit)]);
      served += a + b;
      await Promise.all([first.settle(), second.settle()]);
    }
    assert.equal(served, limit, 'exactly the limit delivered');
    assert.equal(await store.loadsUsed(key, MONTH), limit);
    assert.equal(
      (await store.dailyUsage({ key, day: DAY })).reduce((sum, row) => sum + row.loads, 0),
      limit,
    );
  });

  it('keeps what a relay served from its lease when it never closed: its journal attributes it at the next start', async () => {
    const key = 'pk_crashed';
    const crashed = degradableUsage(store, { journal: openLoadJournal(join(dir, 'crashed.db')), logger: silentLogger, leaseTickMs: 0 });
    assert.equal(await serve(crashed, key, 100), 100);
    await crashed.settle();
    assert.equal(await serve(crashed, key, 100), 100);
    // Not closed, not settled: as after kill -9. The month holds the lease (every answered load and at most the rest).
    const used = await store.loadsUsed(key, MONTH);
    assert.ok(used >= 200, `${used} counted for 200 served`);
    const restarted = relayOn('crashed');
    await restarted.replay();
    assert.equal(
      (await store.dailyUsage({ key, day: DAY })).reduce((sum, row) => sum + row.loads, 0),
      200,
      'every answered load attributed after the restart',
    );
  });
});
