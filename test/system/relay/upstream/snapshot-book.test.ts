// A day's snapshots are bounded by the caps that bound live topics: made-up requests (teams, dates) from one network
// fill that network's share and nothing more, and storage cannot grow with what anonymous pages send.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SnapshotBook } from '../../../../src/relay/resources/snapshot-book.js';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';

describe('snapshots a day', () => {
  it('admits new requests within the key’s, the network’s and the relay’s caps, and any request already kept', () => {
    const book = new SnapshotBook({ perKey: 3, perNetwork: 2, perRelay: 4 });
    const reader = { key: 'pk_a', network: '203.0.113.0' };
    assert.equal(book.admit('2026-11-20', 'one', reader), true);
    assert.equal(book.admit('2026-11-20', 'two', reader), true);
    assert.equal(book.admit('2026-11-20', 'three', reader), false, 'the network’s two are taken');
    assert.equal(book.admit('2026-11-20', 'one', { key: 'pk_b', network: '198.51.100.0' }), true, 'kept already: free');
    assert.equal(book.admit('2026-11-20', 'three', { key: 'pk_a', network: '198.51.100.0' }), true);
    assert.equal(book.admit('2026-11-20', 'four', { key: 'pk_a', network: '192.0.2.0' }), false, 'the key’s three are taken');
    assert.equal(book.admit('2026-11-20', 'four', { key: 'pk_c', network: '192.0.2.0' }), true);
    assert.equal(book.admit('2026-11-20', 'five', { key: 'pk_d', network: '192.0.2.1' }), false, 'the relay’s four are taken');
    assert.equal(book.admit('2026-11-21', 'five', reader), true, 'a new day starts afresh');
  });

  it('keeps at most a network’s share of a flood of made-up teams from one address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pressbox-snapshots-'));
    const file = join(dir, 'relay.db');
    const relay = await testRelay({ db: file, recorder: { everyMs: 0 }, rateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: '', test: false }, relay.now())).key;
      const teams = Array.from({ length: 60 }, (_, index) => `Z${String(index).padStart(3, '0')}`);
      for (const team of teams) assert.equal((await widgetGet(relay, `/v1/scores?league=nba&team=${team}&key=${key}`)).status, 200);
      const db = new Database(file, { readonly: true });
      const kept = db.prepare<[], { count: number }>("SELECT count(*) AS count FROM kept_payloads WHERE name LIKE '%team=%'").get()!;
      db.close();
      assert.equal(kept.count, 40, 'the 40 distinct requests a network may have a day');
    } finally {
      await relay.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
