// The relay behind a proxy, and traffic that is not a reader's. Each block below failed on the code before it.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { clientAddressResolver, parseTrustList } from '../../../../src/relay/http/client-address.js';
import { escapeControls, jsonLogger, requestLines, type Logger } from '../../../../src/relay/base/logger.js';
import { parseDomainPattern } from '../../../../src/relay/keys/domains.js';
import { TOPIC_STATE_TTL_MS } from '../../../../src/relay/live/share.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { monthOf } from '../../../helpers/clock.js';
import { openStream } from '../../../helpers/live.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

const ORIGIN = 'https://example.com';
const SCORES_TOPIC = '/v1/scores?league=nba';

/** A GET with headers fetch() will not send (Host, X-Forwarded-For), straight on a socket. */
function rawGet(relay: RunningRelay, path: string, headers: Record<string, string>, method = 'GET') {
  const { hostname, port } = new URL(relay.origin);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method, headers: { origin: ORIGIN, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens /v1/live as a reader behind the proxy at `forwardedFor`; resolves with the status and a way to close. */
function liveFrom(relay: RunningRelay, key: string, forwardedFor: string | undefined, topic = SCORES_TOPIC) {
  const { hostname, port } = new URL(relay.origin);
  const path = `/v1/live?key=${key}&topic=${encodeURIComponent(topic)}`;
  return new Promise<{ status: number; close: () => void }>((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path, headers: { origin: ORIGIN, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode!, close: () => req.destroy() });
      },
    );
    req.on('error', () => {});
    req.on('error', reject);
    req.end();
  });
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the reader’s address, from trusted proxies only', () => {
  it('reads the right-most untrusted X-Forwarded-For hop, or Forwarded, only when the peer is trusted', () => {
    const trusted = parseTrustList(['loopback', '10.0.0.0/8']);
    assert.ok(trusted.ok);
    const address = clientAddressResolver(trusted.list);
    assert.equal(address('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), '203.0.113.9');
    assert.equal(address('::ffff:127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3' }), '203.0.113.9', 'forged left part');
    assert.equal(address('127.0.0.1', { 'x-forwarded-for': ['198.51.100.1', '10.0.0.1'] }), '198.51.100.1', 'header repeated');
    const rfc7239 = clientAddressResolver(trusted.list, { header: 'forwarded' });
    assert.equal(rfc7239('127.0.0.1', { forwarded: 'for="[2001:db8::7]:4711";proto=https, for=10.0.0.2' }), '2001:db8::7');
    // One header per proxy: the one it does not write is the reader's to forge, and is never read.
    const both = { 'x-forwarded-for': '6.6.6.6', forwarded: 'for=203.0.113.9' };
    assert.equal(rfc7239('127.0.0.1', both), '203.0.113.9', 'a proxy that writes Forwarded: X-Forwarded-For is ignored');
    assert.equal(address('127.0.0.1', { 'x-forwarded-for': '203.0.113.9', forwarded: 'for=6.6.6.6' }), '203.0.113.9');
    assert.equal(address('127.0.0.1', { forwarded: 'for=6.6.6.6' }), '127.0.0.1', 'X-Forwarded-For proxies: Forwarded is ignored');
    assert.equal(address('127.0.0.1', { 'x-forwarded-for': 'unknown, 10.0.0.5' }), '10.0.0.5', 'garbage stops the walk');
    assert.equal(address('127.0.0.1', {}), '127.0.0.1', 'no header: the proxy itself');
    assert.equal(address('192.0.2.1', { 'x-forwarded-for': '203.0.113.9' }), '192.0.2.1', 'untrusted peer: headers ignored');
    assert.equal(clientAddressResolver(undefined)('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), '127.0.0.1');
    const wrong = parseTrustList(['10.0.0.0/33']);
    assert.ok(!wrong.ok && /prefix length/.test(wrong.message));
    assert.ok(!parseTrustList(['proxy.example.com']).ok);
  });

  describe('through a relay that trusts loopback proxies', () => {
    let relay: RunningRelay;
    let key: string;
    before(async () => {
      relay = await testRelay({ trustProxy: ['loopback'], rateLimit: { perMinute: 60, burst: 3 }, live: { maxStreamsPerAddress: 2 } });
      key = await addKey(relay, ['example.com']);
    });
    after(() => relay.close());

    it('gives each reader behind the proxy their own stream slots', async () => {
      const streams = await Promise.all(['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((ip) => liveFrom(relay, key, ip)));
      assert.deepEqual(
        streams.map((stream) => stream.status),
        [200, 200, 200],
      );
      const sameReader = await Promise.all([liveFrom(relay, key, '203.0.113.1'), liveFrom(relay, key, '203.0.113.1')]);
      assert.deepEqual(sameReader.map((stream) => stream.status).sort(), [200, 429], 'the cap still holds per reader');
      for (const stream of [...streams, ...sameReader]) stream.close();
      await eventually(() => relay.openStreams() === 0, 'streams closed');
    });

    it('limits one bursting reader alone, and attributes loads to each reader’s network', async () => {
      const burst = [];
      for (let i = 0; i < 6; i++)
        burst.push((await rawGet(relay, `/v1/standings?league=nba&key=${key}`, { 'x-forwarded-for': '198.51.100.7' })).status);
      assert.ok(burst.includes(429), `the bursting reader is limited (${burst.join(' ')})`);
      const quiet = await rawGet(relay, `/v1/standings?league=nba&key=${key}`, { 'x-forwarded-for': '192.0.2.44' });
      assert.equal(quiet.status, 200, 'a quiet reader behind the same proxy is not');
      const prefixes = new Set((await relay.store.dailyUsage({ key, month: monthOf(relay.now()) })).map((row) => row.prefix));
      assert.ok(prefixes.has('198.51.100.0/24') && prefixes.has('192.0.2.0/24'), [...prefixes].join(' '));
    });
  });

  it('ignores forged forwarding headers from a peer it does not trust', async () => {
    const relay = await testRelay({ trustProxy: ['10.0.0.0/8'], live: { maxStreamsPerAddress: 2 } });
    try {
      const key = await addKey(relay, ['example.com']);
      const streams = await Promise.all(['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((ip) => liveFrom(relay, key, ip)));
      assert.deepEqual(streams.map((stream) => stream.status).sort(), [200, 200, 429], 'all three are the socket’s peer');
      for (const stream of streams) stream.close();
    } finally {
      await relay.close();
    }
  });

  it('never takes its own origin from the Host header (--public-url, else the listen address)', async () => {
    const relay = await testRelay({ publicUrls: ['https://widgets.example.net'] });
    try {
      const key = await addKey(relay, ['example.com']);
      const opened = await rawGet(relay, `/embed/score-strip?key=${key}&league=nba`, {
        host: 'evil.example',
        'sec-fetch-dest': 'document',
      });
      assert.match(opened.body, /https:\/\/widgets\.example\.net\/embed\/score-strip/);
      assert.doesNotMatch(opened.body, /evil\.example/);
      const embedUrl = encodeURIComponent(`http://evil.example/embed/score-strip?key=${key}&league=nba`);
      assert.equal((await rawGet(relay, `/oembed?url=${embedUrl}`, { host: 'evil.example' })).status, 404);
      const ownUrl = encodeURIComponent(`https://widgets.example.net/embed/score-strip?key=${key}&league=nba`);
      assert.equal((await rawGet(relay, `/oembed?url=${ownUrl}`, { host: 'evil.example' })).status, 200);
    } finally {
      await relay.close();
    }
  });
});

describe('caps for the whole relay and per key', () => {
  it('refuses streams past the relay’s and a key’s cap with 503 and Retry-After', async () => {
    const relay = await testRelay({ trustProxy: ['loopback'], live: { maxStreams: 3, maxStreamsPerKey: 2 } });
    try {
      const [first, second] = [await addKey(relay, ['example.com']), await addKey(relay, ['example.com'])];
      const open = [await liveFrom(relay, first, '203.0.113.1'), await liveFrom(relay, first, '203.0.113.2')];
      const overKey = await rawGet(relay, `/v1/live?key=${first}&topic=${encodeURIComponent(SCORES_TOPIC)}`, {
        'x-forwarded-for': '203.0.113.3',
      });
      assert.equal(overKey.status, 503);
      assert.ok(Number(overKey.headers['retry-after']) >= 30);
      assert.match(JSON.parse(overKey.body).error.message, /limit for this key/);
      open.push(await liveFrom(relay, second, '203.0.113.4'));
      assert.deepEqual(
        open.map((stream) => stream.status),
        [200, 200, 200],
      );
      const overRelay = await rawGet(relay, `/v1/live?key=${second}&topic=${encodeURIComponent(SCORES_TOPIC)}`, {
        'x-forwarded-for': '203.0.113.5',
      });
      assert.equal(overRelay.status, 503);
      assert.match(JSON.parse(overRelay.body).error.message, /limit for this relay/);
      for (const stream of open) stream.close();
    } finally {
      await relay.close();
    }
  });
});

describe('canonical parameters', () => {
  let relay: RunningRelay;
  let key: string;
  before(async () => {
    relay = await testRelay({ redis: testRedisUrl(), rateLimit: { perMinute: 1_000_000, burst: 100_000 } });
    key = await addKey(relay, ['example.com']);
  });
  after(() => relay.close());

  it('refuses parameters a route does not take, by name, on data routes and in topics', async () => {
    const junk = await widgetGet(relay, `/v1/scores?league=nba&junk=1&key=${key}`);
    assert.equal(junk.status, 400);
    assert.match(junk.body.error.message, /unknown parameter "junk"; this route takes league, date, team/);
    const typo = await widgetGet(relay, `/v1/form?league=nba&teem=BOS&key=${key}`);
    assert.match(typo.body.error.message, /"teem"/);
    const stream = await openStream(relay, key, ['/v1/scores?league=nba&junk=1']);
    assert.equal(stream.status, 400);
    stream.close();
  });

  it('names every spelling of one request alike: one topic, one ETag', async () => {
    const spellings = [
      '/v1/scores?league=nba,nhl&team=bos',
      '/v1/scores?team=BOS&league=NBA,nhl',
      '/v1/scores?league=nba%2Cnhl&team=Bos&league=mlb',
    ];
    const etags = new Set<string>();
    for (const spelling of spellings) etags.add((await widgetGet(relay, `${spelling}&key=${key}`)).headers.get('etag')!);
    assert.equal(etags.size, 1);
    const streams = await Promise.all(spellings.map((topic) => openStream(relay, key, [topic])));
    await Promise.all(streams.map((stream) => stream.waitFor(1)));
    assert.equal(relay.hub.topicCount(), 1);
    assert.deepEqual(
      streams.map((stream) => JSON.parse(stream.events[0]!.data).topic),
      spellings,
      'each page hears its topic named as it asked',
    );
    for (const stream of streams) stream.close();
  });

  it('lets a topic’s state in Redis expire, and made-up spellings add no key', async () => {
    const redis = new Redis(testRedisUrl());
    try {
      await redis.del('pressbox:live:{shared}:state:live|/v1/injuries?league=nba&team=BOS');
      const before = await redis.keys('pressbox:live:{shared}:state:*');
      const streams = [];
      for (let i = 0; i < 20; i++) streams.push(await openStream(relay, key, [`/v1/injuries?league=nba&team=bos&key=x${i}`]));
      await Promise.all(streams.map((stream) => stream.waitFor(1)));
      const states = (await redis.keys('pressbox:live:{shared}:state:*')).filter((name) => !before.includes(name));
      assert.deepEqual(states, ['pressbox:live:{shared}:state:live|/v1/injuries?league=nba&team=BOS']);
      const ttl = await redis.pttl(states[0]!);
      assert.ok(ttl > 0 && ttl <= TOPIC_STATE_TTL_MS, `expires (${ttl} ms)`);
      for (const stream of streams) stream.close();
    } finally {
      redis.disconnect();
    }
  });
});

describe('no leaked stream, however a client resets', () => {
  it('resets 1,000 opens at random moments: the gauge goes back to 0 and every slot is free', async () => {
    const relay = await testRelay({
      redis: testRedisUrl(),
      rateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
      live: { maxStreamsPerAddress: 5 },
    });
    try {
      const key = await addKey(relay, ['example.com']);
      const { hostname, port } = new URL(relay.origin);
      const request = `GET /v1/live?key=${key}&topic=${encodeURIComponent(SCORES_TOPIC)} HTTP/1.1\r\nHost: ${hostname}\r\nOrigin: ${ORIGIN}\r\n\r\n`;
      for (let batch = 0; batch < 10; batch++) {
        await Promise.all(
          Array.from(
            { length: 100 },
            () =>
              new Promise<void>((resolve) => {
                const socket = connect({ host: hostname, port: Number(port) }, () => {
                  socket.write(request);
                  setTimeout(() => socket.resetAndDestroy(), Math.random() * 8);
                });
                socket.on('error', () => {});
                socket.on('close', () => resolve());
              }),
          ),
        );
      }
      await eventually(() => relay.openStreams() === 0, `open streams ${relay.openStreams()}`);
      assert.deepEqual(relay.streamSlotHolders(), { addresses: 0, keys: 0 });
      await eventually(() => relay.hub.topicCount() === 0, 'topics stopped');
      const streams = await Promise.all(Array.from({ length: 5 }, () => liveFrom(relay, key, undefined)));
      assert.deepEqual(
        streams.map((stream) => stream.status),
        [200, 200, 200, 200, 200],
        'every slot of the address is back',
      );
      for (const stream of streams) stream.close();
    } finally {
      await relay.close();
    }
  });

  it('answers HEAD /v1/live with 405 and keeps the connection usable', async () => {
    const relay = await testRelay();
    try {
      const key = await addKey(relay, ['example.com']);
      const head = await rawGet(relay, `/v1/live?key=${key}&topic=${encodeURIComponent(SCORES_TOPIC)}`, {}, 'HEAD');
      assert.equal(head.status, 405);
      assert.equal(head.headers.allow, 'GET');
      assert.equal(relay.openStreams(), 0);
    } finally {
      await relay.close();
    }
  });
});

describe('smaller ones', () => {
  it('refuses a wildcard over a parent of public suffixes, naming the suffix', () => {
    for (const [pattern, suffix] of [
      ['*.amazonaws.com', /s3\.amazonaws\.com|compute\.amazonaws\.com/],
      ['*.core.windows.net', /(blob|web|file)\.core\.windows\.net/],
    ] as const) {
      const parsed = parseDomainPattern(pattern);
      assert.ok(!parsed.ok, pattern);
      assert.match(parsed.message, suffix);
      assert.match(parsed.message, /Public Suffix List/);
    }
    for (const allowed of ['*.example.com', '*.bbc.co.uk', 'amazonaws.com']) assert.ok(parseDomainPattern(allowed).ok, allowed);
  });

  it('escapes control characters in every log sink and logs paths as received', async () => {
    const lines: string[] = [];
    const hostile = 'GET /x\u001b[2J\nfake line\u009b31m\u2028';
    requestLines((line) => lines.push(line)).log('info', 'request', { method: 'GET', path: hostile, status: 404, ms: 1 });
    jsonLogger((line) => lines.push(line)).log('info', hostile, { path: hostile });
    const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    for (const line of lines) assert.ok(![...line].some((ch) => isControl(ch.charCodeAt(0))), JSON.stringify(line));
    assert.equal(JSON.parse(lines[1]!).path, hostile, 'JSON lines still read back as written');
    assert.equal(escapeControls('a\u001bb'), 'a\\u001bb');

    const seen: string[] = [];
    const logger: Logger = { log: (_level, message, fields) => message === 'request' && seen.push(String(fields?.path)) };
    const relay = await testRelay({ logger });
    try {
      await fetch(`${relay.origin}/%1b%5b31mfake%0a/v1`);
      await fetch(`${relay.origin}/v1/games/%1b%5b2J?league=nba`);
      await eventually(() => seen.length >= 2, 'two request lines');
      assert.deepEqual(seen, ['/%1b%5b31mfake%0a/v1', '/v1/games/%1b%5b2J']);
    } finally {
      await relay.close();
    }
  });

  it('serves embed problem pages framable but inert, under its own policy, with echoed text cut short', async () => {
    const relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
    try {
      const key = await addKey(relay, ['example.com']);
      const long = 'x'.repeat(500);
      const cases = [
        [`/embed/${long}?key=${key}`, 404],
        [`/embed/score-strip?key=${key}&${long}=1&b=2&c=3&d=4`, 400],
        ['/embed/score-strip?key=pk_live_unknownunknownunknown&league=nba', 401],
      ] as const;
      for (const [path, status] of cases) {
        const response = await fetch(`${relay.origin}${path}`);
        const body = await response.text();
        assert.equal(response.status, status, path.slice(0, 60));
        const policy = response.headers.get('content-security-policy') ?? '';
        // Framable by any page so the publisher reads the mistake in their frame; nothing on it to click-jack.
        assert.match(policy, /frame-ancestors \*$/);
        assert.match(policy, /script-src 'self'/);
        assert.doesNotMatch(body, /<(a|form|button|input|script)\b/i);
        assert.ok(body.length < 1500, `${body.length} characters`);
        assert.doesNotMatch(body, /x{100}/);
      }
    } finally {
      await relay.close();
    }
  });
});
