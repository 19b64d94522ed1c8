// Bet links as a reader meets them (issue 72): a page of another origin shows the odds board of a key with two books
// through a proxy that places its readers in New Jersey; a reader clicks a price in each engine, lands on the book (a
// stand-in on this machine) with the price in its link, and the relay counts the click for the key, the book, the
// element and the day. A reader the proxy places in New York, outside the key's regions, sees no price and no link.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../src/relay/server.js';
import { selectedEngines } from '../harness/browser.js';
import { launchReaderBrowser } from '../harness/reader-browser.js';
import { REGION_HEADER, startRegionProxy, type RegionProxy } from '../harness/region-proxy.js';
import { addKey, testRelay } from '../helpers/relay.js';
import { until } from '../helpers/wait.js';

let relay: RunningRelay;
let newJersey: RegionProxy;
let newYork: RegionProxy;
let pages: Server;
let book: Server;
let pagesOrigin = '';
/** Each engine's key (the engines may run at once), its books' links naming the engine. */
const keys = new Map<string, string>();
/** What the stand-in book was asked for, in order (its page's icon aside). */
const landings: URL[] = [];

async function listening(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

const boardPage = (relayOrigin: string, key: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tonight's lines</title><link rel="icon" href="data:,">` +
  `<link rel="stylesheet" href="${relayOrigin}/pressbox.css">` +
  `<script type="module" src="${relayOrigin}/pressbox.js" data-key="${key}"></script></head>` +
  `<body><h1>Tonight's lines</h1><odds-board league="nba"><p slot="gambling">21+ only.</p></odds-board></body></html>`;

before(async () => {
  relay = await testRelay({ trustProxy: ['127.0.0.1'], regionHeader: REGION_HEADER, files: { bundleDir: 'dist/cdn' } });
  book = createServer((request, response) => {
    const landing = new URL(request.url ?? '/', 'http://book.test');
    if (landing.pathname !== '/favicon.ico') landings.push(landing);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Book</title><p>Bet slip</p>');
  });
  const bookPort = await listening(book, '127.0.0.1');
  for (const engine of selectedEngines())
    keys.set(
      engine,
      await addKey(relay, ['example.com'], {
        test: true,
        oddsRegions: ['US-NJ'],
        betLinks: [
          {
            name: 'Stand-in Book',
            template: `http://127.0.0.1:${bookPort}/bet/${engine}?game={game}&market={market}&side={side}&line={line}&ref=PUB42`,
          },
          { name: 'Other Book', template: `http://127.0.0.1:${bookPort}/other?ref=PUB43` },
        ],
      }),
    );
  newJersey = await startRegionProxy(relay.origin, 'US-NJ');
  newYork = await startRegionProxy(relay.origin, 'US-NY');
  pages = createServer((request, response) => {
    const [, region, engine] = (request.url ?? '').split('/');
    const proxy = region === 'new-york' ? newYork : newJersey;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(boardPage(proxy.origin, keys.get(engine ?? '') ?? ''));
  });
  // A test key is allowed on loopback pages: the page is localhost, another origin than the proxies' 127.0.0.1.
  pagesOrigin = `http://localhost:${await listening(pages, '127.0.0.1')}`;
});

after(async () => {
  await newJersey?.close();
  await newYork?.close();
  pages?.closeAllConnections();
  pages?.close();
  book?.closeAllConnections();
  book?.close();
  await relay?.close();
});

const clicksCounted = async (key: string) =>
  (await relay.store.clicks({ key }))
    .filter((row) => row.book === 'Stand-in Book' && row.element === 'odds-board')
    .reduce((sum, row) => sum + row.clicks, 0);

for (const engine of selectedEngines()) {
  describe(`bet links in ${engine}`, () => {
    it('takes a reader who clicks a price to the book, counted once; a reader outside the key’s regions gets no price', async () => {
      const browser = await launchReaderBrowser(engine);
      try {
        const page = await browser.newPage(1280, 900);
        const key = keys.get(engine)!;
        const ofThisEngine = () => landings.filter((landing) => landing.pathname === `/bet/${engine}`);
        await page.goto(`${pagesOrigin}/new-jersey/${engine}`);
        await page.waitFor(() => !!document.querySelector('odds-board')?.shadowRoot?.querySelector('a.bet'), undefined, 30_000);
        const link = await page.evaluate(() => {
          const anchor = document.querySelector('odds-board')!.shadowRoot!.querySelector<HTMLAnchorElement>('a.bet')!;
          return { href: anchor.href, rel: anchor.rel, target: anchor.target, label: anchor.getAttribute('aria-label') };
        });
        assert.equal(link.rel, 'sponsored noopener');
        assert.equal(link.target, '_blank');
        assert.match(link.label!, / at Stand-in Book \(opens in a new tab\)$/);
        const clicked = new URL(link.href);
        const before = { landings: ofThisEngine().length, counted: await clicksCounted(key) };

        await page.clickInShadow('odds-board', 'a.bet');
        await until(() => ofThisEngine().length > before.landings, 'the book reached through the click', 20_000);
        const landed = ofThisEngine().at(-1)!;
        assert.equal(landed.searchParams.get('ref'), 'PUB42', 'the publisher’s tracking code');
        assert.equal(landed.searchParams.get('game'), clicked.searchParams.get('game'));
        assert.equal(landed.searchParams.get('market'), clicked.searchParams.get('market'));
        await until(async () => (await clicksCounted(key)) === before.counted + 1, 'the click counted', 10_000);
        assert.equal(ofThisEngine().length, before.landings + 1, 'one click, one landing');

        await page.goto(`${pagesOrigin}/new-york/${engine}`);
        await page.waitFor(() => !!document.querySelector('odds-board')?.matches(':state(error)'), undefined, 30_000);
        const outside = await page.evaluate(() => {
          const root = document.querySelector('odds-board')!.shadowRoot!;
          return { links: root.querySelectorAll('a.bet').length, text: root.textContent ?? '' };
        });
        assert.equal(outside.links, 0);
        assert.match(outside.text, /Betting data is not available where you are\./);
        await page.close();
      } finally {
        await browser.close();
      }
    });
  });
}
