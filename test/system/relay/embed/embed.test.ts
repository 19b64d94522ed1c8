// Script-free embeds through a real relay over HTTP: the embed page, its frame-ancestors policy and Referer check,
// the frame's token (usable only from the relay's own frame, and for the page that framed it), oEmbed, the builder.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseDomainPattern, type DomainPattern } from '../../../../src/relay/keys/domains.js';
import { frameAncestors } from '../../../../src/relay/embed/frame-ancestors.js';
import { ampCacheHost } from '../../../../src/relay/embed/amp-cache.js';
import { builderPage } from '../../../../src/relay/embed/builder-page.js';
import { EMBED_TOKEN_TTL_MS, embedTokens } from '../../../../src/relay/http/embed-token.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay } from '../../../helpers/relay.js';
import { MIDDAY } from '../../../helpers/sandbox.js';

const PUBLISHER = 'https://news.example.com';
let relay: RunningRelay;
let key = '';

before(async () => {
  relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
  key = await addKey(relay, ['news.example.com', '*.courier.example'], { name: 'embeds' });
});

after(async () => {
  await relay?.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${relay.origin}${path}`, { headers, redirect: 'manual' });
}

/** The embed page as a browser loads it into a frame on `page`: a navigation with that page as its Referer. */
function framed(path: string, page: string): Promise<Response> {
  return get(path, { 'sec-fetch-dest': 'iframe', referer: `${page}/article` });
}

async function tokenFor(page: string, path = `/embed/score-strip?key=${key}&league=nba`): Promise<string> {
  const html = await (await framed(path, page)).text();
  const token = /data-key="(pb_embed_[^"]+)"/.exec(html)?.[1];
  assert.ok(token, `no token in ${html}`);
  return token;
}

/** A data request as the frame makes it: same origin as the relay, so no Origin header and the embed page as Referer. */
function fromFrame(path: string): Promise<Response> {
  return get(path, { referer: `${relay.origin}/embed/score-strip?key=${key}`, 'sec-fetch-site': 'same-origin' });
}

const patterns = (...sources: string[]): DomainPattern[] =>
  sources.map((source) => {
    const parsed = parseDomainPattern(source);
    assert.ok(parsed.ok);
    return parsed.pattern;
  });

describe('frame-ancestors from allowed domains', () => {
  it('says each pattern the way CSP reads it: host, wildcard at any depth, scheme, port', () => {
    assert.equal(
      frameAncestors(patterns('example.com', '*.example.org', 'http://blog.example.net', 'shop.example.com:8443'), false),
      "frame-ancestors 'self' https://example.com https://example-com.cdn.ampproject.org https://*.example.org " +
        'https://*.cdn.ampproject.org http://blog.example.net https://blog-example-net.cdn.ampproject.org https://shop.example.com:8443',
    );
  });

  it('names the host Google’s AMP Cache serves each domain from, as its URL format spells it', () => {
    assert.equal(ampCacheHost('www.example.com'), 'www-example-com.cdn.ampproject.org');
    assert.equal(ampCacheHost('news-site.co.uk'), 'news--site-co-uk.cdn.ampproject.org');
    assert.equal(ampCacheHost('ab-cd.com'), '0-ab--cd-com-0.cdn.ampproject.org', 'hyphens in the third and fourth places');
    assert.equal(ampCacheHost('xn--mnchen-3ya.de'), 'xn--mnchen-de-q9a.cdn.ampproject.org', 'an IDN stays punycode');
    assert.match(ampCacheHost(`${'x'.repeat(60)}.com`), /^[a-z2-7]{52}\.cdn\.ampproject\.org$/, 'too long for a label: a hash');
  });

  it('lets loopback frame on any port, and test keys on every loopback host', () => {
    assert.equal(frameAncestors(patterns('localhost'), false), "frame-ancestors 'self' https://localhost:* http://localhost:*");
    assert.match(frameAncestors([], true), /http:\/\/127\.0\.0\.1:\*/);
  });

  it('allows only the relay itself when the key has no domains', () => {
    assert.equal(frameAncestors([], false), "frame-ancestors 'self'");
  });
});

describe('embed tokens', () => {
  it('read back what was minted, and nothing tampered with or expired', () => {
    let now = 1_000;
    const tokens = embedTokens('secret', () => now);
    const { token } = tokens.mint('pk_live_a', PUBLISHER);
    assert.deepEqual(tokens.read(token), {
      ok: true,
      grant: { key: 'pk_live_a', origin: PUBLISHER, expiresAt: 1_000 + EMBED_TOKEN_TTL_MS },
    });
    assert.deepEqual(embedTokens('another secret', () => now).read(token), { ok: false, expired: false });
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['pk_live_a', 'https://evil.example', now + 1])).toString('base64url');
    assert.deepEqual(tokens.read(`pb_embed_${forged}.${signature}`), { ok: false, expired: false });
    assert.deepEqual(tokens.read(`${body}.`), { ok: false, expired: false });
    now += EMBED_TOKEN_TTL_MS;
    assert.deepEqual(tokens.read(token), { ok: false, expired: true });
  });
});

describe('GET /embed/{tag}', () => {
  it('serves a framed page on an allowed site: the element with its attributes, a token, the oEmbed link and frame-ancestors', async () => {
    const response = await framed(`/embed/last-five?key=${key}&league=nba&team=BOS&theme=dark&locale=de`, PUBLISHER);
    assert.equal(response.status, 200);
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.match(
      policy,
      /frame-ancestors 'self' https:\/\/news\.example\.com https:\/\/news-example-com\.cdn\.ampproject\.org https:\/\/\*\.courier\.example/,
    );
    assert.match(policy, /script-src 'self'/);
    assert.doesNotMatch(policy, /unsafe-inline/);
    assert.equal(response.headers.get('x-frame-options'), null);
    const html = await response.text();
    assert.match(html, /<last-five league="nba" theme="dark" locale="de" team="BOS"><\/last-five>/);
    assert.match(html, /<html lang="de">/);
    assert.match(html, /<meta name="color-scheme" content="dark">/, 'a dark embed stays transparent on a dark page');
    assert.match(html, /<script type="module" src="\/pressbox\.js" data-key="pb_embed_/);
    assert.match(html, /rel="alternate" type="application\/json\+oembed" href="[^"]*\/oembed\?url=/);
    assert.doesNotMatch(html, /data-key="pk_/, 'the element asks with the token, which only works in this frame');
  });

  it('serves a frame on an AMP page read from Google’s AMP Cache, counting the load for the publisher', async () => {
    for (const cache of ['https://news-example-com.cdn.ampproject.org', 'https://www-courier-example.cdn.ampproject.org']) {
      const response = await framed(`/embed/score-strip?key=${key}&league=nba`, cache);
      assert.equal(response.status, 200, cache);
      const token = /data-key="(pb_embed_[^"]+)"/.exec(await response.text())?.[1];
      assert.ok(token, `${cache}: a token`);
      const publisher = cache === 'https://news-example-com.cdn.ampproject.org' ? PUBLISHER : 'https://www.courier.example';
      const loadsOf = async (origin: string) =>
        (await relay.store.usage({ key })).filter((row) => row.origin === origin).reduce((sum, row) => sum + row.loads, 0);
      const before = await loadsOf(publisher);
      assert.equal((await fromFrame(`/v1/scores?league=nba&key=${token}`)).status, 200);
      assert.equal(await loadsOf(publisher), before + 1, `${cache}: the load is the publisher's`);
      assert.equal(await loadsOf(cache), 0);
    }
    for (const cache of [
      'https://evil-example.cdn.ampproject.org',
      'https://news-example-com.cdn.ampproject.org.evil.example',
      'http://news-example-com.cdn.ampproject.org',
    ])
      assert.equal((await framed(`/embed/score-strip?key=${key}&league=nba`, cache)).status, 403, cache);
  });

  it('serves nothing to a frame on a site the key does not allow, and counts no load', async () => {
    const response = await framed(`/embed/score-strip?key=${key}&league=nba`, 'https://evil.example');
    assert.equal(response.status, 403);
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'self' https:\/\/news\.example\.com/);
    const html = await response.text();
    assert.doesNotMatch(html, /pb_embed_|score-strip|script/);
    const used = await relay.store.usage({ key });
    assert.equal(used.filter((row) => row.origin === 'https://evil.example').length, 0);
  });

  it('explains itself, with the iframe to paste, when opened directly in a tab', async () => {
    const response = await get(`/embed/score-strip?key=${key}&league=nba`, { 'sec-fetch-dest': 'document' });
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /This address is a Pressbox embed/);
    assert.match(html, /&lt;iframe src=&quot;http:\/\/127\.0\.0\.1:\d+\/embed\/score-strip\?key=pk_live_\w+&amp;amp;league=nba&quot;/);
    assert.doesNotMatch(html, /pb_embed_/);
  });

  it('tells the publisher when the framing page hides its address', async () => {
    const response = await get(`/embed/score-strip?key=${key}&league=nba`, { 'sec-fetch-dest': 'iframe' });
    assert.equal(response.status, 403);
    assert.match(await response.text(), /sent no Referer.*remove referrerpolicy=&quot;no-referrer&quot;/);
  });

  it('refuses a wrong element, attribute, value or key with a message that names the fix, in a frame on any page', async () => {
    const cases: [string, number, RegExp][] = [
      [`/embed/score-board?key=${key}`, 404, /no element &lt;score-board&gt;.*score-ticker, score-strip/],
      [`/embed/last-five?key=${key}&league=nba&teem=BOS`, 400, /has no attribute teem; it takes league, .*team, opponent/],
      [`/embed/score-strip?key=${key}&theme=sepia`, 400, /theme=sepia is not offered: theme is one of auto, light, dark/],
      [
        `/embed/score-strip?key=${key}&league=xyz`,
        400,
        /league=xyz is not offered by &lt;score-strip&gt;: league is one of nfl, nba, .*ncaab/,
      ],
      [`/embed/win-probability?key=${key}&league=mma&game-id=1`, 400, /league=mma is not offered by &lt;win-probability&gt;/],
      ['/embed/score-strip?league=nba', 400, /key is required/],
      ['/embed/score-strip?key=sk_sandbox_pro', 400, /publishable key/],
      ['/embed/score-strip?key=pk_live_00000000000000000000000000000000', 401, /unknown to the relay or was revoked/],
    ];
    for (const [path, status, message] of cases) {
      const response = await framed(path, PUBLISHER);
      assert.equal(response.status, status, path);
      assert.match(await response.text(), message, path);
      // On a site the key does not allow too: the explanation must reach the publisher's frame, wherever it is.
      assert.match(response.headers.get('content-security-policy') ?? '', /; frame-ancestors \*$/, path);
    }
  });

  it('puts a responsible-gambling line in a betting element’s slot as text, and refuses it elsewhere or too long', async () => {
    const line = '21+ <b>only</b> & "call" 1-800-GAMBLER';
    const response = await framed(`/embed/odds-board?key=${key}&league=nba&gambling=${encodeURIComponent(line)}`, PUBLISHER);
    assert.equal(response.status, 200);
    assert.match(
      await response.text(),
      /<odds-board league="nba"><p slot="gambling">21\+ &lt;b&gt;only&lt;\/b&gt; &amp; &quot;call&quot; 1-800-GAMBLER<\/p><\/odds-board>/,
    );
    const refusals: [string, RegExp][] = [
      [
        `/embed/score-strip?key=${key}&league=nba&gambling=21%2B`,
        /gambling \(a responsible-gambling line\) is taken by &lt;odds-board&gt;, &lt;betting-splits&gt; and &lt;line-movement&gt; only, not by &lt;score-strip&gt;/,
      ],
      [`/embed/line-movement?key=${key}&league=nba&game-id=1&gambling=${'x'.repeat(201)}`, /gambling is at most 200 characters/],
    ];
    for (const [path, message] of refusals) {
      const refused = await framed(path, PUBLISHER);
      assert.equal(refused.status, 400, path);
      assert.match(await refused.text(), message, path);
    }
  });

  it('reads a league in any case, as the element does', async () => {
    const response = await framed(`/embed/score-strip?key=${key}&league=NBA`, PUBLISHER);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /league="nba"/);
  });
});

describe('the frame’s data requests', () => {
  it('are served and metered as the page that framed the embed', async () => {
    const token = await tokenFor('https://live.courier.example');
    const before = (await relay.store.usage({ key })).filter((row) => row.origin === 'https://live.courier.example').length;
    const response = await fromFrame(`/v1/scores?league=nba&key=${token}`);
    assert.equal(response.status, 200);
    const rows = (await relay.store.usage({ key })).filter((row) => row.origin === 'https://live.courier.example');
    assert.equal(
      rows.reduce((sum, row) => sum + row.loads, 0),
      before + 1,
    );
  });

  it('cannot be replayed from another site: a token outside the relay’s own frame is refused', async () => {
    const token = await tokenFor(PUBLISHER);
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: PUBLISHER },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of attempts) {
      const response = await get(`/v1/scores?league=nba&key=${token}`, headers);
      assert.equal(response.status, 403, JSON.stringify(headers));
      assert.equal((await response.json()).error.code, 'origin_not_allowed');
    }
  });

  it('stop as soon as the framing site leaves the key’s allowed domains', async () => {
    const other = await addKey(relay, ['sports.example.net'], { name: 'removable' });
    const token = await tokenFor('https://sports.example.net', `/embed/score-strip?key=${other}&league=nba`);
    assert.equal((await fromFrame(`/v1/scores?league=nba&key=${token}`)).status, 200);
    const changed = await fetch(`${relay.origin}/admin/keys/${other}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef', 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['elsewhere.example.net'] }),
    });
    assert.equal(changed.status, 200);
    const refused = await fromFrame(`/v1/scores?league=nba&key=${token}`);
    assert.equal(refused.status, 403);
  });

  it('refuse a token the relay did not sign', async () => {
    const response = await fromFrame(`/v1/scores?league=nba&key=pb_embed_e30.AAAA`);
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error.code, 'invalid_key');
  });

  it('open live streams too', async () => {
    const token = await tokenFor(PUBLISHER);
    const response = await get(`/v1/live?key=${token}&topic=${encodeURIComponent('/v1/scores?league=nba')}`, {
      referer: `${relay.origin}/embed/score-strip`,
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
    await response.body?.cancel();
  });
});

describe('limits', () => {
  it('takes embed pages, oEmbed answers and builder catalogs from the key’s rate limit, as data requests do', async () => {
    const limited = await testRelay({ rateLimit: { perMinute: 60, burst: 3 } });
    try {
      const tight = await addKey(limited, ['news.example.com'], { name: 'tight' });
      const page = `/embed/score-strip?key=${tight}&league=nba`;
      const embed = () => fetch(`${limited.origin}${page}`, { headers: { 'sec-fetch-dest': 'iframe', referer: `${PUBLISHER}/a` } });
      assert.equal((await embed()).status, 200);
      assert.equal((await fetch(`${limited.origin}/oembed?url=${encodeURIComponent(limited.origin + page)}`)).status, 200);
      assert.equal((await fetch(`${limited.origin}/builder/catalog?key=${tight}&league=nba`)).status, 200);
      const refused = await embed();
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.match(await refused.text(), /Too many requests from this page for this key; retry in \d+ s/);
      assert.equal((await fetch(`${limited.origin}/builder/catalog?key=${tight}&league=nba`)).status, 429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /oembed', () => {
  const embed = () => `${relay.origin}/embed/last-five?key=${key}&league=nba&team=BOS`;

  it('answers a rich oEmbed 1.0 response with the iframe', async () => {
    const response = await get(`/oembed?url=${encodeURIComponent(embed())}&format=json`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const body = await response.json();
    assert.equal(body.version, '1.0');
    assert.equal(body.type, 'rich');
    assert.equal(body.provider_name, 'Pressbox');
    assert.equal(body.width, 600);
    assert.equal(body.height, 188);
    assert.match(
      body.html,
      /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/last-five\?key=pk_live_\w+&amp;league=nba&amp;team=BOS" title="Recent form \(Pressbox\)" width="600" height="188" style="width:100%;border:0"/,
    );
  });

  it('carries a betting element’s responsible-gambling line into the iframe, in the element’s reserved height', async () => {
    const line = '21+ only. Gambling problem? Call 1-800-GAMBLER.';
    const url = `${relay.origin}/embed/betting-splits?key=${key}&league=nfl&gambling=${encodeURIComponent(line)}`;
    const body = await (await get(`/oembed?url=${encodeURIComponent(url)}`)).json();
    assert.equal(body.height, 420);
    const src = /src="([^"]+)"/.exec(body.html)![1]!.replaceAll('&amp;', '&');
    assert.equal(new URL(src).searchParams.get('gambling'), line);
    const refused = await get(
      `/oembed?url=${encodeURIComponent(`${relay.origin}/embed/team-stats?key=${key}&league=nba&team=BOS&gambling=x`)}`,
    );
    assert.equal(refused.status, 404);
    assert.match((await refused.json()).error.message, /gambling \(a responsible-gambling line\) is taken by <odds-board>/);
  });

  it('keeps within maxwidth and maxheight, and says no embed fits rather than cut the element', async () => {
    const body = await (await get(`/oembed?url=${encodeURIComponent(embed())}&maxwidth=320&maxheight=400`)).json();
    assert.equal(body.width, 320);
    assert.equal(body.height, 188, 'the element’s own height, under maxheight');
    assert.match(body.html, /width="320" height="188"/);
    for (const [sizes, words] of [
      ['maxheight=100', /needs a frame at least 280 px wide and 188 px high, more than maxwidth=\(none\) and maxheight=100 allow/],
      ['maxwidth=200', /at least 280 px wide/],
    ] as const) {
      const refused = await get(`/oembed?url=${encodeURIComponent(embed())}&${sizes}`);
      assert.equal(refused.status, 404, sizes);
      assert.match((await refused.json()).error.message, words);
    }
  });

  it('answers 404 for foreign or broken URLs, 501 for other formats, 400 for a missing url', async () => {
    const cases: [string, number][] = [
      [`/oembed?url=${encodeURIComponent('https://evil.example/embed/last-five?key=' + key)}`, 404],
      [`/oembed?url=${encodeURIComponent(`${relay.origin}/embed/nothing?key=${key}`)}`, 404],
      [`/oembed?url=${encodeURIComponent(`${relay.origin}/pressbox.js`)}`, 404],
      [`/oembed?url=${encodeURIComponent(`${relay.origin}/embed/last-five?key=pk_live_00000000000000000000000000000000`)}`, 404],
      [`/oembed?url=not-a-url`, 404],
      [`/oembed?url=${encodeURIComponent(embed())}&format=xml`, 501],
      ['/oembed?format=json', 400],
      [`/oembed?url=${encodeURIComponent(embed())}&maxwidth=wide`, 400],
    ];
    for (const [path, status] of cases) {
      const response = await get(path);
      assert.equal(response.status, status, path);
      assert.ok((await response.json()).error.message, path);
    }
  });
});

describe('GET /builder', () => {
  it('warns beside the AMP snippet when the relay is not on https, which AMP requires', () => {
    assert.match(builderPage('http://127.0.0.1:8787'), /AMP loads frames only from https addresses/);
    assert.doesNotMatch(builderPage('https://widgets.example.com'), /AMP loads frames only from https/);
  });

  it('serves the builder under a strict policy that no other site may frame', async () => {
    const response = await get('/builder');
    assert.equal(response.status, 200);
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.match(policy, /frame-ancestors 'none'/);
    assert.match(policy, /frame-src 'self'/);
    const html = await response.text();
    for (const kind of ['script', 'iframe', 'oembed', 'amp', 'react', 'vue', 'wordpress'])
      assert.match(html, new RegExp(`data-copy="${kind}"`));
    assert.match(html, /<script type="module" src="\/builder\/builder\.js">/);
    assert.equal((await get('/builder/builder.js')).status, 200);
    assert.equal((await get('/embed/frame.js')).status, 200);
  });

  it('lists a league’s teams and current games for a known key, and refuses an unknown key or league', async () => {
    const catalog = await (await get(`/builder/catalog?key=${key}&league=nba`)).json();
    assert.equal(catalog.teams.length, 30);
    assert.ok(catalog.teams.some((team: { abbreviation: string }) => team.abbreviation === 'BOS'));
    assert.ok(catalog.games.length > 0);
    assert.match(catalog.games[0].label, /^[A-Z]+ @ [A-Z]+ · /);
    assert.equal(catalog.today, MIDDAY.slice(0, 10), "the builder's \"as of today\" is the relay's day");
    assert.equal((await get('/builder/catalog?key=pk_live_00000000000000000000000000000000&league=nba')).status, 401);
    assert.equal((await get(`/builder/catalog?key=${key}&league=cricket`)).status, 400);
  });

  it('lets its own preview frame any key, served as the relay’s own origin', async () => {
    const response = await framed(`/embed/score-strip?key=${key}&league=nba`, relay.origin);
    assert.equal(response.status, 200);
    const token = /data-key="(pb_embed_[^"]+)"/.exec(await response.text())![1]!;
    assert.equal((await fromFrame(`/v1/scores?league=nba&key=${token}`)).status, 200);
  });
});
