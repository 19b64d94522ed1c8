import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { openStore } from '../../../../src/relay/store/open.js';
import type { RelayStore } from '../../../../src/relay/store/types.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { monthOf } from '../../../helpers/clock.js';
import { names } from '../../../../src/relay/store/redis/names.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';

const STORES: Array<[name: string, open: () => Promise<RelayStore>]> = [
  ['SQLite', () => openStore({ db: ':memory:' })],
  ['Redis', () => openStore({ redis: testRedisUrl() })],
];

before(async () => {
  const redis = new Redis(testRedisUrl());
  await redis.flushdb();
  await redis.quit();
});

for (const [name, open] of STORES) {
  describe(`${name} store`, () => {
    let store: RelayStore;
    before(async () => {
      store = await open();
    });
    after(() => store.close());

    it('creates, lists, updates and revokes keys', async () => {
      const key = await createKey(store, { plan: 'starter', domains: ['example.com'], name: 'News', test: false }, 1_700_000_000_000);
      assert.deepEqual(await store.getKey(key.key), key);
      assert.ok((await store.listKeys()).some((listed) => listed.key === key.key));
      const updated = await store.updateKey(key.key, { domains: ['*.example.com'], plan: 'custom:5' });
      assert.deepEqual([updated!.domains, updated!.plan, updated!.name], [['*.example.com'], 'custom:5', 'News']);
      assert.equal((await store.revokeKey(key.key, 1_800_000_000_000))!.revokedAt, 1_800_000_000_000);
      assert.equal(
        (await store.revokeKey(key.key, 1_900_000_000_000))!.revokedAt,
        1_800_000_000_000,
        'revoking again keeps the first time',
      );
      assert.equal(await store.getKey('pk_live_unknown'), undefined);
      assert.equal(await store.updateKey('pk_live_unknown', { name: 'x' }), undefined);
    });

    it('keeps a key’s books and counts clicks on its prices by day, book and element', async () => {
      const books = [{ name: 'Book A', template: 'https://a.example/?ref=1&g={game}' }];
      const key = await createKey(
        store,
        { plan: 'pro', domains: ['example.com'], name: '', test: false, betLinks: books },
        1_700_000_000_000,
      );
      assert.deepEqual((await store.getKey(key.key))!.betLinks, books);
      assert.deepEqual((await store.updateKey(key.key, { betLinks: [] }))!.betLinks, []);
      for (const [day, book] of [
        ['2031-03-01', 'Book A'],
        ['2031-03-01', 'Book A'],
        ['2031-03-02', 'Book B'],
        ['2031-04-01', 'Book A'],
      ])
        await store.countClick({ key: key.key, day: day!, book: book!, element: 'odds-board' });
      assert.deepEqual(
        (await store.clicks({ key: key.key, month: '2031-03' })).map((row) => [row.day, row.book, row.clicks]),
        [
          ['2031-03-01', 'Book A', 2],
          ['2031-03-02', 'Book B', 1],
        ],
      );
      assert.deepEqual(
        (await store.clicks({ key: key.key, day: '2031-04-01' })).map((row) => row.clicks),
        [1],
      );
      assert.equal((await store.clicks({ key: key.key })).length, 3, 'every month');
    });

    it('tallies upstream units by endpoint and by the key that caused them', async () => {
      const month = `2031-0${name === 'SQLite' ? 1 : 2}`;
      await store.countUpstreamUnits({ month, upstream: 'live', endpoint: '/lines', units: 2, key: 'pk_live_a' });
      await store.countUpstreamUnits({ month, upstream: 'live', endpoint: '/lines', units: 2, key: 'pk_live_b' });
      await store.countUpstreamUnits({ month, upstream: 'live', endpoint: '/games', units: 5, key: 'pk_live_b' });
      await store.countUpstreamUnits({ month, upstream: 'live', endpoint: '/me', units: 1 });
      assert.deepEqual(
        (await store.upstreamUnitsByKey(month)).map((row) => [row.key, row.units]),
        [
          ['pk_live_b', 7],
          ['pk_live_a', 2],
        ],
      );
      assert.equal(
        (await store.upstreamUnits(month)).reduce((sum, row) => sum + row.units, 0),
        10,
      );
    });

    it('counts 50 of 200 concurrent loads on a limit of 50, and no more', async () => {
      const key = `pk_live_${name}_concurrency`;
      const results = await Promise.all(
        Array.from({ length: 200 }, () => store.countLoad(key, '2026-11', 50, { route: '/v1/scores', origin: 'https://a.example' })),
      );
      assert.equal(results.filter((result) => result.counted).length, 50);
      assert.equal(await store.loadsUsed(key, '2026-11'), 50);
      assert.deepEqual(
        results
          .filter((result) => result.counted)
          .map((result) => result.used)
          .sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });

    it('counts a burst from two origins against a daily ceiling: each load with its own figures, none over', async () => {
      const key = `pk_live_${name}_burst`;
      const day = { day: '2026-11-24', prefix: '203.0.113.0/24', client: 'browser' as const, dailyLimit: 25 };
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          store.countLoad(key, '2026-11', 100, { route: '/v1/scores', origin: i % 3 ? 'https://a.example' : 'https://b.example', ...day }),
        ),
      );
      const counted = results.filter((result) => result.counted);
      assert.equal(counted.length, 25);
      assert.ok(results.filter((result) => !result.counted).every((result) => result.refusedBy === 'day'));
      const ascending = (values: number[]) => values.sort((a, b) => a - b);
      const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
      assert.deepEqual(ascending(counted.map((result) => result.used)), oneTo(25), 'month figures');
      assert.deepEqual(ascending(counted.map((result) => result.today!.loads)), oneTo(25), 'day figures');
      assert.deepEqual(ascending(counted.map((result) => result.today!.prefix)), oneTo(25), 'prefix figures');
      const fromB = results.filter((result, i) => result.counted && i % 3 === 0).map((result) => result.today!.origin);
      assert.deepEqual(ascending(fromB), oneTo(fromB.length), 'origin figures count that origin only');
      const rows = await store.dailyUsage({ key, day: '2026-11-24' });
      assert.equal(
        rows.reduce((sum, row) => sum + row.loads, 0),
        25,
      );
      assert.equal(await store.loadsUsed(key, '2026-11'), 25);
    });

    it('keeps months apart and reports usage per route and origin', async () => {
      const key = `pk_live_${name}_months`;
      await store.countLoad(key, '2026-11', 10, { route: '/v1/scores', origin: 'https://a.example' });
      await store.countLoad(key, '2026-11', 10, { route: '/v1/scores', origin: 'https://a.example' });
      await store.countLoad(key, '2026-11', 10, { route: '/v1/form', origin: 'https://b.example' });
      await store.countLoad(key, '2026-12', 10, { route: '/v1/scores', origin: 'https://a.example' });
      assert.equal(await store.loadsUsed(key, '2026-11'), 3);
      assert.equal(await store.loadsUsed(key, '2026-12'), 1);
      assert.deepEqual(
        (await store.usage({ key })).map((row) => [row.month, row.route, row.origin, row.loads]),
        [
          ['2026-11', '/v1/form', 'https://b.example', 1],
          ['2026-11', '/v1/scores', 'https://a.example', 2],
          ['2026-12', '/v1/scores', 'https://a.example', 1],
        ],
      );
      assert.equal((await store.usage({ key, month: '2026-12' })).length, 1);
    });

    it('keeps the first shared secret made under a name, for every relay that asks after', async () => {
      const name = `embed-${Math.random()}`;
      const first = await store.sharedSecret(name, () => 'first');
      const again = await store.sharedSecret(name, () => 'second');
      assert.equal(first, 'first');
      assert.equal(again, 'first');
      assert.equal(await store.sharedSecret(`${name}-other`, () => 'third'), 'third');
    });

    it('remembers when readers last asked for each league', async () => {
      await store.noteLeagueAsked('nfl', 1_700_000_000_000);
      await store.noteLeagueAsked('wnba', 1_700_000_500_000);
      await store.noteLeagueAsked('nfl', 1_700_000_900_000);
      // Other tests' relays may note leagues in the same store meanwhile: only these two are looked at.
      const mine = async (since: number) => (await store.leaguesAskedSince(since)).filter((league) => ['nfl', 'wnba'].includes(league));
      assert.deepEqual(await mine(1_700_000_800_000), ['nfl']);
      assert.deepEqual(await mine(1_700_000_400_000), ['nfl', 'wnba']);
    });

    it('keeps a series (win probability, a line) without repeats, each apart', async () => {
      const game = `${name}:nba:g1`;
      await store.recordPoint(game, { at: 1000, value: 0.55 });
      await store.recordPoint(game, { at: 2000, value: 0.55 });
      await store.recordPoint(game, { at: 3000, value: 0.6 });
      await store.recordPoint(game, { at: 2500, value: 0.7 });
      await store.recordPoint(`${game}:spread`, { at: 2000, value: -4.5 });
      assert.deepEqual(await store.pointsOf(game), [
        { at: 1000, value: 0.55 },
        { at: 3000, value: 0.6 },
      ]);
      assert.deepEqual(await store.pointsOf(`${game}:spread`), [{ at: 2000, value: -4.5 }]);
    });
  });
}

describe('the relay on Redis', () => {
  it('serves exactly 50 of 200 simultaneous requests on a key with 50 loads left', async () => {
    const relay = await testRelay({ redis: testRedisUrl(), rateLimit: { perMinute: 100_000, burst: 10_000 } });
    try {
      const key = (await createKey(relay.store, { plan: 'custom:50', domains: ['example.com'], name: '', test: false }, relay.now())).key;
      const answers = await Promise.all(Array.from({ length: 200 }, () => widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`)));
      assert.equal(answers.filter((answer) => answer.status === 200).length, 50);
      assert.ok(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.error.code === 'quota_exceeded'));
      assert.equal(await relay.store.loadsUsed(key, monthOf(relay.now())), 50);
    } finally {
      await relay.close();
    }
  });
});

describe('a Redis store kept by an earlier release', () => {
  it('moves usage from the one-hash-per-month layout under each key’s own names when it opens', async () => {
    const redis = new Redis(testRedisUrl());
    const field = (...parts: string[]) => parts.join('\u001f');
    const [a, b] = ['pk_live_layout_a', 'pk_live_layout_b'];
    const day = '2026-10-30';
    try {
      // What 0.2 wrote for two keys: month totals and detail, a day's totals, detail and shares, and the indexes.
      await redis
        .multi()
        .hset('pressbox:usage:2026-10', a, '7', b, '3')
        .hset(
          'pressbox:usage-detail:2026-10',
          field(a, '/v1/scores', 'https://example.com'),
          '7',
          field(b, '/v1/games', 'https://b.example'),
          '3',
        )
        .sadd('pressbox:usage-months', '2026-10')
        .hset('pressbox:usage-day:' + day, a, '7')
        .hset('pressbox:usage-daily:' + day, field(a, '/v1/scores', 'https://example.com', '203.0.113.0/24', 'browser'), '7')
        .hset('pressbox:usage-share:' + day, field(a, 'origin', 'https://example.com'), '7')
        .sadd('pressbox:usage-days', day)
        .exec();
      const store = await openStore({ redis: testRedisUrl() });
      try {
        assert.equal(await store.loadsUsed(a, '2026-10'), 7);
        assert.equal(await store.loadsUsed(b, '2026-10'), 3);
        assert.deepEqual(
          (await store.usage({ month: '2026-10' })).filter((row) => row.key === a || row.key === b),
          [
            { key: a, month: '2026-10', route: '/v1/scores', origin: 'https://example.com', loads: 7 },
            { key: b, month: '2026-10', route: '/v1/games', origin: 'https://b.example', loads: 3 },
          ],
        );
        assert.deepEqual(await store.dailyUsage({ key: a, day }), [
          { key: a, day, route: '/v1/scores', origin: 'https://example.com', prefix: '203.0.113.0/24', client: 'browser', loads: 7 },
        ]);
        assert.equal(
          await redis.exists('pressbox:usage:2026-10', 'pressbox:usage-months', 'pressbox:usage-daily:' + day),
          0,
          'the old layout is gone',
        );
      } finally {
        await store.close();
      }
      const again = await openStore({ redis: testRedisUrl() });
      assert.equal(await again.loadsUsed(a, '2026-10'), 7, 'moved once: opening again changes nothing');
      await again.close();
    } finally {
      redis.disconnect();
    }
  });
});

describe('a Redis store closed while it still subscribes to key changes', () => {
  it('leaves no subscription behind to keep a stopped relay’s process alive', async () => {
    const port = await freePort();
    const server = await startRedisServer(port);
    const url = `redis://127.0.0.1:${port}`;
    const probe = new Redis(url);
    try {
      const store = await openStore({ redis: url });
      const subscribing = store.onKeyChange!(() => {}).catch(() => {});
      await store.close();
      await subscribing;
      const [, subscribers] = (await probe.pubsub('NUMSUB', names.keyChanges)) as [string, number];
      assert.equal(subscribers, 0);
    } finally {
      probe.disconnect();
      server.kill();
    }
  });
});

// Only SQLite counts a batch in one call; a relay on Redis asks load by load, through its leases (metering/quota.ts).
describe('SQLite store, loads asked together (a live update to one page’s streams)', () => {
  it('counts loads asked together in order with single loads of the same turn, and no more than the limit', async (t) => {
    const store = await openStore({ db: ':memory:' });
    t.after(() => store.close());
    const key = 'pk_live_batches';
    const detail = { route: '/v1/live', origin: 'https://a.example', day: '2026-11-24', prefix: '203.0.113.0/24' };
    const [single, batch, next, refused] = await Promise.all([
      store.countLoad(key, '2026-11', 10, detail),
      store.countLoads!(key, '2026-11', 10, detail, 6),
      store.countLoad(key, '2026-11', 10, detail),
      store.countLoads!(key, '2026-11', 10, detail, 5),
    ]);
    assert.deepEqual([single.counted, single.used, single.today?.loads], [true, 1, 1]);
    assert.deepEqual([batch.counted, batch.used, batch.today?.prefix, batch.refusedBy], [6, 7, 7, undefined]);
    assert.deepEqual([next.counted, next.used], [true, 8]);
    assert.deepEqual([refused.counted, refused.used, refused.refusedBy, refused.today?.loads], [2, 10, 'month', 10]);
    assert.equal(await store.loadsUsed(key, '2026-11'), 10);
    assert.deepEqual(await store.countLoads!(key, '2026-11', 10, detail, 3), { counted: 0, used: 10, refusedBy: 'month' });
  });
});
