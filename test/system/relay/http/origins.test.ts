import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseDomainPattern } from '../../../../src/relay/keys/domains.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

type Case = [
  description: string,
  patterns: string[],
  headers: { origin?: string; referer?: string },
  expected: 200 | 'origin_not_allowed',
  test?: boolean,
];

const CASES: Case[] = [
  ['exact host over https', ['example.com'], { origin: 'https://example.com' }, 200],
  ['exact host refuses its subdomain', ['example.com'], { origin: 'https://www.example.com' }, 'origin_not_allowed'],
  ['exact host refuses http', ['example.com'], { origin: 'http://example.com' }, 'origin_not_allowed'],
  ['exact host refuses another port', ['example.com'], { origin: 'https://example.com:8443' }, 'origin_not_allowed'],
  ['the default port written out is the same origin', ['example.com'], { origin: 'https://example.com:443' }, 200],
  ['look-alike suffix host', ['example.com'], { origin: 'https://notexample.com' }, 'origin_not_allowed'],
  ['look-alike host with the pattern as a prefix', ['example.com'], { origin: 'https://example.com.evil.net' }, 'origin_not_allowed'],
  ['look-alike host with a hyphen', ['example.com'], { origin: 'https://example-com.evil.net' }, 'origin_not_allowed'],
  ['upper-case origin is compared in lower case', ['example.com'], { origin: 'https://EXAMPLE.COM' }, 200],
  ['upper-case pattern is compared in lower case', ['Example.COM'], { origin: 'https://example.com' }, 200],
  ['trailing dot in the origin', ['example.com'], { origin: 'https://example.com.' }, 200],
  ['trailing dot in the pattern', ['example.com.'], { origin: 'https://example.com' }, 200],
  ['wildcard: one level of subdomain', ['*.example.com'], { origin: 'https://www.example.com' }, 200],
  ['wildcard: any depth', ['*.example.com'], { origin: 'https://a.b.c.example.com' }, 200],
  ['wildcard: not the apex', ['*.example.com'], { origin: 'https://example.com' }, 'origin_not_allowed'],
  ['wildcard: look-alike suffix', ['*.example.com'], { origin: 'https://www.badexample.com' }, 'origin_not_allowed'],
  ['wildcard: pattern in the middle of the host', ['*.example.com'], { origin: 'https://www.example.com.evil.net' }, 'origin_not_allowed'],
  ['wildcard: https only by default', ['*.example.com'], { origin: 'http://www.example.com' }, 'origin_not_allowed'],
  ['wildcard with apex listed too', ['*.example.com', 'example.com'], { origin: 'https://example.com' }, 200],
  ['explicit http scheme', ['http://example.com'], { origin: 'http://example.com' }, 200],
  ['explicit http refuses https', ['http://example.com'], { origin: 'https://example.com' }, 'origin_not_allowed'],
  ['explicit https scheme', ['https://example.com'], { origin: 'https://example.com' }, 200],
  ['explicit port', ['shop.example.com:8443'], { origin: 'https://shop.example.com:8443' }, 200],
  ['explicit port refuses the default port', ['shop.example.com:8443'], { origin: 'https://shop.example.com' }, 'origin_not_allowed'],
  ['explicit port refuses another port', ['shop.example.com:8443'], { origin: 'https://shop.example.com:9443' }, 'origin_not_allowed'],
  ['http with its port', ['http://example.com:8080'], { origin: 'http://example.com:8080' }, 200],
  ['localhost, any port, http', ['localhost'], { origin: 'http://localhost:5173' }, 200],
  ['localhost, https', ['localhost'], { origin: 'https://localhost:3000' }, 200],
  ['localhost with a port: that port only', ['localhost:3000'], { origin: 'http://localhost:4000' }, 'origin_not_allowed'],
  ['127.0.0.1, any port', ['127.0.0.1'], { origin: 'http://127.0.0.1:8080' }, 200],
  ['[::1], any port', ['[::1]'], { origin: 'http://[::1]:8080' }, 200],
  ['loopback pattern does not cover a look-alike', ['localhost'], { origin: 'http://localhost.evil.net' }, 'origin_not_allowed'],
  ['IDN origin matches a Unicode pattern', ['bücher.example'], { origin: 'https://xn--bcher-kva.example' }, 200],
  ['IDN pattern in punycode matches', ['xn--bcher-kva.example'], { origin: 'https://xn--bcher-kva.example' }, 200],
  ['homograph is not the ASCII host', ['apple.com'], { origin: 'https://xn--pple-43d.com' }, 'origin_not_allowed'],
  ['Origin "null" is refused', ['example.com'], { origin: 'null' }, 'origin_not_allowed'],
  ['no Origin and no Referer is refused', ['example.com'], {}, 'origin_not_allowed'],
  ['no Origin: the Referer origin decides', ['example.com'], { referer: 'https://example.com/news/today?x=1' }, 200],
  ['no Origin: a foreign Referer is refused', ['example.com'], { referer: 'https://evil.net/example.com' }, 'origin_not_allowed'],
  ['Origin wins over Referer', ['example.com'], { origin: 'https://evil.net', referer: 'https://example.com/' }, 'origin_not_allowed'],
  ['file: scheme is refused', ['example.com'], { origin: 'file://' }, 'origin_not_allowed'],
  ['garbage Origin is refused', ['example.com'], { origin: 'not a url' }, 'origin_not_allowed'],
  ['userinfo in Referer does not fool the host', ['example.com'], { referer: 'https://example.com@evil.net/' }, 'origin_not_allowed'],
  ['test key on loopback without a loopback pattern', ['example.com'], { origin: 'http://localhost:8080' }, 200, true],
  ['live key on loopback without a loopback pattern', ['example.com'], { origin: 'http://localhost:8080' }, 'origin_not_allowed'],
  ['test key elsewhere still needs its domains', ['example.com'], { origin: 'https://evil.net' }, 'origin_not_allowed', true],
  ['several patterns: the second decides', ['a.example', 'b.example'], { origin: 'https://b.example' }, 200],
  ['IP address written with its scheme: that origin', ['https://203.0.113.7'], { origin: 'https://203.0.113.7' }, 200],
  ['IP address: not over http', ['https://203.0.113.7'], { origin: 'http://203.0.113.7' }, 'origin_not_allowed'],
  ['IP address: not the next address', ['https://203.0.113.7'], { origin: 'https://203.0.113.70' }, 'origin_not_allowed'],
  ['a literal * in the origin never meets a wildcard', ['*.example.org'], { origin: 'https://*.example.org' }, 'origin_not_allowed'],
  ['a literal * label deeper down neither', ['*.example.org'], { origin: 'https://a.*.example.org' }, 'origin_not_allowed'],
  ['an IDN pattern matches the punycode origin', ['bücher.de'], { origin: 'https://xn--bcher-kva.de' }, 200],
  ['a site under a private suffix is its own', ['myproject.github.io'], { origin: 'https://myproject.github.io' }, 200],
  ['…and covers no other site there', ['myproject.github.io'], { origin: 'https://other.github.io' }, 'origin_not_allowed'],
];

describe('allowed-domain matching at the relay', () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await testRelay();
  });
  after(() => relay.close());

  it(`has a table of at least 40 cases (${CASES.length})`, () => assert.ok(CASES.length >= 40));

  for (const [description, patterns, headers, expected, test] of CASES) {
    it(`${description}: ${expected === 200 ? 'allowed' : 'denied'}`, async () => {
      const key = await addKey(relay, patterns, { test });
      const sent: Record<string, string> = {};
      if (headers.origin !== undefined) sent.origin = headers.origin;
      if (headers.referer !== undefined) sent.referer = headers.referer;
      const { status, body, headers: answer } = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, sent);
      assert.ok(answer.get('vary')?.split(/,\s*/).includes('Origin'), `Vary: ${answer.get('vary')}`);
      assert.equal(answer.get('access-control-allow-credentials'), null, 'never credentials');
      if (expected === 200) {
        assert.equal(status, 200, JSON.stringify(body));
        if (headers.origin) assert.equal(answer.get('access-control-allow-origin'), headers.origin);
      } else {
        assert.equal(status, 403);
        assert.equal(body.error.code, expected);
        assert.match(body.error.message, /allowed/);
      }
    });
  }

  it('tells a page opened from a file why it has no origin, in an answer that page can read', async () => {
    const key = await addKey(relay, ['example.com']);
    const { status, body, headers } = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`, { origin: 'null' });
    assert.equal(status, 403);
    assert.equal(body.error.code, 'origin_not_allowed');
    assert.match(body.error.message, /opened from a file \(file:\/\/\) or runs in a sandboxed frame/);
    // Without it the browser hides the refusal and the element can only say the relay cannot be reached.
    assert.equal(headers.get('access-control-allow-origin'), 'null');
    assert.equal(headers.get('access-control-allow-credentials'), null);
  });

  it('refuses patterns that are not host names, saying why', () => {
    for (const [pattern, why] of [
      ['', /empty/],
      ['ftp://example.com', /only http/],
      ['example.com/path', /without a path/],
      ['*.com', /public suffix/],
      ['com', /public suffix/],
      ['co.uk', /ICANN section/],
      ['*.co.uk', /ICANN section/],
      ['github.io', /private section/],
      ['*.github.io', /private section/],
      ['*.vercel.app', /private section/],
      ['https://s3.amazonaws.com', /private section/],
      ['*.xn--p1ai', /public suffix/],
      ['*.рф', /public suffix/],
      ['intranet', /no registrable domain/],
      ['203.0.113.7', /with its scheme written/],
      ['[2001:db8::1]', /with its scheme written/],
      ['www.*.example.com', /first label/],
      ['*.127.0.0.1', /IP address/],
      ['user@example.com', /user information/],
    ] as const) {
      const parsed = parseDomainPattern(pattern);
      assert.equal(parsed.ok, false, pattern);
      assert.match((parsed as { message: string }).message, why, pattern);
    }
  });

  it('stores every pattern in one canonical form', () => {
    for (const [written, canonical] of [
      ['Example.COM.', 'example.com'],
      ['https://example.com:443', 'example.com'],
      ['https://example.com', 'example.com'],
      ['http://example.com:80', 'http://example.com'],
      ['shop.example.com:8443', 'shop.example.com:8443'],
      ['*.Example.co.uk', '*.example.co.uk'],
      ['BÜCHER.de', 'xn--bcher-kva.de'],
      ['*.bücher.de', '*.xn--bcher-kva.de'],
      ['localhost', 'localhost'],
      ['http://LOCALHOST:3000/', 'http://localhost:3000'],
      ['https://203.0.113.7:443', 'https://203.0.113.7'],
      ['myproject.github.io', 'myproject.github.io'],
    ] as const) {
      const parsed = parseDomainPattern(written);
      assert.ok(parsed.ok, written);
      assert.equal(parsed.pattern.source, canonical, written);
    }
  });
});
