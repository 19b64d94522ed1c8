import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSqliteStore } from '../../src/relay/store/sqlite.js';
import { pressbox } from '../helpers/cli.js';

describe('pressbox keys and pressbox usage', () => {
  let dir: string;
  let db: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-cli-'));
    db = join(dir, 'keys.db');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('creates a key, lists it, checks origins saying which rule decided, updates and revokes it', async () => {
    const created = JSON.parse(
      (
        await pressbox(
          'keys',
          'create',
          '--db',
          db,
          '--plan',
          'starter',
          '--domain',
          '*.example.com',
          '--domain',
          'http://localhost',
          '--name',
          'Example',
          '--json',
        )
      ).stdout,
    );
    assert.match(created.key, /^pk_live_[0-9a-f]{32}$/);
    const listed = JSON.parse((await pressbox('keys', 'list', '--db', db, '--json')).stdout);
    assert.deepEqual(
      listed.map((key: { key: string }) => key.key),
      [created.key],
    );

    const allowed = await pressbox('keys', 'check', created.key, 'https://news.example.com', '--db', db);
    assert.equal(allowed.code, 0);
    assert.match(allowed.stdout, /allowed: https:\/\/news\.example\.com matches "\*\.example\.com"/);
    const denied = await pressbox('keys', 'check', created.key, 'https://example.com', '--db', db);
    assert.equal(denied.code, 1);
    assert.match(denied.stdout, /denied: https:\/\/example\.com matches none/);

    const updated = JSON.parse((await pressbox('keys', 'update', created.key, '--db', db, '--domain', 'example.com', '--json')).stdout);
    assert.deepEqual(updated.domains, ['example.com']);
    const added = JSON.parse(
      (await pressbox('keys', 'update', created.key, '--db', db, '--add-domain', 'news.example.org', '--json')).stdout,
    );
    assert.deepEqual(added.domains, ['example.com', 'news.example.org'], '--add-domain keeps the others');
    const removed = JSON.parse(
      (await pressbox('keys', 'update', created.key, '--db', db, '--remove-domain', 'example.com', '--json')).stdout,
    );
    assert.deepEqual(removed.domains, ['news.example.org'], '--remove-domain takes out only that one');
    const revoked = JSON.parse((await pressbox('keys', 'revoke', created.key, '--db', db, '--json')).stdout);
    assert.ok(revoked.revokedAt);
    assert.match((await pressbox('keys', 'check', created.key, 'https://example.com', '--db', db)).stdout, /revoked/);
  });

  it('refuses a bad domain or plan with the reason', async () => {
    const badDomain = await pressbox('keys', 'create', '--db', db, '--plan', 'free', '--domain', 'example.com/news');
    assert.notEqual(badDomain.code, 0);
    assert.match(badDomain.stderr, /without a path/);
    const badPlan = await pressbox('keys', 'create', '--db', db, '--plan', 'gold', '--domain', 'example.com');
    assert.match(badPlan.stderr, /free, starter, builder, pro or custom:N/);
  });

  it('refuses a pattern that is, or wildcards over, a public suffix, and stores the canonical form', async () => {
    for (const pattern of ['*.co.uk', '*.github.io', 'com', 'vercel.app']) {
      const refused = await pressbox('keys', 'create', '--db', db, '--plan', 'free', '--domain', pattern);
      assert.equal(refused.code, 2, pattern);
      assert.match(refused.stderr, /public suffix/, pattern);
      assert.equal(refused.stderr.trim().split('\n').length, 1, 'one line');
    }
    const created = JSON.parse(
      (
        await pressbox(
          'keys',
          'create',
          '--db',
          db,
          '--plan',
          'custom:1',
          '--domain',
          'News.Example.CO.UK.',
          '--domain',
          'BÜCHER.de',
          '--json',
        )
      ).stdout,
    );
    assert.deepEqual(created.domains, ['news.example.co.uk', 'xn--bcher-kva.de']);
    assert.match((await pressbox('keys', 'show', created.key, '--db', db)).stdout, /\(1 load a month\)/);
  });

  it('says every failure in one line with the fix, never a stack trace: 1 for failures, 2 for usage', async () => {
    const busy = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    const busyPort = (busy.address() as AddressInfo).port;
    try {
      const cases: Array<[string[], number, RegExp]> = [
        [['--version'], 0, /^\d+\.\d+\.\d+$/],
        [['keys', 'list', '--db', db, '--colour'], 2, /unknown option '--colour'/],
        [['keys', 'create', '--db', db, '--plan', 'gold', '--domain', 'example.com'], 2, /free, starter, builder, pro or custom:N/],
        [['keys', 'list', '--db', join(dir, 'typo.db')], 1, /no database at .*typo\.db: pass --db/],
        [['usage', '--db', join(dir, 'typo.db')], 1, /no database at/],
        [['keys', 'show', 'pk_live_00000000000000000000000000000000', '--db', db], 1, /no key pk_live_0+ in this store/],
        [
          ['keys', 'create', '--db', join(dir, 'missing', 'keys.db'), '--plan', 'free', '--domain', 'example.com'],
          1,
          /cannot open the database .*folder does not exist/,
        ],
        [['serve', '--db', db, '--port', String(busyPort)], 1, new RegExp(`port ${busyPort} on 127.0.0.1 is already in use`)],
        [['keys', 'list', '--redis', 'redis://:secret@127.0.0.1:1'], 1, /cannot reach Redis at 127\.0\.0\.1:1/],
        [['keys', 'list', '--redis', 'http://127.0.0.1:6379'], 2, /--redis takes redis:\/\/host:port/],
        [['serve', '--redis', 'redis+sentinel://127.0.0.1:26379'], 2, /names its master group/],
        [
          ['keys', 'list', '--redis', 'redis+sentinel://:secret@127.0.0.1:1/pressbox'],
          1,
          /cannot reach Redis at the sentinels 127\.0\.0\.1:1 \(master pressbox\)/,
        ],
      ];
      for (const [args, code, message] of cases) {
        const result = await pressbox(...args);
        const said = (code === 0 ? result.stdout : result.stderr).trim();
        assert.equal(result.code, code, `${args.join(' ')}: ${said}`);
        assert.match(said, message, args.join(' '));
        assert.equal(said.split('\n').length, 1, `${args.join(' ')} says one line: ${said}`);
        assert.doesNotMatch(said, /\n\s+at |Usage:|secret/, args.join(' '));
      }
      assert.ok(!existsSync(join(dir, 'typo.db')), 'a read on a mistyped --db creates no file');
    } finally {
      busy.close();
    }
  });

  it('names a mistyped option before a missing one, and reads a host typed without its scheme as https', async () => {
    const typo = await pressbox('keys', 'create', '--db', db, '--plan', 'free', '--domian', 'example.com');
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /unknown option '--domian'\n\(Did you mean --domain\?\)/);
    assert.doesNotMatch(typo.stderr, /required option/);
    const created = JSON.parse(
      (await pressbox('keys', 'create', '--db', db, '--plan', 'free', '--domain', '*.example.com', '--json')).stdout,
    );
    const host = await pressbox('keys', 'check', created.key, 'www.example.com', '--db', db);
    assert.equal(host.code, 0, host.stderr);
    assert.match(host.stdout, /^allowed: www\.example\.com \(read as https:\/\/www\.example\.com\) matches "\*\.example\.com"/);
    const elsewhere = await pressbox('keys', 'check', created.key, 'www.example.org', '--db', db);
    assert.equal(elsewhere.code, 1);
    assert.match(elsewhere.stdout, /^denied: https:\/\/www\.example\.org /);
  });

  it('rotates a key: a new key with the same settings, the old one working until its grace period ends', async () => {
    const old = JSON.parse((await pressbox('keys', 'create', '--db', db, '--plan', 'builder', '--domain', 'example.com', '--json')).stdout);
    const rotated = await pressbox('keys', 'rotate', old.key, '--grace', '2h', '--db', db);
    assert.equal(rotated.code, 0, rotated.stderr);
    assert.match(rotated.stdout, new RegExp(`${old.key} keeps working until`));
    const fresh = rotated.stdout.match(/pk_live_[0-9a-f]{32}/)![0];
    assert.notEqual(fresh, old.key);
    assert.match((await pressbox('keys', 'check', old.key, 'https://example.com', '--db', db)).stdout, /^allowed/);
    assert.match((await pressbox('keys', 'show', old.key, '--db', db)).stdout, /works until .*then revoked/);
    assert.match((await pressbox('keys', 'show', fresh, '--db', db)).stdout, /builder[\s\S]*example\.com/);
    const bad = await pressbox('keys', 'rotate', old.key, '--grace', 'soon', '--db', db);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /7d, 12h or 30m/);
  });

  it('prints usage, empty at first', async () => {
    assert.match((await pressbox('usage', '--db', db)).stdout, /No loads recorded/);
    assert.deepEqual(JSON.parse((await pressbox('usage', '--db', db, '--json', '--month', '2026-11')).stdout), []);
  });

  it('lists every change made from the shell in the audit log, with the account that ran it', async () => {
    const entries = JSON.parse((await pressbox('audit', '--db', db, '--json')).stdout);
    const actions = (entries as Array<{ action: string; actor: string }>).map((entry) => entry.action);
    for (const action of ['key.create', 'key.update', 'key.revoke', 'key.rotate'])
      assert.ok(actions.includes(action), `${action} in ${actions.join(', ')}`);
    assert.ok((entries as Array<{ actor: string }>).every((entry) => entry.actor.startsWith('cli:')));
    const text = (await pressbox('audit', '--db', db, '--limit', '2')).stdout.trim().split('\n');
    assert.equal(text.length, 2, 'newest two');
  });

  it('prints the upstream units of a month, empty when the relay spent none', async () => {
    assert.match((await pressbox('usage', '--upstream', '--db', db, '--month', '2026-11')).stdout, /No upstream units recorded/);
    assert.deepEqual(JSON.parse((await pressbox('usage', '--upstream', '--db', db, '--json', '--month', '2026-11')).stdout), []);
  });

  it('prints the upstream units by the key that caused them, most first', async () => {
    const store = openSqliteStore(db);
    await store.countUpstreamUnits({ month: '2026-10', upstream: 'live', endpoint: '/lines', units: 40, key: 'pk_live_attacker' });
    await store.countUpstreamUnits({ month: '2026-10', upstream: 'live', endpoint: '/games', units: 3, key: 'pk_live_honest' });
    await store.countUpstreamUnits({ month: '2026-10', upstream: 'live', endpoint: '/me', units: 1, key: '' });
    await store.close();
    const rows = JSON.parse((await pressbox('usage', '--upstream', '--by', 'key', '--db', db, '--json', '--month', '2026-10')).stdout);
    assert.deepEqual(
      rows.map((row: { key: string; units: number }) => [row.key, row.units]),
      [
        ['pk_live_attacker', 40],
        ['pk_live_honest', 3],
        ['', 1],
      ],
    );
    const text = (await pressbox('usage', '--upstream', '--by', 'key', '--db', db, '--month', '2026-10')).stdout;
    assert.match(text, /pk_live_attacker\s+40\s+90\.9 %/);
    assert.match(text, /\(the relay: recorder, budget watch\)/);
    const wrong = await pressbox('usage', '--by', 'key', '--db', db);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /pressbox usage --upstream --by key/);
  });
});
