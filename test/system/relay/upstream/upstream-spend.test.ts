// Issue 51's attacks against a relay on a real HTTP upstream (a sandbox started apart), each asserting the units the
// upstream's own /me counted, that refusals spent nothing, and that an honest reader on the same key still gets data.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rateLimiter } from '../../../../src/relay/http/rate-limit.js';
import { DEFAULT_SPEND_LIMITS } from '../../../../src/relay/upstream/spend-guard.js';
import { monthOf } from '../../../helpers/clock.js';
import { addKey } from '../../../helpers/relay.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { until } from '../../../helpers/wait.js';
import {
  ALL_LEAGUES,
  ATTACKER,
  attackBed,
  dayAfter,
  getFrom,
  HONEST,
  sleep,
  streamFrom,
  type AttackBed,
  type RawStream,
} from '../../../helpers/attacks.js';

const TOKEN = 'test-admin-token-0123456789abcdef';
const admin = (bed: AttackBed, path: string, method: string, body?: object) =>
  fetch(`${bed.relay.origin}/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
/** A date the relay serves, `n` days into its window (400 days back from the test day). */
const dateInWindow = (n: number) => dayAfter(MIDDAY, -399 + n);
const datedScores = (n: number) => `/v1/scores?league=${ALL_LEAGUES}&date=${dateInWindow(n)}`;
/** The most one request for nine leagues on a date can cost: each league's schedule, slate and teams. */
const MOST_ONE_REQUEST_COSTS = 9 * 4;

async function spentBy<T>(bed: AttackBed, attack: () => Promise<T>): Promise<{ units: number; result: T }> {
  const before = await bed.units();
  const result = await attack();
  // Background refreshes the attack started land in the count too.
  await bed.relay.cache.settled();
  return { units: (await bed.units()) - before, result };
}

const ended = (stream: RawStream, ms: number) => Promise.race([stream.ended.then(() => true), sleep(ms).then(() => false)]);

describe('bounded, canonical input: nothing made up reaches the upstream', () => {
  let bed: AttackBed;
  before(async () => (bed = await attackBed()));
  after(() => bed.close());

  it('refuses dates outside the relay’s window, naming it, for GETs and topics, at no cost', async () => {
    const { units, result } = await spentBy(bed, async () => {
      const answers = [];
      for (const date of ['0000-01-01', '9999-12-31', dayAfter(MIDDAY, -401), dayAfter(MIDDAY, 61)])
        answers.push(await getFrom(bed, `/v1/scores?league=${ALL_LEAGUES}&date=${date}&key=${bed.key}`, ATTACKER));
      const stream = await streamFrom(bed, bed.key, [`/v1/scores?league=nba&date=${dayAfter(MIDDAY, 90)}`], ATTACKER);
      stream.close();
      return { answers, stream: stream.status };
    });
    for (const answer of result.answers) {
      assert.equal(answer.status, 400);
      assert.match(answer.body.error.message, /outside the dates this relay serves, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
    }
    assert.equal(result.stream, 400);
    assert.equal(units, 0);
    const last = await getFrom(bed, `/v1/fight-card?league=mma&date=${dayAfter(MIDDAY, 60)}&key=${bed.key}`, HONEST);
    assert.equal(last.status, 200, 'the window’s last day is served');
  });

  it('reads league lists in one order: a reordered list is the same request, topic and payload', async () => {
    const first = await getFrom(bed, `/v1/scores?league=nhl,nba&key=${bed.key}`, HONEST);
    const { units, result: second } = await spentBy(bed, () => getFrom(bed, `/v1/scores?league=nba,nhl&key=${bed.key}`, HONEST));
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.leagues, ['nba', 'nhl']);
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
    assert.equal(units, 0, 'the second spelling is answered from the first one’s data');
  });

  it('checks team codes against the league before a head-to-head goes upstream', async () => {
    const { units, result } = await spentBy(bed, async () => {
      const statuses = [];
      for (const pair of ['ZZZ&opponent=BOS', 'BOS&opponent=QQ1', 'BOS&opponent=QQ2'])
        statuses.push((await getFrom(bed, `/v1/form?league=nba&team=${pair}&key=${bed.key}`, ATTACKER)).status);
      return statuses;
    });
    assert.deepEqual(result, [404, 404, 404]);
    assert.ok(units <= 1, `only the league's directory may be read (${units} units)`);
  });

  it('names a game id that is too long or has odd characters, and escapes what it echoes', async () => {
    const long = await getFrom(bed, `/v1/games/${'a'.repeat(100)}?league=nba&key=${bed.key}`, HONEST);
    assert.equal(long.status, 400);
    assert.match(long.body.error.message, /at most 64 characters/);
    const odd = await getFrom(bed, `/v1/props?league=nba&gameId=g%E2%80%AEx&key=${bed.key}`, HONEST);
    assert.match(odd.body.error.message, /letters, digits and - _ \. : only/);
    const echoed = await getFrom(bed, `/v1/scores?league=nb%00a%E2%80%AE&key=${bed.key}`, HONEST);
    assert.equal(echoed.status, 400);
    assert.ok(echoed.body.error.message.includes('nb\\u0000a\\u202e'), echoed.body.error.message);
    assert.ok(!echoed.body.error.message.includes('\u0000') && !echoed.body.error.message.includes('\u202e'));
  });
});

describe('the caller pays for misses', () => {
  let bed: AttackBed;
  before(async () => (bed = await attackBed()));
  after(() => bed.close());

  it('stops a flood of new dates within one network’s bucket, while an honest reader on the same key is served', async () => {
    const { units, result } = await spentBy(bed, async () => {
      const answers = [];
      for (let n = 0; n < 60; n++) {
        const answer = await getFrom(bed, `${datedScores(n)}&key=${bed.key}`, ATTACKER);
        answers.push(answer);
        if (answer.status === 429 && answers.filter((a) => a.status === 429).length >= 5) break;
      }
      return answers;
    });
    const refused = result.filter((answer) => answer.status === 429);
    assert.ok(refused.length >= 5, `the flood is refused (${result.map((a) => a.status).join(' ')})`);
    assert.match(refused[0]!.body.error.message, /this address’s network has caused its share of upstream calls/);
    assert.ok(Number(refused[0]!.headers.get('retry-after')) >= 1);
    const bound = DEFAULT_SPEND_LIMITS.perNetwork.burst + MOST_ONE_REQUEST_COSTS;
    assert.ok(units <= bound, `${units} units for the flood, at most ${bound}`);

    const before = await bed.units();
    const again = await getFrom(bed, `${datedScores(200)}&key=${bed.key}`, ATTACKER);
    assert.equal(again.status, 429);
    assert.equal((await bed.units()) - before, 0, 'a refused request spends nothing');
    const held = await getFrom(bed, `${datedScores(0)}&key=${bed.key}`, ATTACKER);
    assert.equal(held.status, 200, 'in debt, a network is still served what the cache holds');
    assert.equal((await bed.units()) - before, 0);

    const honest = await getFrom(bed, `/v1/scores?league=nba&key=${bed.key}`, HONEST);
    assert.equal(honest.status, 200, 'another reader of the same key is not refused');
  });

  it('charges new live topics’ polls before they run: a network in debt gets its topics refused, not its stream', async () => {
    const honest = await streamFrom(bed, bed.key, ['/v1/scores?league=nba'], HONEST);
    await until(() => honest.events.some((event) => event.event === 'update'), 'the honest reader’s first update');
    const refusedTopics: string[] = [];
    const { units, result } = await spentBy(bed, async () => {
      const statuses = [];
      for (let open = 0; open < 10; open++) {
        const topics = Array.from({ length: 20 }, (_, i) => datedScores(100 + open * 20 + i).replace(/&key=.*/, ''));
        const stream = await streamFrom(bed, bed.key, topics, '203.0.113.9');
        statuses.push(stream.status);
        // Each admitted topic's first poll is charged when it runs: wait for all of them, however slow the machine.
        if (stream.status === 200)
          await until(
            () => stream.events.filter((event) => event.event === 'update' || event.event === 'error').length >= topics.length,
            'every topic’s first answer',
          );
        for (const event of stream.events) if (event.event === 'error' && /rate_limited/.test(event.data)) refusedTopics.push(event.data);
        stream.close();
      }
      return statuses;
    });
    assert.deepEqual(result, Array(10).fill(200), 'opening a stream never waits on a bucket');
    assert.ok(refusedTopics.length >= 150, `${refusedTopics.length} of 200 made-up topics refused once the network ran dry`);
    const bound = DEFAULT_SPEND_LIMITS.perNetwork.burst + 20 * MOST_ONE_REQUEST_COSTS;
    assert.ok(units <= bound, `${units} units for ten opens of twenty dated topics, at most ${bound}`);
    const joined = await streamFrom(bed, bed.key, ['/v1/scores?league=nba'], '203.0.113.9');
    assert.equal(joined.status, 200, 'a topic someone already follows costs nothing to join');
    joined.close();
    assert.equal(honest.status, 200);
    honest.close();
  });

  it('attributes the units to the key that caused them', async () => {
    const rows = await bed.relay.store.upstreamUnitsByKey(monthOf(bed.relay.now()));
    assert.equal(rows[0]?.key, bed.key, JSON.stringify(rows.slice(0, 3)));
    assert.ok(rows[0]!.units > 0);
  });
});

describe('a key’s share of the upstream month', () => {
  it('alerts past --upstream-key-alert, slows the key past --key-upstream-share before any work; the metric names it', async () => {
    // A pro month is 1,000,000 units: a share of 0.01 % is 100 units.
    const bed = await attackBed({ upstream: { keyMonthShare: 0.0001, keyAlertShare: 0.00005 } });
    try {
      await until(() => bed.relay.upstreamBudget.latest() !== undefined, 'the upstream month read from /me');
      const statuses: number[] = [];
      let refusal: any;
      for (let n = 0; n < 40 && !refusal; n++) {
        const answer = await getFrom(bed, `${datedScores(n)}&key=${bed.key}`, `198.51.100.${n + 1}`);
        statuses.push(answer.status);
        if (answer.status === 429) refusal = answer;
      }
      assert.ok(refusal, statuses.join(' '));
      assert.match(refusal.body.error.message, /upstream units this month, past its share \(0\.01 % of the relay’s month\)/);
      // Past its share a key is slowed, not locked out for the month: it may ask again within a minute.
      assert.ok(Number(refusal.headers.get('retry-after')) <= 60, refusal.headers.get('retry-after'));
      const before = await bed.units();
      assert.equal((await getFrom(bed, `${datedScores(100)}&key=${bed.key}`, '203.0.113.77')).status, 429);
      assert.equal((await bed.units()) - before, 0, 'refused before any upstream call');
      const metrics = await (await fetch(`${bed.relay.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      const audit = await bed.relay.store.auditLog({ key: bed.key, limit: 20 });
      assert.ok(
        audit.some((entry) => entry.action === 'alert.upstream_key' && /upstream request units/.test(entry.detail)),
        JSON.stringify(audit.map((entry) => entry.action)),
      );
      assert.match(metrics, new RegExp(`pressbox_upstream_units_by_key\\{key="${bed.key}"\\} \\d+`));
    } finally {
      await bed.close();
    }
  });
});

describe('limits before work, and operator actions on open streams', () => {
  let bed: AttackBed;
  before(async () => (bed = await attackBed({ live: { pollMs: () => 200 } })));
  after(() => bed.close());

  it('spends nothing for a key at its daily limit, on GETs and stream opens', async () => {
    const key = await addKey(bed.relay, ['example.com'], { name: 'capped' });
    assert.equal((await admin(bed, `/keys/${key}`, 'PATCH', { dailyLimit: 1 })).status, 200);
    assert.equal((await getFrom(bed, `/v1/standings?league=nba&key=${key}`, ATTACKER)).status, 200);
    const { units, result } = await spentBy(bed, async () => {
      const statuses = [];
      for (let n = 0; n < 10; n++) statuses.push((await getFrom(bed, `${datedScores(300 + n)}&key=${key}`, `198.51.100.${20 + n}`)).status);
      for (let n = 0; n < 3; n++) {
        const stream = await streamFrom(bed, key, [datedScores(320 + n)], `198.51.100.${40 + n}`);
        statuses.push(stream.status);
        stream.close();
      }
      return statuses;
    });
    assert.deepEqual(result, Array(13).fill(429));
    assert.equal(units, 0);
  });

  it('ends a revoked key’s streams within seconds, with an error naming why', async () => {
    const key = await addKey(bed.relay, ['example.com'], { name: 'revoked' });
    const stream = await streamFrom(bed, key, ['/v1/scores?league=nhl'], HONEST);
    await until(() => stream.events.some((event) => event.event === 'update'), 'first update');
    assert.equal((await admin(bed, `/keys/${key}`, 'DELETE')).status, 200);
    assert.ok(await ended(stream, 10_000), 'the stream ended');
    const last = stream.events.at(-1)!;
    assert.equal(last.event, 'error');
    assert.equal(JSON.parse(last.data).error.code, 'invalid_key');
  });

  it('ends a stream whose page’s domain is removed from the key', async () => {
    const key = await addKey(bed.relay, ['example.com', 'other.example'], { name: 'moved' });
    const stream = await streamFrom(bed, key, ['/v1/scores?league=nhl'], HONEST);
    await until(() => stream.events.some((event) => event.event === 'update'), 'first update');
    assert.equal((await admin(bed, `/keys/${key}`, 'PATCH', { domains: ['other.example'] })).status, 200);
    assert.ok(await ended(stream, 10_000), 'the stream ended');
    assert.equal(JSON.parse(stream.events.at(-1)!.data).error.code, 'origin_not_allowed');
  });

  it('drops a topic the upstream keeps refusing, telling its viewer', async () => {
    const stream = await streamFrom(bed, bed.key, ['/v1/games/g_nba_19990101001?league=nba', '/v1/scores?league=nhl'], HONEST);
    await until(() => stream.events.some((event) => event.event === 'error'), 'the refusal');
    assert.equal(JSON.parse(stream.events.find((event) => event.event === 'error')!.data).error.code, 'not_found');
    await until(() => bed.relay.hub.topicCount() === 1, 'the refused topic dropped, the other kept');
    stream.close();
  });
});

describe('test keys and readers’ networks', () => {
  it('honours a loopback Origin for a test key only from a reader on this machine', async () => {
    const bed = await attackBed();
    try {
      const key = await addKey(bed.relay, ['example.com'], { test: true });
      const remote = await getFrom(bed, `/v1/standings?league=nba&key=${key}`, ATTACKER, 'http://localhost:3000');
      assert.equal(remote.status, 403);
      const local = await fetch(`${bed.relay.origin}/v1/standings?league=nba&key=${key}`, { headers: { origin: 'http://localhost:3000' } });
      assert.equal(local.status, 200);
    } finally {
      await bed.close();
    }
  });

  it('counts an IPv6 reader by its /64 in the rate limit', () => {
    const limit = rateLimiter({ perMinute: 60, burst: 2, now: () => 0 });
    limit('pk_live_x', { address: '2001:db8:1:2::1' });
    limit('pk_live_x', { address: '2001:db8:1:2:ffff::9' });
    assert.throws(() => limit('pk_live_x', { address: '2001:db8:1:2::77' }), /Too many requests/);
    assert.doesNotThrow(() => limit('pk_live_x', { address: '2001:db8:1:3::1' }), 'another /64 is another reader');
  });
});
