// The CLI's refusals, as an operator meets them: a bad domain, plan or public suffix, a mistyped option, a store or
// Redis that is not there. Each says one line with the fix and exits 1 for a failure, 2 for a usage error. Apart from
// keys-command.test.ts so that the two files' processes run at once.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pressbox } from '../../helpers/cli.js';

describe('pressbox keys refusals and failures', () => {
  let dir: string;
  let db: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-cli-refusals-'));
    db = join(dir, 'keys.db');
    // A store with a key in it: the cases below read it.
    const created = await pressbox('keys', 'create', '--db', db, '--plan', 'free', '--domain', 'example.com');
    assert.equal(created.code, 0, created.stderr);
  });
  after(() => rm(dir, { recursive: true, force: true }));

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
      // Each case is a process of its own, independent of the others: they run at once.
      const results = await Promise.all(cases.map(([args]) => pressbox(...args)));
      for (const [index, [args, code, message]] of cases.entries()) {
        const result = results[index]!;
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
});
