// Issue 68: an attacker holding a publisher's public key, against a relay on a real HTTP upstream (a sandbox started
// apart, whose own /me counts the units). The bounds must land on the attacker's marginal cost: honest readers of that
// key and of another key keep their data during and after the attack, and the upstream counts no more than documented.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { RelayOptions, RunningRelay } from '../../../../src/relay/server.js';
import { runningClock } from '../../../helpers/clock.js';
import { addKey, testRelay } from '../../../helpers/relay.js';
import { frozenSandbox, getJson, MIDDAY } from '../../../helpers/sandbox.js';
import { ALL_LEAGUES, dayAfter, getFrom, HONEST, sleep, streamFrom } from '../../../helpers/attacks.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';

/** A key's bucket in these tests: 60 units a minute, 300 at once. */
const PER_KEY = 60;
const KEY_BURST = PER_KEY * 5;
/** Calls under way per key (8) times the dearest call (5 units): what may already be on its way when a bucket runs dry. */
const IN_FLIGHT = 8 * 5;

/** A clock running from MIDDAY that the test can move on (cache freshness, bucket refills) without waiting. */
function skewableClock() {
  const running = runningClock(MIDDAY);
  let skew = 0;
  return { now: () => running() + skew, advance: (ms: number) => void (skew += ms) };
}

/** A relay on `upstream` (a sandbox started apart) whose key buckets hold PER_KEY units a minute. */
function relayOn(upstream: RunningSandbox, now: () => number, options: RelayOptions = {}): Promise<RunningRelay> {
  return testRelay({
    now,
    upstreamUrl: upstream.baseUrl,
    upstreamKey: 'sk_sandbox_pro',
    trustProxy: ['loopback'],
    ...options,
    upstream: { missesPerKey: PER_KEY, ...options.upstream },
  });
}

const unitsOf = async (upstream: RunningSandbox) => (await getJson(upstream, '/me')).body.usage.used as number;
/** A date inside the relay's window, `n` days after its first. */
const dated = (n: number) => `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(MIDDAY, -399 + n)}`;
/** A forged network per attacker request (behind the trusted proxy, each is its own reader). */
const forged = (n: number) => `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
const POLL_MS = 200;
const COMMON = ['/v1/scores?league=nba', '/v1/scores?league=nhl', '/v1/standings?league=nba', '/v1/injuries?league=nfl'];

describe('an attacker holding a publisher’s key', () => {
  let upstream: RunningSandbox;
  let relay: RunningRelay;
  let clock: ReturnType<typeof skewableClock>;
  let victim: string;
  let other: string;

  before(async () => {
    upstream = await frozenSandbox(MIDDAY);
    clock = skewableClock();
    // A month share of 0.01 % of the pro month (100 units): the attack passes it within its first seconds.
    relay = await relayOn(upstream, clock.now, {
      upstream: { keyMonthShare: 0.0001, keyAlertShare: 0.00005 },
      live: { pollMs: () => POLL_MS },
    });
    victim = await addKey(relay, ['example.com'], { name: 'victim' });
    other = await addKey(relay, ['example.com'], { name: 'another publisher' });
    for (const path of COMMON)
      for (const key of [victim, other]) assert.equal((await getFrom({ relay }, `${path}&key=${key}`, HONEST)).status, 200, path);
    // The old day an honest reader comes back to during the attack: read once before it, whichever of the flood's
    // concurrent requests for it the relay happens to take first.
    assert.equal((await getFrom({ relay }, `${dated(0)}&key=${victim}`, HONEST)).status, 200, 'the old day');
  });
  after(async () => {
    await relay.close();
    await upstream.close();
  });

  it('spends no more than the key’s bucket, however many networks and requests at once', async () => {
    const before = await unitsOf(upstream);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => getFrom({ relay }, `${dated(n)}&key=${victim}`, forged(n))));
    await relay.cache.settled();
    const units = (await unitsOf(upstream)) - before;
    const statuses = answers.map((answer) => answer.status);
    assert.ok(statuses.filter((status) => status === 429).length >= 100, `the flood runs dry (${statuses.join(' ')})`);
    assert.ok(
      units <= KEY_BURST + IN_FLIGHT,
      `${units} units counted upstream for 200 nine-league dates, at most ${KEY_BURST + IN_FLIGHT}`,
    );
  });

  it('answers honest readers of the key and of another key with data, fresh or held, while the key is spent', async () => {
    // Every entry has expired: each honest answer needs a refresh that the victim's key cannot pay for.
    clock.advance(10 * 60_000);
    let served = 0;
    let asked = 0;
    for (let round = 0; round < 13; round++) {
      // The attack goes on between the honest readers' requests.
      await Promise.all(
        Array.from({ length: 20 }, (_, n) => getFrom({ relay }, `${dated(200 + round * 20 + n)}&key=${victim}`, forged(n))),
      );
      for (const path of COMMON)
        for (const key of [victim, other]) {
          const answer = await getFrom({ relay }, `${path}&key=${key}`, HONEST);
          asked++;
          if (answer.status === 200) served++;
          else
            assert.fail(`${path} for ${key === victim ? 'the victim' : 'the other key'}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      const held = await getFrom({ relay }, `${dated(0)}&key=${victim}`, HONEST);
      asked++;
      if (held.status === 200) served++;
    }
    assert.ok(served / asked >= 0.99, `${served} of ${asked} honest requests answered`);
  });

  it('revalidates an honest reader’s ETag while the key is spent (304, not 429)', async () => {
    const first = await getFrom({ relay }, `/v1/standings?league=nba&key=${victim}`, HONEST);
    assert.equal(first.status, 200);
    clock.advance(10 * 60_000);
    const response = await fetch(`${relay.origin}/v1/standings?league=nba&key=${victim}`, {
      headers: { origin: 'https://example.com', 'x-forwarded-for': '192.0.2.45', 'if-none-match': first.headers.get('etag')! },
    });
    assert.ok(response.status === 304 || response.status === 200, `answered ${response.status}`);
  });

  it('lets the key recover a minute after the attack ends, past its share of the month', async () => {
    const refused = await getFrom({ relay }, `${dated(330)}&key=${victim}`, forged(7));
    assert.equal(refused.status, 429);
    assert.match(refused.body.error.message, /past its share/);
    assert.ok(Number(refused.headers.get('retry-after')) <= 120, String(refused.headers.get('retry-after')));
    clock.advance(90_000);
    // A request only this key's readers make (one league's day: its schedule, slate and teams).
    const after = await getFrom({ relay }, `/v1/scores?league=nba&date=${dayAfter(MIDDAY, -3)}&key=${victim}`, HONEST);
    assert.equal(after.status, 200, JSON.stringify(after.body));
  });
});

describe('topics an attacker keeps open', () => {
  it('charge every poll to the key that keeps them: once it is spent they keep their data and cost no more', async () => {
    const upstream = await frozenSandbox(MIDDAY);
    const clock = skewableClock();
    const relay = await relayOn(upstream, clock.now, { live: { pollMs: () => POLL_MS } });
    try {
      const key = await addKey(relay, ['example.com'], { name: 'scraped' });
      // Forty made-up future days of nine leagues, from two networks: every one a topic only this key keeps.
      const days = (from: number) =>
        Array.from({ length: 20 }, (_, i) => `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(MIDDAY, from + i)}`);
      const streams = [await streamFrom({ relay }, key, days(1), forged(901)), await streamFrom({ relay }, key, days(21), forged(902))];
      assert.deepEqual(
        streams.map((stream) => stream.status),
        [200, 200],
      );
      // Each round every entry has expired, so every poll needs the upstream: the key's 300 units run out in the first.
      const spentIn = async () => {
        const before = await unitsOf(upstream);
        clock.advance(2 * 60_000);
        await sleep(1500);
        await relay.cache.settled();
        return (await unitsOf(upstream)) - before;
      };
      await spentIn();
      await spentIn();
      const rounds = [await spentIn(), await spentIn(), await spentIn()];
      // Two minutes refill 120 units of the key's bucket each round; anything more would be polls charged to nobody.
      const bound = 3 * (2 * PER_KEY + IN_FLIGHT);
      const spent = rounds.reduce((sum, units) => sum + units, 0);
      assert.ok(spent <= bound, `${rounds.join(' + ')} units in three rounds of polls, at most ${bound}`);
      for (const stream of streams) stream.close();
    } finally {
      await relay.close();
      await upstream.close();
    }
  });
});

describe('two relays on one Redis', () => {
  it('share one bucket per key: two relays do not double the bound', async () => {
    const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    url.pathname = '/13';
    const redis = new Redis(url.toString());
    await redis.flushdb();
    redis.disconnect();
    const upstream = await frozenSandbox(MIDDAY);
    const relays = await Promise.all([0, 1].map(() => relayOn(upstream, runningClock(MIDDAY), { redis: url.toString() })));
    try {
      const key = await addKey(relays[0]!, ['example.com'], { name: 'scraped' });
      const before = await unitsOf(upstream);
      await Promise.all(Array.from({ length: 160 }, (_, n) => getFrom({ relay: relays[n % 2]! }, `${dated(n)}&key=${key}`, forged(n))));
      await Promise.all(relays.map((relay) => relay.cache.settled()));
      const units = (await unitsOf(upstream)) - before;
      const bound = KEY_BURST + 2 * IN_FLIGHT;
      assert.ok(units <= bound, `${units} units counted upstream through two relays, at most ${bound}`);
    } finally {
      await Promise.all(relays.map((relay) => relay.close()));
      await upstream.close();
    }
  });
});
