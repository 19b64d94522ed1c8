import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';

const run = promisify(execFile);

async function pressbox(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args]);
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string; code: number };
    return { stdout: failure.stdout, stderr: failure.stderr, code: failure.code };
  }
}

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

  it('prints usage, empty at first', async () => {
    assert.match((await pressbox('usage', '--db', db)).stdout, /No loads recorded/);
    assert.deepEqual(JSON.parse((await pressbox('usage', '--db', db, '--json', '--month', '2026-11')).stdout), []);
  });
});
