// The SQLite store tells the truth about itself: a full disk (made without root by SQLite's max_page_count) is named
// in GET /ready, the metrics and one log line, refused as store_unavailable, and forgotten once space is freed, with
// every load answered counted once; a store file of a newer release or a foreign schema is refused at start in one
// line, an older one is migrated, and read-only commands change nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { Logger } from '../../../../src/relay/base/logger.js';
import { STORE_VERSION } from '../../../../src/relay/store/sqlite-schema.js';
import { openSqliteStore } from '../../../../src/relay/store/sqlite.js';
import { pressbox } from '../../../helpers/cli.js';
import { monthOf } from '../../../helpers/clock.js';
import { readinessOnce, testRelay, widgetGet } from '../../../helpers/relay.js';
import { until } from '../../../helpers/wait.js';

const userVersion = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

function capturingLogger(): Logger & { lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> } {
  const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
  return { lines, log: (level, message, fields = {}) => void lines.push({ level, message, fields }) };
}

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressbox-store-truth-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('a full disk under traffic', () => {
  it('is named in /ready, the metrics and one log line, refused as store_unavailable, and recovered from without a loss', async () => {
    const file = join(dir, 'full.db');
    // A relay's first start writes what every later start reads (secrets, claims): done here with room to spare.
    const first = await testRelay({ db: file });
    const key = (await createKey(first.store, { plan: 'pro', domains: ['*.example.com'], name: 'Full', test: false }, first.now())).key;
    // What an operator frees when the disk fills: deleting it gives SQLite pages back to reuse.
    await first.store.keepPayload('filler', randomBytes(512 * 1024), first.now());
    await first.close();

    const logger = capturingLogger();
    // The file may not grow past its size now: any write that needs a new page fails as on a full disk (SQLITE_FULL).
    const relay = await testRelay({ db: file, maxPageCount: 1, logger });
    try {
      let served = 0;
      let refusal: { status: number; body: { error: { code: string; message: string } } } | undefined;
      // Each origin adds rows to the attribution tables, so pages run out after a few dozen loads.
      for (let i = 0; i < 400 && !refusal; i++) {
        const answer = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: `https://s${i}.example.com` });
        if (answer.status === 200) served++;
        else refusal = answer;
      }
      assert.ok(served > 0, 'loads were served before the disk filled');
      assert.ok(refusal, 'a load was refused once the file could not grow');
      assert.equal(refusal.status, 503);
      assert.equal(refusal.body.error.code, 'store_unavailable');
      assert.match(refusal.body.error.message, /disk full/);
      for (let i = 0; i < 5; i++)
        assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: `https://t${i}.example.com` })).status, 503);

      const ready = await fetch(`${relay.origin}/ready`);
      const readiness = (await ready.json()) as { status: string; store: string; problems: { store: string } };
      assert.equal(ready.status, 503, '/ready says the relay cannot serve');
      assert.deepEqual([readiness.status, readiness.store], ['not_ready', 'unreachable']);
      assert.match(readiness.problems.store, /^disk_full: the disk holding the store is full/);
      assert.match(await relay.metrics.registry.metrics(), /pressbox_store_errors_total\{code="disk_full"\} [1-9]/);
      const told = logger.lines.filter((line) => line.message === 'store failing: disk_full');
      assert.equal(told.length, 1, 'one log line a minute, however many loads failed');
      assert.equal(told[0]!.fields.error, 'SQLITE_FULL', 'the line carries the underlying error');

      const operator = new Database(file);
      operator.prepare("DELETE FROM kept_payloads WHERE name = 'filler'").run();
      operator.close();
      await until(async () => {
        const answer = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://after.example.com' });
        if (answer.status === 200) served++;
        return answer.status === 200;
      }, 'loads served again once space is freed');
      assert.deepEqual(await readinessOnce(relay.origin, 'ready'), { status: 'ready', store: 'ok', upstream: 'ok' });
      assert.equal(await relay.store.loadsUsed(key, monthOf(relay.now())), served, 'every load answered is counted, once');
    } finally {
      await relay.close();
    }
  });

  it('warns while the disk still has room, and keeps its write-ahead log short', async () => {
    const logger = capturingLogger();
    const file = join(dir, 'low.db');
    // No disk has a petabyte free: the bound is always under water here.
    const relay = await testRelay({ db: file, diskWarnUnder: 1024 ** 5, logger });
    try {
      const readiness = await readinessOnce(relay.origin, 'degraded');
      assert.match((readiness.problems as { store: string }).store, /^low_disk: .* free on the store's disk, under the 1,073,741,824 MB/);
      assert.equal(readiness.store, 'degraded', 'a relay with little room still serves');
      assert.ok(logger.lines.some((line) => line.message === 'store disk nearly full'));
      assert.ok(logger.lines.some((line) => line.message === 'usage alert' && line.fields.kind === 'store_low_disk'));
      assert.match(await relay.metrics.registry.metrics(), /pressbox_store_disk_free_bytes \d+/);
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: '', test: false }, relay.now())).key;
      for (let i = 0; i < 20; i++) assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200);
      assert.ok(statSync(`${file}-wal`).size > 0, 'loads went through the log');
      await relay.store.compact!();
      assert.equal(statSync(`${file}-wal`).size, 0, 'a checkpoint cuts the log back');
    } finally {
      await relay.close();
    }
  });
});

/** A file as the releases before versioning left it: no user_version, no store_probe, keys without later columns. */
function unversionedFile(file: string, key: string, month: string): void {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE keys (key TEXT PRIMARY KEY, test INTEGER NOT NULL, plan TEXT NOT NULL, domains TEXT NOT NULL,
      name TEXT NOT NULL, created_at INTEGER NOT NULL, revoked_at INTEGER);
    CREATE TABLE usage (key TEXT NOT NULL, month TEXT NOT NULL, loads INTEGER NOT NULL, PRIMARY KEY (key, month)) WITHOUT ROWID;
  `);
  db.prepare('INSERT INTO keys VALUES (?, 0, ?, ?, ?, ?, NULL)').run(key, 'starter', '["example.com"]', 'Old', Date.parse('2026-01-05'));
  db.prepare('INSERT INTO usage VALUES (?, ?, 41)').run(key, month);
  db.close();
}

describe('store files of other releases', () => {
  const key = `pk_live_${'ab'.repeat(16)}`;

  it('refuses a file of a newer release at start, in one line naming both versions', async () => {
    const file = join(dir, 'newer.db');
    openSqliteStore(file).close();
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    await assert.rejects(
      testRelay({ db: file }),
      new RegExp(`store version 99, written by a newer Pressbox; this release knows versions up to ${STORE_VERSION}`),
    );
    const served = await pressbox('serve', '--port', '0', '--db', file);
    assert.equal(served.code, 1);
    assert.equal(served.stderr.trim().split('\n').length, 1, 'one line, no stack trace');
    assert.match(served.stderr, /upgrade pressbox to the release that wrote it/);
    assert.equal(userVersion(file), 99, 'the file is left as it was');
  });

  it('brings an older file up to date at start, and read-only commands never change it', async () => {
    const file = join(dir, 'older.db');
    const month = monthOf(Date.now());
    unversionedFile(file, key, month);
    const listed = await pressbox('keys', 'list', '--db', file);
    assert.equal(listed.code, 1);
    assert.match(listed.stderr, /store version 0, from an earlier release; start the relay on it once/);
    assert.equal(userVersion(file), 0, 'keys list migrated nothing');

    const relay = await testRelay({ db: file, now: () => Date.now() });
    try {
      assert.equal(userVersion(file), STORE_VERSION, 'migrated at start');
      const answer = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
      assert.equal(answer.status, 200, 'the old key serves');
      assert.equal(await relay.store.loadsUsed(key, month), 42, 'its month goes on from the old count');
    } finally {
      await relay.close();
    }
    const after = await pressbox('keys', 'list', '--db', file, '--json');
    assert.equal(after.code, 0, after.stderr);
    assert.deepEqual(
      (JSON.parse(after.stdout) as Array<{ key: string; dailyLimit: unknown }>).map((listedKey) => [listedKey.key, listedKey.dailyLimit]),
      [[key, null]],
    );
  });

  it('refuses a file whose tables require what this release does not write, naming the column', async () => {
    const file = join(dir, 'foreign.db');
    openSqliteStore(file).close();
    const raw = new Database(file);
    // What another schema would have: a column every insert must fill, which this release does not know.
    raw.exec('DROP TABLE keys');
    raw.exec(`CREATE TABLE keys (key TEXT PRIMARY KEY, test INTEGER NOT NULL, plan TEXT NOT NULL, domains TEXT NOT NULL,
      name TEXT NOT NULL, created_at INTEGER NOT NULL, revoked_at INTEGER, daily_limit INTEGER,
      browser_only INTEGER NOT NULL DEFAULT 0, hide_odds INTEGER NOT NULL DEFAULT 0, odds_regions TEXT, bet_links TEXT, gambling_lines TEXT, tenant TEXT NOT NULL)`);
    raw.close();
    await assert.rejects(testRelay({ db: file }), /its table keys requires the column tenant, which this release does not write/);
  });

  it('says at start which keys carry a plan this release does not know, and why they are refused', async () => {
    const file = join(dir, 'plans.db');
    const store = openSqliteStore(file);
    await store.createKey({ key, test: false, plan: 'pro', domains: ['example.com'], name: '', createdAt: 0, revokedAt: null });
    await store.close();
    const raw = new Database(file);
    raw.prepare("UPDATE keys SET plan = 'enterprise'").run();
    raw.close();
    const logger = capturingLogger();
    const relay = await testRelay({ db: file, logger });
    try {
      const refused = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
      assert.equal(refused.status, 503);
      assert.equal(refused.body.error.code, 'store_unavailable');
      assert.match(refused.body.error.message, /plan "enterprise" is not one this relay knows/, 'not "used its 0 loads"');
    } finally {
      await relay.close();
    }
    const warning = logger.lines.find((line) => line.message.startsWith('keys with a plan this release does not know'));
    assert.ok(warning, 'a warning at start');
    assert.deepEqual([warning.fields.count, warning.fields.keys], [1, [`${key.slice(0, 12)}… (enterprise)`]]);
  });
});
