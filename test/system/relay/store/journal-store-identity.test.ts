// A journal belongs to the store it served. Three relays started from one folder (one default journal) on a new Redis,
// after an earlier one, take it for the new store it is: a key created there is served at once, on GETs and streams,
// and the loads the journal still holds for the earlier store are kept for it, never counted in the new one. A Redis
// that lost its data is still noticed and said, by a running relay and by one started on it.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import Database from 'better-sqlite3';
import type { Logger } from '../../../../src/relay/base/logger.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { openLoadJournal } from '../../../../src/relay/metering/journal.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';
import { pressbox } from '../../../helpers/cli.js';
import { openStream } from '../../../helpers/live.js';
import { addKey, readinessOnce, testRelay, widgetGet } from '../../../helpers/relay.js';

type Line = { level: string; message: string; fields: Record<string, unknown> };

describe('a journal reused with a new Redis', () => {
  let dir: string;
  let journal: string;
  let fresh: string;
  const servers: ChildProcess[] = [];
  const relays: RunningRelay[] = [];
  const lines: Line[] = [];
  const logger: Logger = { log: (level, message, fields = {}) => void lines.push({ level, message, fields }) };

  const redisServer = async () => {
    const port = await freePort();
    servers.push(await startRedisServer(port));
    return `redis://127.0.0.1:${port}`;
  };
  const start = (url: string) => testRelay({ redis: url, journal, logger, now: () => Date.now() });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-journal-identity-'));
    journal = join(dir, 'pressbox-journal.db');
  });
  after(async () => {
    await Promise.all(relays.map((relay) => relay.close().catch(() => {})));
    for (const server of servers) server.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a key of the new store on every relay at once, and keeps the earlier store’s loads for it', async () => {
    // The earlier store: a relay serves a key, loses Redis, journals what it serves, and stops with loads pending.
    const earlier = await redisServer();
    const first = await start(earlier);
    const old = await addKey(first, ['example.com']);
    for (let i = 0; i < 3; i++) assert.equal((await widgetGet(first, `/v1/injuries?league=nba&key=${old}`)).status, 200);
    servers[0]!.kill('SIGKILL');
    for (let i = 0; i < 3; i++) await widgetGet(first, `/v1/injuries?league=nba&key=${old}`);
    await first.close();
    const pending = () => new Database(journal, { readonly: true }).prepare('SELECT count(*) AS n FROM journal').get() as { n: number };
    assert.ok(pending().n > 0, 'loads of the earlier store wait in the journal');

    fresh = await redisServer();
    relays.push(await start(fresh), await start(fresh), await start(fresh));
    const created = await pressbox('keys', 'create', '--plan', 'pro', '--domain', 'example.com', '--redis', fresh, '--json');
    assert.equal(created.code, 0, created.stderr);
    const key = (JSON.parse(created.stdout) as { key: string }).key;

    let served = 0;
    for (let i = 0; i < 30; i++) if ((await widgetGet(relays[i % 3]!, `/v1/injuries?league=nba&key=${key}`)).status === 200) served++;
    assert.equal(served, 30, 'no load refused as if the new store were an emptied one');
    const streams = await Promise.all(relays.map((relay) => openStream(relay, key, ['/v1/injuries?league=nba'])));
    try {
      assert.deepEqual(
        streams.map((stream) => stream.status),
        [200, 200, 200],
      );
    } finally {
      for (const stream of streams) stream.close();
    }
    for (const relay of relays) assert.deepEqual(await readinessOnce(relay.origin, 'ready'), { status: 'ready', store: 'ok', upstream: 'ok' });
    assert.equal(lines.filter((line) => line.message === 'store emptied').length, 0, 'nothing said of a store that was never lost');

    const redis = new Redis(fresh);
    try {
      assert.deepEqual(await redis.keys(`*${old}*`), [], 'the earlier store’s key never reaches the new one');
    } finally {
      redis.disconnect();
    }
    assert.ok(pending().n > 0, 'the earlier store’s loads are kept, not replayed into this one');
    assert.ok(
      lines.some((line) => line.level === 'warn' && line.message.includes('journal holds loads of another store')),
      'and the relay says so',
    );
  });

  it('still notices a Redis that lost its data, running and at start', async () => {
    const redis = new Redis(fresh);
    try {
      await redis.flushall();
      const readiness = (await readinessOnce(relays[0]!.origin, 'degraded')) as { problems: { store: string } };
      assert.match(readiness.problems.store, /^emptied: /);
      await relays.pop()!.close();
      lines.length = 0;
      relays.push(await start(fresh));
      const again = (await readinessOnce(relays.at(-1)!.origin, 'degraded')) as { problems: { store: string } };
      assert.match(again.problems.store, /^emptied: /, 'its journal remembers the store it served there');
      assert.ok(lines.some((line) => line.message === 'store emptied'));
      assert.equal(await redis.exists('pressbox:store'), 0, 'no relay starts a new store over the lost one');
    } finally {
      redis.disconnect();
    }
  });

  it('reads a journal of the earlier release: its loads are the store it knew, wherever that was', () => {
    const file = join(dir, 'earlier-release.db');
    const earlier = new Database(file);
    earlier.exec(`
      CREATE TABLE journal (id INTEGER PRIMARY KEY, batch TEXT, load TEXT NOT NULL);
      CREATE TABLE seen_store (only INTEGER PRIMARY KEY CHECK (only = 1), id TEXT NOT NULL);
      INSERT INTO seen_store VALUES (1, 'the-store');
      INSERT INTO journal (load) VALUES ('{}');
    `);
    earlier.close();
    const journal = openLoadJournal(file);
    try {
      assert.equal(journal.storeAt('redis 127.0.0.1:6379/0'), 'the-store', 'an emptied Redis is still noticed after the upgrade');
      assert.equal(journal.serve('another-store', 'redis 127.0.0.1:6380/0'), 1, 'its load kept for its store');
      assert.equal(journal.pending(), 0);
      assert.equal(journal.storeAt('redis 127.0.0.1:6379/0'), undefined, 'once addresses are known, only they match');
      assert.equal(journal.serve('the-store', 'redis 127.0.0.1:6379/0'), 0);
      assert.equal(journal.pending(), 1, 'and replayed when its store is served again');
    } finally {
      journal.close();
    }
  });
});
