// Issue 72: bet links. A key lists sportsbooks; the odds board's payload names them, each price links to the relay's
// /v1/click, which counts a reader's click per key, book, element and day and sends the reader on to the book with the
// price filled into the publisher's link. Prefetches, HEAD, crawlers, scripts, other pages, repeats and bursts are sent
// on uncounted; bad input is refused before anything is counted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type * as contract from '../../../../src/contract/index.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { openStream, updates } from '../../../helpers/live.js';
import { rawRequest } from '../../../helpers/raw-request.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

const BOOKS = [
  { name: 'Book A', template: 'https://book-a.example/bet?ref=PUB42&g={game}&m={market}&s={side}&l={line}&t={away}-at-{home}' },
  { name: 'Book B', template: 'https://book-b.example/{league}/{date}?aff=77' },
];
/** What a browser sends when a reader follows a price's link from a page of the key's domain. */
const READER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'cross-site',
  referer: 'https://example.com/',
};

let relay: RunningRelay;
let withBooks = '';
let withoutBooks = '';
let game: contract.OddsBoardPayload['games'][number]['game'];

/** A click as the element links it, with `extra` parameters over the price's. */
const clickPath = (key: string, extra: Record<string, string> = {}) =>
  `/v1/click?${new URLSearchParams({
    key,
    book: 'Book A',
    element: 'odds-board',
    league: 'nba',
    date: game.startTime!.slice(0, 10),
    game: game.id,
    home: game.home.team.abbreviation,
    away: game.away.team.abbreviation,
    market: 'spread',
    side: 'home',
    line: '-3.5',
    ...extra,
  })}`;

/** A request on a socket of its own (from `address`), redirects not followed. */
const send = (path: string, headers: Record<string, string>, options: { method?: string; address?: string } = {}) =>
  rawRequest(relay.origin, path, { method: options.method, headers, localAddress: options.address ?? '127.0.0.1' });

const clicksOf = async (key: string) => (await relay.store.clicks({ key })).reduce((sum, row) => sum + row.clicks, 0);

before(async () => {
  relay = await testRelay();
  withBooks = await addKey(relay, ['example.com'], { betLinks: BOOKS });
  withoutBooks = await addKey(relay, ['example.com']);
  const board = await widgetGet(relay, `/v1/odds?league=nba&key=${withBooks}`);
  game = (board.body as contract.OddsBoardPayload).games.find((entry) => entry.line?.spread)!.game;
});
after(() => relay?.close());

describe('bet links: the books a key lists, and clicks through the relay', () => {
  it('names the key’s books in the odds board’s payload, and none for a key without', async () => {
    const board = await widgetGet(relay, `/v1/odds?league=nba&key=${withBooks}`);
    assert.deepEqual(board.body.books, ['Book A', 'Book B']);
    const plain = await widgetGet(relay, `/v1/odds?league=nba&key=${withoutBooks}`);
    assert.equal(plain.status, 200);
    assert.equal(plain.body.books, undefined, 'no book, no link');
    assert.deepEqual(plain.body.games, board.body.games, 'the same numbers either way');
    for (const path of [`/v1/games/${game.id}?league=nba`, `/v1/props?league=nba&gameId=${game.id}`]) {
      const linked = await widgetGet(relay, `${path}&key=${withBooks}`);
      assert.equal(linked.status, 200, path);
      assert.deepEqual(linked.body.books, ['Book A', 'Book B'], path);
      assert.equal((await widgetGet(relay, `${path}&key=${withoutBooks}`)).body.books, undefined, path);
    }
    const scores = await widgetGet(relay, `/v1/scores?league=nba&key=${withBooks}`);
    assert.equal(scores.body.books, undefined, 'the scores carry no prices');
    for (const [tag, query] of [
      ['odds-board', 'league=nba'],
      ['player-props', `league=nba&game-id=${game.id}`],
      ['game-header', `league=nba&game-id=${game.id}`],
    ]) {
      const rendered = await fetch(`${relay.origin}/v1/render/${tag}?${query}&key=${withBooks}`, {
        headers: { origin: 'https://example.com' },
      });
      const page = await rendered.text();
      assert.equal(rendered.status, 200, `${tag}: ${page.slice(0, 300)}`);
      assert.match(page, /"books":\["Book A","Book B"\]/, `${tag}: the embedded answer names the books, for the browser to link`);
    }
  });

  it('names the books in each live update of the board too, so its prices stay links while the games go on', async () => {
    const topics = ['/v1/odds?league=nba', '/v1/scores?league=nba'];
    const linked = await openStream(relay, withBooks, topics);
    const plain = await openStream(relay, withoutBooks, topics);
    try {
      await Promise.all([linked.waitFor(2), plain.waitFor(2)]);
      const of = (stream: typeof linked, topic: string) => updates(stream.events).find((update) => update.topic === topic)!.data;
      assert.deepEqual(of(linked, topics[0]!).books, ['Book A', 'Book B']);
      assert.equal(of(plain, topics[0]!).books, undefined);
      assert.equal(of(linked, topics[1]!).books, undefined, 'the scores carry no prices, so no books');
    } finally {
      linked.close();
      plain.close();
    }
  });

  it('sends a reader on to the book with the price in its link, counted once, and keeps nothing of the reader', async () => {
    const before = await clicksOf(withBooks);
    const answer = await send(clickPath(withBooks), READER, { address: '127.0.0.11' });
    assert.equal(answer.status, 302);
    const location = new URL(answer.headers.location as string);
    assert.equal(location.origin, 'https://book-a.example', 'the book the operator wrote, whatever the link carries');
    assert.equal(location.searchParams.get('ref'), 'PUB42', 'the publisher’s tracking code');
    assert.equal(location.searchParams.get('g'), game.id);
    assert.equal(location.searchParams.get('l'), '-3.5');
    assert.equal(location.searchParams.get('t'), `${game.away.team.abbreviation}-at-${game.home.team.abbreviation}`);
    assert.equal(answer.headers['referrer-policy'], 'no-referrer', 'the book never learns the reader’s page');
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.headers['set-cookie'], undefined, 'no cookie');
    assert.ok(!answer.headers.location!.includes('pk_'), 'the key stays with the relay');
    assert.equal(await clicksOf(withBooks), before + 1);
    const [row] = await relay.store.clicks({ key: withBooks, day: '2026-11-22' });
    assert.deepEqual({ book: row!.book, element: row!.element }, { book: 'Book A', element: 'odds-board' });

    const prop = await send(
      clickPath(withBooks, { market: 'points', side: 'over', line: '27.5', player: 'Nikola Jokić', date: '' }),
      READER,
      { address: '127.0.0.11' },
    );
    assert.equal(new URL(prop.headers.location as string).searchParams.get('m'), 'points', 'a player prop’s market');
    const other = await send(clickPath(withBooks, { book: 'Book B', game: 'x' }), READER, { address: '127.0.0.11' });
    assert.equal(other.headers.location, `https://book-b.example/nba/${game.startTime!.slice(0, 10)}?aff=77`);
  });

  it('follows, without counting, prefetches, HEAD, crawlers, scripts, other pages and repeats', async () => {
    const before = await clicksOf(withBooks);
    const uncounted: Array<[string, Record<string, string>, string?]> = [
      ['prefetch', { ...READER, 'sec-purpose': 'prefetch' }],
      ['old prefetch', { ...READER, purpose: 'prefetch' }],
      ['HEAD', READER, 'HEAD'],
      ['crawler', { ...READER, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
      ['link preview', { ...READER, 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }],
      ['curl', { 'user-agent': 'curl/8.5.0' }],
      ['no user agent', { referer: READER.referer }],
      ['a script’s fetch', { ...READER, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
      ['another site’s page', { ...READER, referer: 'https://copycat.example/odds' }],
    ];
    for (const [what, headers, method] of uncounted) {
      const answer = await send(clickPath(withBooks, { game: `u${what.length}` }), headers, { method, address: '127.0.0.12' });
      assert.equal(answer.status, 302, `${what} still reaches the book`);
    }
    assert.equal(await clicksOf(withBooks), before, 'none of them counted');
    await send(clickPath(withBooks, { game: 'twice' }), READER, { address: '127.0.0.12' });
    await send(clickPath(withBooks, { game: 'twice' }), READER, { address: '127.0.0.12' });
    assert.equal(await clicksOf(withBooks), before + 1, 'a double click is one click');
    const otherBrowser = {
      ...READER,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    };
    await send(clickPath(withBooks, { game: 'twice' }), otherBrowser, { address: '127.0.0.12' });
    assert.equal(await clicksOf(withBooks), before + 2, 'another reader’s browser behind the same address is another click');
    for (const agent of [
      'Mozilla/5.0 (Linux; Android 12; CUBOT NOTE 20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ])
      await send(clickPath(withBooks, { game: 'phones' }), { ...READER, 'user-agent': agent }, { address: '127.0.0.12' });
    assert.equal(await clicksOf(withBooks), before + 4, 'a phone named CUBOT and a headless browser are readers');
  });

  it('counts at most ten clicks a minute for one key from one network, whatever it sends', async () => {
    const before = await clicksOf(withBooks);
    for (let index = 0; index < 30; index++) {
      const answer = await send(clickPath(withBooks, { game: `burst${index}` }), READER, { address: '127.0.0.13' });
      assert.equal(answer.status, 302);
    }
    assert.equal(await clicksOf(withBooks), before + 10);
    const metrics = await fetch(`${relay.origin}/metrics`, { headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' } });
    const text = await metrics.text();
    assert.match(text, /pressbox_bet_clicks_total\{element="odds-board",outcome="burst"\} 20/);
    assert.match(text, /pressbox_bet_clicks_total\{element="odds-board",outcome="prefetch"\} 2/);
  });

  it('refuses bad links with the documented codes, counting nothing and sending no one anywhere', async () => {
    const before = await relay.store.clicks({});
    const cases: Array<[string, number, RegExp]> = [
      [clickPath(withBooks, { book: 'Book Z' }), 404, /no book "Book Z"/],
      [clickPath(withoutBooks), 404, /no book "Book A"/],
      [clickPath(`pk_live_${'0'.repeat(32)}`), 401, /Invalid widget key/],
      [clickPath('not-a-key'), 401, /pk_live_/],
      [clickPath(withBooks, { league: 'xfl' }), 400, /league/],
      [clickPath(withBooks, { date: '2026-02-30' }), 400, /date/],
      [clickPath(withBooks, { game: 'https://evil.example/' }), 400, /game/],
      [clickPath(withBooks, { market: 'spread;total' }), 400, /market/],
      [clickPath(withBooks, { line: '1e9' }), 400, /line/],
      [clickPath(withBooks, { element: 'iframe' }), 400, /element/],
      [clickPath(withBooks, { element: 'score-strip' }), 400, /odds-board, game-header, player-props/],
      [clickPath(withBooks, { side: 'both' }), 400, /side: expected the side clicked: home, away, over, under/],
      [clickPath(withBooks, { next: 'https://evil.example/' }), 400, /unknown parameter "next"/],
      [clickPath(withBooks, { player: '<script>' }), 400, /player/],
    ];
    for (const [path, status, message] of cases) {
      const answer = await send(path, READER, { address: '127.0.0.14' });
      assert.equal(answer.status, status, path);
      assert.equal(answer.headers.location, undefined, path);
      assert.match(JSON.parse(answer.body).error.message, message, path);
    }
    assert.deepEqual(await relay.store.clicks({}), before);
  });
});
