import assert from 'node:assert/strict';
import { CONTRACT_HEADER, CONTRACT_VERSION } from '../../../../src/contract/version.js';
import { describe, it } from 'node:test';
import type { RelayOptions, RunningRelay } from '../../../../src/relay/server.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { LIVE_LOAD_EVERY_MS } from '../../../../src/relay/base/defaults.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { openStream, updates, type Stream } from '../../../helpers/live.js';
import { monthOf } from '../../../helpers/clock.js';
import { upstreamCalls } from '../../../helpers/contract-checks.js';

const ORIGIN = { origin: 'https://example.com' };
const SCORES = '/v1/scores?league=nba';
const INJURIES = '/v1/injuries?league=nhl';

async function withRelay(options: RelayOptions, run: (relay: RunningRelay) => Promise<void>): Promise<void> {
  const relay = await testRelay({ rateLimit: { perMinute: 1_000_000, burst: 100_000 }, ...options });
  try {
    await run(relay);
  } finally {
    await relay.close();
  }
}

describe('live updates over Server-Sent Events', () => {
  it('sends each topic once with an id and the contract version, the same data the GET route returns', async () => {
    await withRelay({}, async (relay) => {
      const key = await addKey(relay, ['example.com']);
      const stream = await openStream(relay, key, [SCORES, INJURIES]);
      assert.equal(stream.status, 200);
      const received = updates(await stream.waitFor(2));
      assert.deepEqual(received.map((update) => update.topic).sort(), [INJURIES, SCORES].sort());
      assert.ok(received.every((update) => update.id > 0));
      assert.ok(received.every((update) => update.contract === CONTRACT_VERSION));
      const answer = await fetch(`${relay.origin}${SCORES}&key=${key}`, { headers: ORIGIN });
      assert.equal(answer.headers.get(CONTRACT_HEADER), String(CONTRACT_VERSION));
      assert.match(answer.headers.get('access-control-expose-headers') ?? '', new RegExp(CONTRACT_HEADER));
      const get = await answer.json();
      assert.deepEqual(received.find((update) => update.topic === SCORES)!.data.games, get.games);
      stream.close();
    });
  });

  it('does not resend what the page already has (its ETag, or its Last-Event-ID), and does not bill it', async () => {
    await withRelay({}, async (relay) => {
      const key = await addKey(relay, ['example.com']);
      const first = await openStream(relay, key, [SCORES]);
      const [update] = updates(await first.waitFor(1));
      const month = monthOf(relay.now());
      assert.equal(await relay.store.loadsUsed(key, month), 1);
      const get = await fetch(`${relay.origin}${SCORES}&key=${key}`, { headers: ORIGIN });
      const etag = get.headers.get('etag')!;
      assert.match(etag, /-gzip"$/, 'the page holds the data as it came, gzipped: the stream knows it is the same data');
      const withEtag = await openStream(relay, key, [SCORES], { have: [etag] });
      const resumed = await openStream(relay, key, [SCORES], { lastEventId: update!.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(updates(withEtag.events).length, 0);
      assert.equal(updates(resumed.events).length, 0);
      assert.equal(await relay.store.loadsUsed(key, month), 2, 'the stream delivery and the GET; nothing for the two that had it');
      for (const stream of [first, withEtag, resumed]) stream.close();
    });
  });

  it('pushes only real changes at once, and bills each connection once per topic per billing window', async () => {
    let polls = 0;
    let now = Date.parse(MIDDAY);
    await withRelay({ now: () => now, live: { pollMs: () => 60, onPoll: () => polls++ } }, async (relay) => {
      const key = await addKey(relay, ['example.com']);
      const month = monthOf(relay.now());
      const connections = await Promise.all([1, 2, 3].map(() => openStream(relay, key, [SCORES])));
      await Promise.all(connections.map((stream) => stream.waitFor(1)));
      const pollsBefore = polls;
      await new Promise((resolve) => setTimeout(resolve, 400));
      assert.ok(polls - pollsBefore >= 3, 'the topic was polled again');
      assert.ok(
        connections.every((stream) => updates(stream.events).length === 1),
        'no change, no push',
      );
      assert.equal(await relay.store.loadsUsed(key, month), 3, 'each stream’s first delivery is a load');

      const change = async (count: number, relayMs: number) => {
        now += relayMs;
        relay.sandbox.clock.advance(5 * 60_000);
        relay.cache.clear();
        await Promise.all(connections.map((stream) => stream.waitFor(count)));
      };
      // Two changes inside the window the first delivery opened (10 s): delivered, not billed.
      await change(2, 4_000);
      await change(3, 5_999);
      assert.equal(await relay.store.loadsUsed(key, month), 3, 'changes within the billing window cost nothing');
      // The window has run out: the next change opens a new one on every connection.
      await change(4, 1);
      await change(5, 9_000);
      const ids = connections.map((stream) => updates(stream.events).map((update) => update.id));
      assert.deepEqual(ids[0], ids[1], 'every connection saw the same events');
      assert.equal(await relay.store.loadsUsed(key, month), 2 * 3, '2 billing windows with data × 3 connections');
      const usage = await relay.store.usage({ key, month });
      assert.deepEqual(
        usage.map((row) => [row.route, row.loads]),
        [['/v1/live', 6]],
      );
      for (const stream of connections) stream.close();
    });
  });

  it('bills every update with a billing window of 0 (--live-load-every 0)', async () => {
    await withRelay({ live: { pollMs: () => 60, loadEveryMs: 0 } }, async (relay) => {
      const key = await addKey(relay, ['example.com']);
      const stream = await openStream(relay, key, [SCORES]);
      await stream.waitFor(1);
      relay.sandbox.clock.advance(5 * 60_000);
      relay.cache.clear();
      await stream.waitFor(2);
      assert.equal(await relay.store.loadsUsed(key, monthOf(relay.now())), 2);
      stream.close();
    });
  });

  it('costs the same upstream calls for 1 and for 200 subscribers of one topic over the same span', async () => {
    const calls: number[] = [];
    for (const subscribers of [1, 200]) {
      let now = Date.parse(MIDDAY);
      let relay!: RunningRelay;
      let polls = 0;
      const done = new Promise<void>((resolve) => {
        const onPoll = () => {
          polls++;
          // Each poll moves both clocks 21 s, past the live slate's freshness and its revalidation window: every poll
          // reads upstream once, synchronously.
          now += 21_000;
          relay.sandbox.clock.set(now);
          if (polls === 8) resolve();
        };
        // Exactly eight polls in either run: the span is the same whatever the number of viewers.
        const pollMs = () => (polls < 7 ? 40 : 3_600_000);
        // (The wait is chosen before a poll is counted, so the eighth poll asks with seven counted.)
        void testRelay({
          now: () => now,
          rateLimit: { perMinute: 1_000_000, burst: 100_000 },
          live: { pollMs, onPoll, maxStreamsPerAddress: 500 },
        }).then((started) => (relay = started));
      });
      while (!relay) await new Promise((resolve) => setTimeout(resolve, 10));
      try {
        const key = await addKey(relay, ['example.com']);
        const streams = await Promise.all(Array.from({ length: subscribers }, () => openStream(relay, key, [SCORES])));
        await done;
        calls.push(await upstreamCalls(relay));
        assert.equal(relay.hub.topicCount(), 1);
        for (const stream of streams) stream.close();
      } finally {
        await relay.close();
      }
    }
    assert.equal(calls[0], calls[1], `upstream calls: ${calls.join(' vs ')}`);
  });

  it('pushes what upstream says now once freshness runs out, without the cache being cleared', async () => {
    let now = Date.parse(MIDDAY);
    const relay = await testRelay({ now: () => now, live: { pollMs: () => 50 } });
    try {
      const key = await addKey(relay, ['example.com']);
      const stream = await openStream(relay, key, [SCORES]);
      const [first] = updates(await stream.waitFor(1));
      // 11 s later: past the live slate's 10 s freshness, inside its revalidation window.
      now += 11_000;
      relay.sandbox.clock.advance(11_000);
      await stream.waitFor(2);
      const [, second] = updates(stream.events);
      const upstreamNow = await (
        await fetch(`${relay.sandbox.baseUrl}/live-games?sport=nba`, { headers: { 'x-api-key': 'sk_sandbox_pro' } })
      ).json();
      const live = upstreamNow.games.find((game: { status: string }) => game.status === 'live');
      const pushed = second!.data.games.find((game: { id: string }) => game.id === live.gameId);
      assert.deepEqual([pushed.home.score, pushed.away.score], [live.homeTeam.score, live.awayTeam.score]);
      assert.notDeepEqual(second!.data.games, first!.data.games);
      stream.close();
    } finally {
      await relay.close();
    }
  });

  it('stops polling a topic when its last subscriber leaves', async () => {
    await withRelay({}, async (relay) => {
      const key = await addKey(relay, ['example.com']);
      const stream = await openStream(relay, key, [SCORES]);
      await stream.waitFor(1);
      assert.equal(relay.hub.topicCount(), 1);
      stream.close();
      const started = Date.now();
      while (relay.hub.topicCount() > 0 && Date.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(relay.hub.topicCount(), 0);
      assert.equal(relay.openStreams(), 0);
    });
  });

  it('refuses bad topics with the route named, and too many streams from one address', async () => {
    await withRelay({ live: { maxStreamsPerAddress: 2 } }, async (relay) => {
      const key = await addKey(relay, ['example.com']);
      for (const [topic, fragment] of [
        ['/v1/nope', 'not a widget route'],
        ['/v1/scores?league=curling', 'league'],
        ['https://evil.net/v1/scores?league=nba', 'not a widget route'],
      ] as const) {
        const response = await fetch(`${relay.origin}/v1/live?key=${key}&topic=${encodeURIComponent(topic)}`, { headers: ORIGIN });
        assert.equal(response.status, 400, topic);
        assert.match((await response.json()).error.message, new RegExp(fragment));
      }
      assert.equal((await fetch(`${relay.origin}/v1/live?key=${key}`, { headers: ORIGIN })).status, 400, 'no topic');
      const open = [await openStream(relay, key, [SCORES]), await openStream(relay, key, [SCORES])];
      const third = await fetch(`${relay.origin}/v1/live?key=${key}&topic=${encodeURIComponent(SCORES)}`, { headers: ORIGIN });
      assert.equal(third.status, 429);
      assert.equal((await third.json()).error.code, 'rate_limited');
      for (const stream of open) stream.close();
    });
  });

  it('sends heartbeats, and ends streams with a reconnect hint on shutdown', async () => {
    const relay = await testRelay({ live: { heartbeatMs: 100 } });
    const key = await addKey(relay, ['example.com']);
    const stream = await openStream(relay, key, [INJURIES]);
    await stream.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    assert.ok(stream.comments.filter((comment) => comment.includes('heartbeat')).length >= 2);
    await relay.close();
    await stream.ended;
    assert.ok(
      stream.comments.some((comment) => comment.includes('reconnect with Last-Event-ID')),
      'a hint, and no event no client listens for',
    );
    assert.ok(!stream.events.some((event) => event.event === 'reconnect'));
  });

  it('tells the page when its key runs out mid-stream, and stops', async () => {
    let now = Date.parse(MIDDAY);
    await withRelay({ now: () => now, live: { pollMs: () => 60 } }, async (relay) => {
      const key = await addKey(relay, ['example.com'], { plan: 'custom:1' });
      const stream = await openStream(relay, key, [SCORES]);
      await stream.waitFor(1);
      // A change in the next billing window: the load it would cost is one the key no longer has.
      now += LIVE_LOAD_EVERY_MS;
      relay.sandbox.clock.advance(5 * 60_000);
      relay.cache.clear();
      await stream.waitFor(2);
      await stream.ended;
      const last = stream.events.at(-1)!;
      assert.equal(last.event, 'error');
      assert.deepEqual(JSON.parse(last.data).error.code, 'quota_exceeded');
      assert.equal(JSON.parse(last.data).topic, SCORES);
      // One rule for a load on both paths: the stream's refusal is remembered, so the key's data requests are refused
      // without asking the store to count again.
      let counts = 0;
      const countLoad = relay.store.countLoad.bind(relay.store);
      relay.store.countLoad = (...args) => (counts++, countLoad(...args));
      const refused = await widgetGet(relay, `${SCORES}&key=${key}`);
      assert.equal(refused.status, 429);
      assert.equal((refused.body as { error: { code: string } }).error.code, 'quota_exceeded');
      assert.equal(counts, 0);
    });
  });

  it('counts an update’s streams of one page with one store call: those the key has loads for get it, the rest are told', async () => {
    let now = Date.parse(MIDDAY);
    await withRelay({ now: () => now, live: { pollMs: () => 60 } }, async (relay) => {
      const key = await addKey(relay, ['example.com'], { plan: 'custom:7' });
      const streams: Stream[] = [];
      for (let i = 0; i < 5; i++) {
        const stream = await openStream(relay, key, [SCORES]);
        await stream.waitFor(1);
        streams.push(stream);
      }
      const batches: number[] = [];
      const countLoads = relay.store.countLoads!.bind(relay.store);
      relay.store.countLoads = (...args) => (batches.push(args[4]), countLoads(...args));
      // The next change opens a new billing window on all five streams, with two loads left.
      now += LIVE_LOAD_EVERY_MS;
      relay.sandbox.clock.advance(5 * 60_000);
      relay.cache.clear();
      await Promise.all(streams.map((stream) => stream.waitFor(2)));
      const second = streams.map((stream) => stream.events[1]!);
      assert.equal(second.filter((event) => event.event === 'update').length, 2);
      const refused = second.filter((event) => event.event === 'error');
      assert.equal(refused.length, 3);
      assert.ok(refused.every((event) => JSON.parse(event.data).error.code === 'quota_exceeded'));
      await Promise.all(refused.map((_, i) => streams[second.indexOf(refused[i]!)]!.ended));
      assert.deepEqual(batches, [5]);
      assert.equal(await relay.store.loadsUsed(key, monthOf(relay.now())), 7);
      for (const stream of streams) stream.close();
    });
  });
});
