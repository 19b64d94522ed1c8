// Backups that restore: a SQLite store backed up while a relay serves, restored into a new file that serves the same
// publisher pages; keys exported and imported with their values, settings and month; a SQLite backup restored into
// Redis; and files that are not backups refused with a line that says what to pass.
import assert from 'node:assert/strict';
import { statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { throwawayRedis } from '../../harness/local-servers.js';
import { createKey } from '../../../src/relay/key-service/service.js';
import { openStore } from '../../../src/relay/store/open.js';
import { pressbox } from '../../helpers/cli.js';
import { monthOf } from '../../helpers/clock.js';
import { testRelay, widgetGet } from '../../helpers/relay.js';

describe('pressbox store backup and restore, keys export and import', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-backup-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('backs up a SQLite store while a relay serves, and restores it into a new file that serves the same pages', async () => {
    const db = join(dir, 'live.db');
    const backup = join(dir, 'live-backup.db');
    const relay = await testRelay({ db, now: () => Date.now() });
    let key: string;
    try {
      key = (await createKey(relay.store, { plan: 'starter', domains: ['news.example'], name: 'News', test: false }, Date.now())).key;
      for (let i = 0; i < 4; i++)
        assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://news.example' })).status, 200);
      const made = await pressbox('store', 'backup', backup, '--db', db);
      assert.equal(made.code, 0, made.stderr);
      assert.match(made.stdout, /backed up to .*live-backup\.db \(store version \d+\)/);
      assert.equal(statSync(backup).mode & 0o777, 0o600, 'the backup holds keys and secrets: its owner’s alone');
      const again = await pressbox('store', 'backup', backup, '--db', db);
      assert.deepEqual(
        [again.code, again.stderr.trim()],
        [1, `pressbox: ${backup} exists already: name a new file, or move it aside first.`],
      );
    } finally {
      await relay.close();
    }

    const occupied = await pressbox('store', 'restore', backup, '--db', db);
    assert.equal(occupied.code, 1);
    assert.match(occupied.stderr, /exists already: restore into a new file \(--db NEW\)/);
    const restoredDb = join(dir, 'restored.db');
    const restored = await pressbox('store', 'restore', backup, '--db', restoredDb);
    assert.equal(restored.code, 0, restored.stderr);
    const again = await testRelay({ db: restoredDb, now: () => Date.now() });
    try {
      assert.equal(await again.store.loadsUsed(key, monthOf(Date.now())), 4, 'the month as it was');
      const answer = await widgetGet(again, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://news.example' });
      assert.equal(answer.status, 200, 'the same key on the same page works');
      assert.equal(answer.headers.get('x-pressbox-loads-remaining'), String(25_000 - 5));
    } finally {
      await again.close();
    }
  });

  it('exports keys with their values and settings, imports them elsewhere, and never counts a month twice', async () => {
    const source = join(dir, 'source.db');
    const store = await openStore({ db: source });
    const month = monthOf(Date.now());
    const daily = await createKey(
      store,
      {
        plan: 'custom:5000',
        domains: ['*.example.org'],
        name: 'Daily',
        test: false,
        dailyLimit: 300,
        browserOnly: true,
        oddsRegions: ['US-NJ', 'GB'],
      },
      1,
    );
    const old = await createKey(store, { plan: 'free', domains: ['old.example'], name: 'Old', test: true }, 2);
    await store.revokeKey(old.key, 3);
    await store.restoreLoads(daily.key, month, 120);
    await store.close();

    const exported = await pressbox('keys', 'export', '--db', source);
    assert.equal(exported.code, 0, exported.stderr);
    const file = join(dir, 'keys.json');
    writeFileSync(file, exported.stdout);
    const target = join(dir, 'target.db');
    const first = await pressbox('keys', 'import', file, '--db', target);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^2 keys created, 0 updated/);
    const second = await pressbox('keys', 'import', file, '--db', target, '--json');
    assert.deepEqual(JSON.parse(second.stdout), { created: 0, updated: 2, months: 0, secrets: 0, marked: false });

    const imported = await openStore({ db: target });
    try {
      assert.deepEqual(await imported.getKey(daily.key), daily, 'same value, plan, domains, limits, odds regions');
      assert.equal((await imported.getKey(old.key))!.revokedAt, 3, 'a revoked key stays revoked');
      assert.equal(await imported.loadsUsed(daily.key, month), 120, 'the month once, however often it is imported');
    } finally {
      await imported.close();
    }
    const report = await pressbox('usage', '--db', target, '--json');
    assert.deepEqual(
      (JSON.parse(report.stdout) as Array<{ route: string; origin: string; loads: number }>).map(({ route, origin, loads }) => [
        route,
        origin,
        loads,
      ]),
      [['restored', 'backup', 120]],
      'reports say where the loads came from',
    );
  });

  it('restores a SQLite backup into Redis: keys, months and the embed signing secret', async () => {
    const redis = await throwawayRedis();
    try {
      const db = join(dir, 'to-redis.db');
      const store = await openStore({ db });
      const key = await createKey(store, { plan: 'pro', domains: ['example.com'], name: '', test: false }, 5);
      await store.restoreLoads(key.key, '2026-11', 77);
      const secret = await store.sharedSecret('embed-tokens', () => 'the-signing-secret');
      await store.close();
      const restored = await pressbox('store', 'restore', db, '--redis', redis.url);
      assert.equal(restored.code, 0, restored.stderr);
      assert.match(restored.stdout, /1 signing secrets restored/);
      const target = await openStore({ redis: redis.url });
      try {
        assert.deepEqual(await target.getKey(key.key), { ...key, dailyLimit: null, browserOnly: false });
        assert.equal(await target.loadsUsed(key.key, '2026-11'), 77);
        assert.equal(await target.readSecret('embed-tokens'), secret, 'embedded frames keep verifying');
      } finally {
        await target.close();
      }
    } finally {
      redis.stop();
    }
  });

  it('refuses what is not a backup, saying what to pass', async () => {
    const notJson = join(dir, 'notes.txt');
    writeFileSync(notJson, 'hello');
    const wrongKey = join(dir, 'wrong.json');
    writeFileSync(
      wrongKey,
      JSON.stringify({ format: 'pressbox-keys', version: 1, exportedAt: '', usage: [], keys: [{ key: 'pk_live_short' }] }),
    );
    const db = join(dir, 'refusing.db');
    for (const [file, expected] of [
      [notJson, /notes\.txt: the file is not JSON: pass a file written by pressbox keys export/],
      [wrongKey, /wrong\.json: the file is not a Pressbox keys backup: keys\.0\.key: a key is pk_live_ or pk_test_ and 32 hex characters/],
      [join(dir, 'restored.db'), /is a SQLite store: restore it with pressbox store restore/],
      [join(dir, 'missing.json'), /no file at .*missing\.json/],
    ] as const) {
      const answer = await pressbox('keys', 'import', file, '--db', db);
      assert.equal(answer.code, 1);
      assert.match(answer.stderr, expected);
      assert.equal(answer.stderr.trim().split('\n').length, 1, 'one line');
    }
  });
});
