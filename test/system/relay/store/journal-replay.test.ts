// The journal of loads served while Redis was away is counted exactly once: a replay repeated, or cut off by kill -9
// at any point, counts nothing twice and loses nothing; a load whose count reached Redis but whose answer did not is
// recognised by its receipt.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openLoadJournal } from '../../../../src/relay/metering/journal.js';
import { openRedisStore } from '../../../../src/relay/store/redis.js';
import type { JournaledLoad, LoadDetail, RelayStore } from '../../../../src/relay/store/types.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';
import { testRelay } from '../../../helpers/relay.js';

const MONTH = '2026-11';
const detail = (origin: string): LoadDetail => ({
  route: '/v1/scores',
  origin,
  day: `${MONTH}-22`,
  prefix: '203.0.113.0/24',
  client: 'browser',
  dailyLimit: null,
});
const loadOf = (key: string, index: number): JournaledLoad => ({
  key,
  month: MONTH,
  limit: 1_000_000,
  detail: detail(`https://site-${index % 7}.example`),
});

describe('replaying the load journal', () => {
  let dir: string;
  let redis: ChildProcess;
  let url: string;
  let store: RelayStore;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-journal-'));
    const port = await freePort();
    redis = await startRedisServer(port);
    url = `redis://127.0.0.1:${port}`;
    store = await openRedisStore(url);
  });
  after(async () => {
    await store.close();
    redis.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('counts a batch once though it is sent again (a relay that died before it could strike the batch off)', async () => {
    const file = join(dir, 'twice.db');
    const journal = openLoadJournal(file);
    await Promise.all(Array.from({ length: 30 }, (_, index) => journal.append(loadOf('pk_twice', index))));
    const batch = journal.nextBatch(500)!;
    const replayed = await store.replayLoads!(batch.id, batch.loads);
    assert.deepEqual(replayed, [{ key: 'pk_twice', month: MONTH, used: 30, added: 30 }]);
    journal.close();

    const reopened = openLoadJournal(file);
    assert.equal(reopened.pending(), 30, 'still journaled: the batch was never struck off');
    const again = reopened.nextBatch(500)!;
    assert.equal(again.id, batch.id, 'the same batch, under the same id');
    assert.equal(await store.replayLoads!(again.id, again.loads), undefined, 'Redis knows it');
    reopened.finish(again.id);
    assert.equal(reopened.pending(), 0);
    reopened.close();
    assert.equal(await store.loadsUsed('pk_twice', MONTH), 30);
    const byOrigin = (await store.usage({ key: 'pk_twice', month: MONTH })).map((row) => row.loads);
    assert.equal(
      byOrigin.reduce((sum, loads) => sum + loads, 0),
      30,
    );
    assert.equal(
      (await store.dailyUsage({ key: 'pk_twice', day: `${MONTH}-22` })).reduce((sum, row) => sum + row.loads, 0),
      30,
    );
  });

  it('skips a load whose count reached Redis before its answer was lost, by its receipt', async () => {
    const receipt = { relay: 'relay-under-test', seq: 41 };
    assert.equal((await store.countLoad('pk_receipt', MONTH, 100, detail('https://a.example'), receipt)).used, 1);
    const journal = openLoadJournal(join(dir, 'receipts.db'));
    await journal.append({ ...loadOf('pk_receipt', 0), receipt });
    await journal.append({ ...loadOf('pk_receipt', 1), receipt: { relay: 'relay-under-test', seq: 42 } });
    await journal.append(loadOf('pk_receipt', 2));
    const batch = journal.nextBatch(500)!;
    await store.replayLoads!(batch.id, batch.loads);
    journal.close();
    assert.equal(await store.loadsUsed('pk_receipt', MONTH), 3, 'the counted one once, the two others added');
  });

  it('a relay killed with -9 in the middle of its replay: the next one finishes it and nothing counts twice', async () => {
    const file = join(dir, 'killed.db');
    const total = 20_000;
    const journal = openLoadJournal(file);
    await Promise.all(Array.from({ length: total }, (_, index) => journal.append(loadOf('pk_killed', index))));
    journal.close();

    // A relay started on that journal replays it as soon as Redis answers.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'serve', '--sandbox-calendar', 'round-the-clock', '--port', '0', '--redis', url, '--journal', file],
      {
        stdio: 'ignore',
      },
    );
    let seen = 0;
    try {
      const started = Date.now();
      while ((seen = await store.loadsUsed('pk_killed', MONTH)) === 0) {
        assert.ok(Date.now() - started < 30_000, 'the relay began its replay');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      child.kill('SIGKILL');
      await once(child, 'exit');
    } finally {
      child.kill('SIGKILL');
    }
    const counted = await store.loadsUsed('pk_killed', MONTH);
    assert.ok(counted > 0 && counted < total, `killed mid-replay (${counted} of ${total} counted, ${seen} when the kill was sent)`);

    const next = await testRelay({ redis: url, journal: file });
    try {
      const started = Date.now();
      while ((await store.loadsUsed('pk_killed', MONTH)) < total && Date.now() - started < 15_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.equal(await store.loadsUsed('pk_killed', MONTH), total, 'every load counted, none twice');
    } finally {
      await next.close();
    }
    const left = openLoadJournal(file);
    assert.equal(left.pending(), 0, 'the journal is empty');
    left.close();
  });
});
