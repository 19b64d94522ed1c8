import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSqliteStore } from '../../../src/relay/store/sqlite.js';
import { pressbox } from '../../helpers/cli.js';

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

  it('keeps the regions where a key’s odds may show: set, shown, replaced, cleared, and refused when no codes', async () => {
    const created = JSON.parse(
      (
        await pressbox(
          'keys',
          'create',
          '--db',
          db,
          '--plan',
          'pro',
          '--domain',
          'example.com',
          '--odds-regions',
          'us-nj,US-PA',
          '--odds-regions',
          'GB,US-NJ',
          '--json',
        )
      ).stdout,
    );
    assert.deepEqual(created.oddsRegions, ['US-NJ', 'US-PA', 'GB'], 'upper case, deduplicated');
    assert.match((await pressbox('keys', 'show', created.key, '--db', db)).stdout, /odds +shown only to readers in US-NJ, US-PA, GB/);
    const replaced = JSON.parse((await pressbox('keys', 'update', created.key, '--db', db, '--odds-regions', 'US', '--json')).stdout);
    assert.deepEqual(replaced.oddsRegions, ['US']);
    const cleared = JSON.parse((await pressbox('keys', 'update', created.key, '--db', db, '--no-odds-regions', '--json')).stdout);
    assert.equal(cleared.oddsRegions, null);
    assert.match((await pressbox('keys', 'show', created.key, '--db', db)).stdout, /odds +shown\n/);
    const wrong = await pressbox('keys', 'update', created.key, '--db', db, '--odds-regions', 'New Jersey');
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /"New Jersey" is not an ISO 3166 code such as US, GB or US-NJ/);
    const audit = JSON.parse((await pressbox('audit', '--db', db, '--json')).stdout) as Array<{ key: string; detail: string }>;
    assert.ok(audit.some((entry) => entry.key === created.key && entry.detail === 'odds regions US-NJ, US-PA, GB → US'));
  });

  it('keeps a key’s books: set, shown, replaced, cleared, and refused when not https or not a book', async () => {
    const book = 'Book A=https://book-a.example/bet?ref=PUB42&game={game}&side={side}';
    const created = JSON.parse(
      (await pressbox('keys', 'create', '--db', db, '--plan', 'pro', '--domain', 'example.com', '--bet-link', book, '--json')).stdout,
    );
    assert.deepEqual(created.betLinks, [{ name: 'Book A', template: 'https://book-a.example/bet?ref=PUB42&game={game}&side={side}' }]);
    assert.match(
      (await pressbox('keys', 'show', created.key, '--db', db)).stdout,
      /books +Book A → https:\/\/book-a\.example\/bet\?ref=PUB42/,
    );
    const two = JSON.parse(
      (
        await pressbox(
          'keys',
          'update',
          created.key,
          '--db',
          db,
          '--bet-link',
          'Book B=https://b.example/?aff=7',
          '--bet-link',
          'Book C=https://c.example/{league}',
          '--json',
        )
      ).stdout,
    );
    assert.deepEqual(
      two.betLinks.map((listed: { name: string }) => listed.name),
      ['Book B', 'Book C'],
      'replacing the list',
    );
    const cleared = JSON.parse((await pressbox('keys', 'update', created.key, '--db', db, '--no-bet-links', '--json')).stdout);
    assert.deepEqual(cleared.betLinks, []);
    assert.match((await pressbox('keys', 'show', created.key, '--db', db)).stdout, /books +none/);
    for (const [written, message] of [
      ['Book=http://book.example/', /must be https/],
      ['Book=https://{home}.example/', /placeholder cannot stand in the link's host/],
      ['Book=https://book.example/{promo}', /\{promo\} is no placeholder/],
      ['https://book.example/', /write each book as "Name=https/],
    ] as const) {
      const wrong = await pressbox('keys', 'update', created.key, '--db', db, '--bet-link', written);
      assert.equal(wrong.code, 2, written);
      assert.match(wrong.stderr, message);
    }
    const audit = JSON.parse((await pressbox('audit', '--db', db, '--json')).stdout) as Array<{ key: string; detail: string }>;
    assert.ok(audit.some((entry) => entry.key === created.key && entry.detail === 'bet links Book A → Book B, Book C'));
  });

  it('keeps a key’s responsible-gambling line per region: set, shown, replaced, cleared, and refused when not plain text', async () => {
    const created = JSON.parse(
      (
        await pressbox(
          'keys',
          'create',
          '--db',
          db,
          '--plan',
          'pro',
          '--domain',
          'example.com',
          '--gambling-line',
          'us-nj=21+ only. Gambling problem? Call 1-800-GAMBLER.',
          '--gambling-line',
          'GB=18+ BeGambleAware.org',
          '--json',
        )
      ).stdout,
    );
    assert.deepEqual(created.gamblingLines, { 'US-NJ': '21+ only. Gambling problem? Call 1-800-GAMBLER.', GB: '18+ BeGambleAware.org' });
    assert.match((await pressbox('keys', 'show', created.key, '--db', db)).stdout, /gambling US-NJ: 21\+ only\. Gambling problem\?/);
    const replaced = JSON.parse((await pressbox('keys', 'update', created.key, '--db', db, '--gambling-line', 'US=21+', '--json')).stdout);
    assert.deepEqual(replaced.gamblingLines, { US: '21+' });
    const cleared = JSON.parse((await pressbox('keys', 'update', created.key, '--db', db, '--no-gambling-lines', '--json')).stdout);
    assert.equal(cleared.gamblingLines, null);
    const wrong = await pressbox('keys', 'update', created.key, '--db', db, '--gambling-line', 'US-NJ=<b>21+</b>');
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /plain text/);
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
  it('prints the clicks on prices by key, book and element, per thousand of the key’s loads', async () => {
    const key = `pk_live_${'c'.repeat(32)}`;
    const store = openSqliteStore(db);
    const load = { route: '/v1/odds', origin: 'https://example.com', prefix: '203.0.113.0/24', client: 'browser' as const };
    for (let index = 0; index < 400; index++) await store.countLoad(key, '2026-09', 1_000_000, { ...load, day: '2026-09-14' });
    for (const [book, clicks] of [
      ['Book A', 3],
      ['Book B', 1],
    ] as const)
      for (let index = 0; index < clicks; index++) await store.countClick({ key, day: '2026-09-14', book, element: 'odds-board' });
    await store.close();
    const rows = JSON.parse((await pressbox('usage', '--clicks', '--db', db, '--json', '--month', '2026-09')).stdout);
    assert.deepEqual(
      rows.map((row: { book: string; clicks: number; perThousandLoads: number }) => [row.book, row.clicks, row.perThousandLoads]),
      [
        ['Book A', 3, 7.5],
        ['Book B', 1, 2.5],
      ],
    );
    assert.match(
      (await pressbox('usage', '--clicks', '--db', db, '--day', '2026-09-14')).stdout,
      /2026-09 +pk_live_c+ +Book A\s+odds-board\s+3\s+7\.5/,
    );
    assert.match(
      (await pressbox('usage', '--clicks', '--db', db)).stdout,
      /Book B\s+odds-board\s+1\s+2\.5/,
      'every month when none is named',
    );
    assert.match((await pressbox('usage', '--clicks', '--db', db, '--month', '2026-08')).stdout, /No clicks on prices recorded/);
  });
});
