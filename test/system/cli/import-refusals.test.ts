// Imports and backups take nothing they should not: a crafted keys file (control characters in a key or name, a secret
// the relay does not back up, usage for keys that exist nowhere, a file too large to be one) is refused in one line
// with nothing written; `pressbox usage` never hands a terminal a control character; a backup never writes through a
// symbolic link and is its owner's alone.
import assert from 'node:assert/strict';
import { existsSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey } from '../../../src/relay/key-service/service.js';
import { openStore } from '../../../src/relay/store/open.js';
import { throwawayRedis } from '../../harness/local-servers.js';
import { pressbox } from '../../helpers/cli.js';

const MONTH = '2026-11';
const stranger = `pk_live_${'a'.repeat(32)}`;

describe('keys import and store backup refuse what they should not take', () => {
  let dir: string;
  let db: string;
  let held: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-import-refusals-'));
    db = join(dir, 'target.db');
    const store = await openStore({ db });
    held = (await createKey(store, { plan: 'free', domains: ['example.com'], name: 'Held', test: false }, 1)).key;
    await store.close();
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const backupOf = (parts: Record<string, unknown>) => ({ format: 'pressbox-keys', version: 1, exportedAt: '', keys: [], usage: [], ...parts });
  const newKey = (key: string, name = 'New') => ({
    key,
    test: false,
    plan: 'free',
    domains: ['example.org'],
    name,
    createdAt: 1,
    revokedAt: null,
  });

  const importOf = async (name: string, content: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(content));
    return pressbox('keys', 'import', file, '--db', db);
  };

  const storeIsAsItWas = async () => {
    const store = await openStore({ db, readonly: true });
    try {
      assert.deepEqual(
        (await store.listKeys()).map((key) => key.key),
        [held],
        'no key created',
      );
      assert.deepEqual(await store.monthlyTotals(), [], 'no month written');
      assert.equal(await store.readSecret('alert:upstream-key:2026-11:x'), undefined, 'no secret written');
    } finally {
      await store.close();
    }
  };

  it('refuses a crafted file in one line, writing nothing', async () => {
    const fresh = `pk_live_${'b'.repeat(32)}`;
    for (const [name, content, expected] of [
      [
        'escapes.json',
        backupOf({ usage: [{ key: `${held}\u001b[2J\r\nforged`, month: MONTH, loads: 5 }] }),
        /escapes\.json: the file is not a Pressbox keys backup: usage\.0\.key: a key is pk_live_ or pk_test_ and 32 hex characters/,
      ],
      [
        'name.json',
        backupOf({ keys: [newKey(fresh, 'News\u001b]0;owned\u0007')] }),
        /name\.json: .*keys\.0\.name: a name has no control characters/,
      ],
      [
        'secret.json',
        backupOf({ keys: [newKey(fresh)], secrets: { 'alert:upstream-key:2026-11:x': 'claimed' } }),
        /secret\.json: .*secrets: a backup carries no secret but embed-tokens/,
      ],
      [
        'stranger.json',
        backupOf({ keys: [newKey(fresh)], usage: [{ key: stranger, month: MONTH, loads: 5 }] }),
        new RegExp(`usage\\.0\\.key: ${stranger} is neither in the file's keys nor in this store: nothing was imported`),
      ],
    ] as const) {
      const answer = await importOf(name, content);
      assert.equal(answer.code, 1, `${name}: ${answer.stdout}`);
      assert.match(answer.stderr, expected);
      assert.equal(answer.stderr.trim().split('\n').length, 1, `${name}: one line`);
      assert.ok(!answer.stderr.includes('\u001b'), `${name}: no control character reaches the terminal`);
      await storeIsAsItWas();
    }
  });

  it('refuses a file larger than any backup before reading it', async () => {
    const file = join(dir, 'huge.json');
    writeFileSync(file, '');
    truncateSync(file, 90 * 1024 ** 2);
    const started = performance.now();
    const answer = await pressbox('keys', 'import', file, '--db', db);
    assert.equal(answer.code, 1);
    assert.match(
      answer.stderr,
      /huge\.json is larger than 64 MB, more than a keys backup holds \(100,000 keys, 500,000 months of usage\): pass a file written by pressbox keys export\./,
    );
    assert.ok(performance.now() - started < 10_000, 'refused at once');
    await storeIsAsItWas();
  });

  it('takes usage for a key the store holds, and for one the file brings', async () => {
    const brought = `pk_test_${'c'.repeat(32)}`;
    const answer = await importOf(
      'good.json',
      backupOf({
        keys: [{ ...newKey(brought), test: true }],
        usage: [
          { key: held, month: MONTH, loads: 3 },
          { key: brought, month: MONTH, loads: 4 },
        ],
      }),
    );
    assert.equal(answer.code, 0, answer.stderr);
    assert.match(answer.stdout, /^1 keys created, 0 updated.*\n2 months of usage restored/);
  });

  it('prints usage with control characters escaped, never raw', async () => {
    const poisoned = join(dir, 'poisoned.db');
    const store = await openStore({ db: poisoned });
    // As a store written before imports were checked may hold it.
    await store.restoreLoads(`${held}\u001b[2J\r\u009b`, MONTH, 7);
    await store.close();
    const report = await pressbox('usage', '--db', poisoned);
    assert.equal(report.code, 0, report.stderr);
    // eslint-disable-next-line no-control-regex -- finding control characters is this check's whole job
    assert.doesNotMatch(report.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, 'nothing a terminal acts on (but the line breaks)');
    assert.ok(report.stdout.includes(`${held}\\u001b[2J\\u000d\\u009b`), report.stdout);
  });

  it('never writes a backup through a symbolic link, and makes it readable by its owner only', async () => {
    const redis = await throwawayRedis();
    try {
      await pressbox('keys', 'create', '--plan', 'free', '--domain', 'example.com', '--redis', redis.url);
      for (const store of [['--db', db], ['--redis', redis.url]]) {
        const target = join(dir, `target-of-link-${store[0]!.slice(2)}`);
        const link = join(dir, `link-${store[0]!.slice(2)}`);
        symlinkSync(target, link);
        const answer = await pressbox('store', 'backup', link, ...store);
        assert.deepEqual(
          [answer.code, answer.stderr.trim()],
          [1, `pressbox: ${link} is a symbolic link: a backup never writes through one; name a new file instead.`],
        );
        assert.equal(existsSync(target), false, 'the link’s target is not created');

        const file = join(dir, `backup-${store[0]!.slice(2)}`);
        const made = await pressbox('store', 'backup', file, ...store);
        assert.equal(made.code, 0, made.stderr);
        assert.equal(statSync(file).mode & 0o777, 0o600, 'keys and the signing secret: its owner’s alone');
      }
      const exported = join(dir, 'export-link');
      symlinkSync(join(dir, 'export-target'), exported);
      const answer = await pressbox('keys', 'export', '--db', db, '--out', exported);
      assert.equal(answer.code, 1);
      assert.match(answer.stderr, /export-link is a symbolic link/);
      assert.equal(existsSync(join(dir, 'export-target')), false);
    } finally {
      redis.stop();
    }
  });
});
