import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { openSqliteStore } from '../../../../src/relay/store/sqlite.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

const ORIGIN = { origin: 'https://example.com' };

describe('metering widget loads', () => {
  let relay: RunningRelay;
  let now = Date.parse('2026-11-22T18:00:00Z');
  before(async () => {
    // Bursts far above the per-address rate limit, so only the quota decides here.
    relay = await testRelay({ now: () => now, rateLimit: { perMinute: 100_000, burst: 10_000 } });
  });
  after(() => relay.close());

  it('200 simultaneous requests on a key with 50 loads left: exactly 50 served, usage 50', async () => {
    const key = await addKey(relay, ['example.com'], { plan: 'custom:50' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, ORIGIN)));
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    assert.equal(served.length, 50);
    assert.equal(refused.length, 150);
    assert.ok(refused.every((answer) => answer.body.error.code === 'quota_exceeded'));
    assert.equal(await relay.store.loadsUsed(key, '2026-11'), 50);
    const remaining = served.map((answer) => Number(answer.headers.get('x-pressbox-loads-remaining'))).sort((a, b) => a - b);
    assert.deepEqual(
      remaining,
      Array.from({ length: 50 }, (_, i) => i),
      'each load saw its own remaining count',
    );
  });

  it('refuses a spent key with Retry-After to the first instant of next month (UTC)', async () => {
    const key = await addKey(relay, ['example.com'], { plan: 'custom:1' });
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, ORIGIN)).status, 200);
    const refused = await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, ORIGIN);
    assert.equal(refused.status, 429);
    assert.equal(Number(refused.headers.get('retry-after')), (Date.parse('2026-12-01T00:00:00Z') - now) / 1000);
    assert.match(refused.body.error.message, /day 1 at 00:00 UTC/);
    assert.equal(refused.headers.get('access-control-allow-origin'), 'https://example.com', 'the element can read why');
  });

  it('rolls over at 00:00:00.000 UTC on day 1, not a millisecond earlier, leap day included', async () => {
    for (const [lastInstant, firstInstant, before, after] of [
      ['2026-11-30T23:59:59.999Z', '2026-12-01T00:00:00.000Z', '2026-11', '2026-12'],
      ['2028-02-29T23:59:59.999Z', '2028-03-01T00:00:00.000Z', '2028-02', '2028-03'],
      ['2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.000Z', '2026-12', '2027-01'],
    ] as const) {
      const key = await addKey(relay, ['example.com'], { plan: 'custom:1' });
      now = Date.parse(lastInstant);
      assert.equal((await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, ORIGIN)).status, 200);
      const refused = await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, ORIGIN);
      assert.equal(refused.status, 429, `still ${before}`);
      assert.equal(refused.headers.get('retry-after'), '1', 'one second, rounded up, to the new month');
      now = Date.parse(firstInstant);
      assert.equal((await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, ORIGIN)).status, 200, `${after} starts fresh`);
      assert.equal(await relay.store.loadsUsed(key, before), 1);
      assert.equal(await relay.store.loadsUsed(key, after), 1);
    }
    now = Date.parse('2026-11-22T18:00:00Z');
  });

  it('does not count 304s, errors or denied origins', async () => {
    const key = await addKey(relay, ['example.com'], { plan: 'pro' });
    const first = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, ORIGIN);
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag')!;
    assert.ok(etag);
    const unchanged = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { ...ORIGIN, 'if-none-match': etag });
    assert.equal(unchanged.status, 304);
    assert.equal((await widgetGet(relay, `/v1/injuries?league=curling&key=${key}`, ORIGIN)).status, 400);
    assert.equal((await widgetGet(relay, `/v1/games/g_nba_19990101000?league=nba&key=${key}`, ORIGIN)).status, 404);
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://evil.net' })).status, 403);
    assert.equal(await relay.store.loadsUsed(key, '2026-11'), 1);
    assert.equal(first.headers.get('x-pressbox-loads-remaining'), String(1_000_000 - 1));
  });

  it('does not count a request the page abandoned before the answer was ready', async () => {
    const key = await addKey(relay, ['example.com'], { plan: 'pro' });
    relay.sandbox.faults.add({ kind: 'latency', latencyMs: 400, path: '/injuries' });
    const abort = new AbortController();
    const request = fetch(`${relay.origin}/v1/injuries?league=wnba&key=${key}`, { headers: ORIGIN, signal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    await assert.rejects(request);
    await new Promise((resolve) => setTimeout(resolve, 600));
    relay.sandbox.faults.clear();
    assert.equal(await relay.store.loadsUsed(key, '2026-11'), 0);
  });

  it('records loads per route and origin for `pressbox usage`', async () => {
    const key = await addKey(relay, ['example.com', 'news.example.org'], { plan: 'pro' });
    await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, ORIGIN);
    await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://news.example.org' });
    await widgetGet(relay, `/v1/scores?league=nba&key=${key}`, ORIGIN);
    const rows = await relay.store.usage({ key, month: '2026-11' });
    assert.deepEqual(
      rows.map((row) => [row.route, row.origin, row.loads]),
      [
        ['/v1/injuries', 'https://example.com', 1],
        ['/v1/injuries', 'https://news.example.org', 1],
        ['/v1/scores', 'https://example.com', 1],
      ],
    );
  });

  it('keeps counts atomic across two stores on one file', async () => {
    const file = `/tmp/pressbox-atomic-${process.pid}.db`;
    const first = openSqliteStore(file);
    const second = openSqliteStore(file);
    try {
      let counted = 0;
      for (let i = 0; i < 100; i++) {
        if ((await first.countLoad('k', '2026-11', 60, { route: '/v1/scores', origin: 'https://a' })).counted) counted++;
        if ((await second.countLoad('k', '2026-11', 60, { route: '/v1/scores', origin: 'https://a' })).counted) counted++;
      }
      assert.equal(counted, 60);
      assert.equal(await first.loadsUsed('k', '2026-11'), 60);
    } finally {
      await first.close();
      await second.close();
      for (const suffix of ['', '-wal', '-shm']) await import('node:fs/promises').then((fs) => fs.rm(file + suffix, { force: true }));
    }
  });
});
