// The embed experience end to end: the built bundle served by a real relay, demo pages served by a publisher's site
// on other origins, driven in Debian's Chromium. Host names map to 127.0.0.1 inside the browser, so the pages are
// truly cross-origin: courier.example is on the key's allowed domains, news.example is not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { startDemoSite, type RunningDemoSite } from '../../src/demo/server.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { KEEP_NAMES_HELPER, launchChromium, slowRequests } from '../harness/reader-browser.js';
import { addKey, testRelay } from '../helpers/relay.js';
import { isElementTag, type ElementTag } from '../../src/contract/elements.js';

const TAGS: ElementTag[] = ['score-ticker', 'score-strip', 'game-header', 'win-probability', 'player-props', 'last-five', 'injury-report'];

let relay: RunningRelay;
let site: RunningDemoSite;
/** Pages made by a test, on the allowed host name (a page fulfilled by the browser itself would not be on loopback). */
const testPages = new Map<string, string>();
let testPageServer: Server;
let testPagesOrigin = '';
let browser: Browser;
let key = '';
let allowed = '';
let denied = '';

/** What a page did: Pressbox events by tag, console lines by type, uncaught errors, script requests to the relay. */
interface PageRecord {
  page: Page;
  console: { type: string; text: string }[];
  pageErrors: string[];
  scripts: string[];
  /** Each live stream the page opened (`/v1/live`), by the number of topics it carries, in order. */
  streams: number[];
}

async function open(url: string, prepare?: (page: Page) => Promise<unknown>): Promise<PageRecord> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 900 });
  await prepare?.(page);
  const record: PageRecord = { page, console: [], pageErrors: [], scripts: [], streams: [] };
  page.on('console', (message) => record.console.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => record.pageErrors.push((error as Error).message));
  page.on('request', (request) => {
    if (!request.url().startsWith(relay.origin)) return;
    const url = new URL(request.url());
    if (request.resourceType() === 'script') record.scripts.push(url.pathname);
    if (url.pathname === '/v1/live') record.streams.push(url.searchParams.getAll('topic').length);
  });
  await page.evaluateOnNewDocument(() => {
    const seen = { loads: [] as string[], errors: [] as { tag: string; code: string }[] };
    Object.assign(window, { __pressboxSeen: seen });
    addEventListener('pb-load', (event) => seen.loads.push((event.target as Element).localName), true);
    addEventListener(
      'pb-error',
      (event) => seen.errors.push({ tag: (event.target as Element).localName, code: (event as Event & { code: string }).code }),
      true,
    );
  });
  await page.goto(url);
  return record;
}

/** Elements load when they come into view, as a reader scrolls: each is scrolled to, then its first data awaited. */
async function waitForLoads(page: Page, tags: string[]): Promise<void> {
  for (const tag of tags) {
    await page.$eval(tag, (element) => element.scrollIntoView({ block: 'nearest' }));
    await page.waitForFunction(
      (expected) => (window as unknown as { __pressboxSeen: { loads: string[] } }).__pressboxSeen.loads.includes(expected),
      { timeout: 60_000 },
      tag,
    );
  }
}

/**
 * A page of the allowed site with the script tag in its head (the loader unless told otherwise), served at `path`;
 * returns its address.
 */
function loaderTestPage(path: string, body: string, { script = 'pressbox.js', head = '' } = {}): string {
  testPages.set(
    path,
    `<!doctype html><html lang="en"><head><title>${path}</title><link rel="icon" href="data:,">${head}
      <script type="module" src="${relay.origin}/${script}" data-key="${key}"></script></head><body>${body}</body></html>`,
  );
  return `${testPagesOrigin}${path}`;
}

/** The first NBA game of the sandbox's day (over by MIDDAY), or its first game in progress, for the elements that show one. */
async function gameOfTheNight(status?: 'live'): Promise<string> {
  const scores = await fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: 'http://localhost' } });
  const { games } = (await scores.json()) as { games: { id: string; status: string }[] };
  return games.find((game) => !status || game.status === status)!.id;
}

/** The page's live streams (page-shared across copies of the runtime), by the number of topics each carries. */
/** An element with data to show: each reads the attributes it knows and ignores the others. */
function elementMarkup(tag: string, gameId: string): string {
  return `<${tag} league="nba" leagues="nba" team="BOS" game-id="${gameId}"></${tag}>`;
}

function errorsOf(record: PageRecord): string[] {
  return [...record.pageErrors, ...record.console.filter((line) => line.type === 'error').map((line) => line.text)];
}

before(async () => {
  relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
  site = await startDemoSite({ demoDir: 'demo', relayOrigin: relay.origin, demoKey: () => key });
  const port = new URL(site.origin).port;
  allowed = `http://courier.example:${port}`;
  denied = `http://news.example:${port}`;
  // localhost: the site's own server asks the relay for the game of the night.
  testPageServer = createServer((request, response) => {
    const page = testPages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => testPageServer.listen(0, '127.0.0.1', resolve));
  testPagesOrigin = `http://courier.example:${(testPageServer.address() as AddressInfo).port}`;
  key = await addKey(relay, [allowed, testPagesOrigin, 'localhost'], { name: 'e2e' });
  browser = await launchChromium(['courier.example', 'news.example']);
});

after(async () => {
  await browser?.close();
  await site?.close();
  testPageServer?.close();
  await relay?.close();
});

describe('a publisher page on another origin, with only the script tag', () => {
  it('shows every element with data under a key that allows the page, with no console errors', async () => {
    const record = await open(`${allowed}/publisher.html`);
    await waitForLoads(record.page, TAGS);
    for (const soccer of (await record.page.$$('[league="mls"]')).slice(0, 2)) await soccer.scrollIntoView();
    await record.page.waitForFunction(() =>
      [...document.querySelectorAll('[league="mls"]')].every((element) => element.shadowRoot?.querySelector('.skeleton') === null),
    );
    // MMA: the fight card (the current or next card) names its fighters.
    await record.page.$eval('fight-card', (element) => element.scrollIntoView({ block: 'nearest' }));
    await record.page.waitForFunction(() => document.querySelector('fight-card')?.shadowRoot?.querySelector('.bout .name') != null);
    for (const tag of [...TAGS, 'standings-table', 'fight-card']) {
      const states = await record.page.$$eval(tag, (elements) =>
        elements.map((element) => ({
          error: element.matches(':state(error)'),
          loading: element.matches(':state(loading)'),
          skeleton: element.shadowRoot?.querySelector('.skeleton') !== null,
        })),
      );
      for (const state of states) assert.deepEqual(state, { error: false, loading: false, skeleton: false }, tag);
    }
    // Soccer: the matchday with real club names and a points table (the test sandbox's instant is an MLS matchday).
    const strip = await record.page.$eval('score-strip[league="mls"]', (element) => element.shadowRoot!.textContent!);
    assert.match(strip, /Seattle|Inter Miami|Galaxy|Atlanta|Toronto|Portland|Columbus/);
    const table = await record.page.$eval('standings-table[league="mls"]', (element) => ({
      headers: [...element.shadowRoot!.querySelectorAll('thead th')].map((th) => th.textContent!.replace(/\s+/g, ' ').trim()),
      rows: element.shadowRoot!.querySelectorAll('tbody tr').length,
      mine: element.shadowRoot!.querySelector('tr[aria-current="true"]')?.textContent ?? '',
    }));
    assert.equal(table.rows, 30);
    assert.match(table.headers.join(' '), /P.*W.*D.*L.*GF.*GA.*GD.*Pts/);
    assert.match(table.mine, /Seattle Sounders FC/);
    assert.deepEqual(errorsOf(record), []);
    await record.page.close();
  });

  it('shows the origin error in every element under a key that does not allow the page, and the console names the fix', async () => {
    const record = await open(`${denied}/publisher.html`);
    for (const tag of TAGS) {
      await record.page.$eval(tag, (element) => element.scrollIntoView({ block: 'nearest' }));
      await record.page.waitForFunction(
        (expected) =>
          (window as unknown as { __pressboxSeen: { errors: { tag: string }[] } }).__pressboxSeen.errors.some(
            (error) => error.tag === expected,
          ),
        { timeout: 60_000 },
        tag,
      );
    }
    const seen = await record.page.evaluate(
      () => (window as unknown as { __pressboxSeen: { errors: { tag: string; code: string }[] } }).__pressboxSeen,
    );
    // Every tag scrolled to says so; any other that loaded (the page has more further down) says the same.
    for (const tag of TAGS)
      assert.ok(
        seen.errors.some((error) => error.tag === tag),
        tag,
      );
    for (const error of seen.errors) assert.equal(error.code, 'origin_not_allowed', error.tag);
    for (const tag of TAGS) {
      const text = await record.page.$eval(tag, (element) => element.shadowRoot?.textContent ?? '');
      assert.match(text, /not enabled for this website/, tag);
      const warning = record.console.find((line) => line.type === 'warn' && line.text.startsWith(`Pressbox <${tag}>: origin_not_allowed`));
      assert.ok(warning, `a console warning from <${tag}>`);
      assert.match(
        warning.text,
        /add news\.example to the key's allowed domains \(pressbox keys update \S+ --add-domain http:\/\/news\.example:\d+\)/,
      );
    }
    await record.page.close();
  });
});

/** Computed styles that a page's global CSS could change, for the host and every node in its shadow root. */
async function lookOf(page: Page, tag: string) {
  return page.$eval(tag, (host) => {
    const properties = [
      'font-size',
      'line-height',
      'font-style',
      'font-weight',
      'letter-spacing',
      'word-spacing',
      'text-transform',
      'text-indent',
      'white-space',
      'box-sizing',
      'padding-top',
      'border-top-width',
      'background-color',
      'color',
    ];
    const nodes = [host, ...(host.shadowRoot?.querySelectorAll('*') ?? [])];
    return {
      height: host.getBoundingClientRect().height,
      styles: nodes.map((node) => {
        const style = getComputedStyle(node);
        return `${node.localName}: ${properties.map((name) => style.getPropertyValue(name)).join(' ')}`;
      }),
    };
  });
}

describe('a setup error on a page in another language', () => {
  /**
   * Every text `<last-five>` without its team shows on a page in `lang`, from its first render until `expected` shows,
   * with the setup words' chunk arriving a second late, or failing after a second.
   */
  async function messagesUntil(lang: string, served: 'slow' | 'broken', expected: string): Promise<string[]> {
    const path = `/setup-${lang}-${served}.html`;
    testPages.set(
      path,
      `<!doctype html><html lang="${lang}"><head><title>${path}</title><link rel="icon" href="data:,">` +
        `<script type="module" src="${relay.origin}/pressbox.js" data-key="${key}"></script></head>` +
        `<body><last-five league="nba"></last-five></body></html>`,
    );
    const page = await browser.newPage();
    await slowRequests(page, (address) => /\/chunks\/setup-words-[\w-]+\.js$/.test(address.pathname), 1000, served === 'broken');
    // Every text the message ever held, frame by frame: a code that flashed would be caught.
    await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
    await page.evaluateOnNewDocument(() => {
      const seen: string[] = [];
      Object.assign(window, { __messages: seen });
      const watch = () => {
        const text = document.querySelector('last-five')?.shadowRoot?.querySelector('.message')?.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(`${testPagesOrigin}${path}`);
    await page.waitForFunction((text) => (window as unknown as { __messages: string[] }).__messages.includes(text), {}, expected);
    const seen = await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages);
    await page.close();
    return seen;
  }

  for (const [lang, sentence, fallback] of [
    ['de', 'Diese Anzeige hat eine Einstellung, die sie nicht versteht.', 'Die Ergebnisse sind vorübergehend nicht verfügbar.'],
    ['ja', 'このウィジェットに認識できない設定があります。', '現在スコアを表示できません。'],
  ] as const) {
    it(`reads as its sentence in ${lang} when the words come late, and as a sentence when they never come; never as a code`, async () => {
      assert.deepEqual(await messagesUntil(lang, 'slow', sentence), [sentence], 'nothing until its words came, then its sentence');
      assert.deepEqual(await messagesUntil(lang, 'broken', fallback), [fallback], 'the service’s own words, in the reader’s language');
    });
  }
});

describe('a CMS page with hostile global CSS', () => {
  it('renders every element exactly as the plain page does, with no console errors', async () => {
    const plain = await open(`${allowed}/publisher.html`);
    const hostile = await open(`${allowed}/cms.html`);
    // One page at a time, each in front: elements load as they come into view, and a tab behind another may not
    // run its intersection observers (a CI run waited 60 s for one).
    for (const { page } of [plain, hostile]) {
      await page.bringToFront();
      await waitForLoads(page, TAGS);
    }
    for (const tag of TAGS) {
      const [expected, actual] = await Promise.all([lookOf(plain.page, tag), lookOf(hostile.page, tag)]);
      assert.equal(actual.height, expected.height, `${tag} keeps its height`);
      assert.equal(actual.styles.length, expected.styles.length, `${tag} renders the same nodes`);
      actual.styles.forEach((style, index) => assert.equal(style, expected.styles[index], `${tag}, node ${index}`));
    }
    assert.deepEqual(errorsOf(hostile), []);
    await plain.page.close();
    await hostile.page.close();
  });
});

describe('the demo gallery', () => {
  it('shows every element, keeps the code snippet in step with the controls, and logs no errors', async () => {
    const record = await open(`${allowed}/`);
    await waitForLoads(record.page, TAGS);
    const snippet = (tag: string) => record.page.$eval(`[data-snippet-of="${tag}"]`, (code) => code.textContent);
    assert.equal(await snippet('score-strip'), '<score-strip league="nba"></score-strip>');
    assert.match(
      (await record.page.$eval('#script-snippet', (code) => code.textContent)) ?? '',
      new RegExp(`src="${relay.origin}/pressbox.js" data-key="${key}"`),
    );
    await record.page.select('select[name="theme"]', 'dark');
    await record.page.select('select[name="league"]', 'nhl');
    assert.equal(await snippet('score-strip'), '<score-strip league="nhl" theme="dark"></score-strip>');
    assert.equal(await snippet('last-five'), '<last-five league="nhl" team="TOR" theme="dark"></last-five>');
    await record.page.waitForFunction(() => {
      const strip = document.querySelector('score-strip');
      return (
        strip?.getAttribute('league') === 'nhl' && !strip.matches(':state(loading)') && document.querySelector('game-header')?.isConnected
      );
    });
    assert.deepEqual(errorsOf(record), []);
    await record.page.close();
  });
});

describe('the script-tag loader', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  /** An element's chunk is named by its tag, the base by its content: `chunks/win-probability.js`, `chunks/base-….js`. */
  const chunkOf = (path: string) => {
    const name = /\/chunks\/([\w.-]+)\.js$/.exec(path)?.[1];
    return name?.startsWith('base-') ? 'base' : name?.startsWith('live-kit-') ? 'live-kit' : name && isElementTag(name) ? name : undefined;
  };
  const isBase = (path: string) => chunkOf(path) === 'base';

  it('fetches the loader, then the base and the element’s chunk together, for a page with one tag whose game is over; no stream', async () => {
    const url = loaderTestPage('/one-element.html', elementMarkup('game-header', await gameOfTheNight()));
    const record = await open(url);
    await waitForLoads(record.page, ['game-header']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(record.scripts[0], '/pressbox.js', 'the latest loader');
    assert.deepEqual(
      record.scripts.slice(1).map(chunkOf).sort(),
      ['base', 'game-header'],
      `then this version's base and the element's chunk: ${record.scripts.join(', ')}`,
    );
    assert.ok(record.scripts.slice(1).every((path) => path.startsWith(`/v/${version}/chunks/`)));
    assert.deepEqual(record.streams, [], 'a final score does not move: polling keeps it');
    assert.deepEqual(errorsOf(record), []);
    await record.page.close();
  });

  it('adds the live kit for a game in progress, then only the chunks of tags added later, on the same stream', async () => {
    const gameId = await gameOfTheNight('live');
    const url = loaderTestPage('/one-element.html', elementMarkup('game-header', gameId));
    const record = await open(url);
    await waitForLoads(record.page, ['game-header']);
    await record.page.waitForFunction(() => document.querySelector('game-header')?.matches(':state(live)'));
    assert.deepEqual(record.scripts.map(chunkOf).slice(1).sort(), ['base', 'game-header', 'live-kit'], record.scripts.join(', '));
    // Where the game stands (Q4 9:20, Halftime…), in words the kit brought: not the bare "Live" of a page without it.
    assert.match((await record.page.$eval('game-header >>> .pill', (pill) => pill.textContent)) ?? '', /^Live: (?!Live$)\S/);
    assert.equal(await record.page.evaluate(() => customElements.get('injury-report')), undefined);

    await record.page.evaluate(
      (markup) => document.body.insertAdjacentHTML('beforeend', markup),
      `<injury-report league="nba"></injury-report><win-probability league="nba" game-id="${gameId}"></win-probability>`,
    );
    await waitForLoads(record.page, ['injury-report', 'win-probability']);
    assert.deepEqual(
      new Set(record.scripts.map(chunkOf).filter(Boolean)),
      new Set(['base', 'live-kit', 'game-header', 'injury-report', 'win-probability']),
    );
    assert.equal(record.scripts.filter(isBase).length, 1, 'the base is fetched once: one runtime on the page');
    // game-header's topic and win-probability's on one stream, reopened with both; injury-report polls.
    for (let tries = 0; record.streams.at(-1) !== 2 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(record.streams.at(-1), 2, `one stream carrying both live elements' topics (opened: ${record.streams.join(', ')})`);
    assert.deepEqual(errorsOf(record), []);
    await record.page.close();
  });

  it('fetches the base once and each tag’s chunk for a page with every tag, never the all-in-one file', async () => {
    const gameId = await gameOfTheNight();
    const url = loaderTestPage('/many-elements.html', TAGS.map((tag) => elementMarkup(tag, gameId)).join(''));
    const record = await open(url);
    await waitForLoads(record.page, TAGS);
    assert.equal(record.scripts.filter(isBase).length, 1);
    for (const tag of TAGS) assert.equal(record.scripts.filter((path) => chunkOf(path) === tag).length, 1, `<${tag}>'s chunk once`);
    assert.ok(!record.scripts.some((path) => path.endsWith('pressbox-all.js')), 'the one file only by name');
    assert.deepEqual(errorsOf(record), []);
    await record.page.close();
  });

  it('holds every element’s box from the first paint with pressbox.css, so nothing moves while code and data arrive', async () => {
    const gameId = await gameOfTheNight();
    const tags = TAGS.map((tag) => elementMarkup(tag, gameId)).join('');
    const url = loaderTestPage('/reserved.html', `<p>Above the widgets.</p>${tags}<p>Below the widgets.</p>`, {
      head: `<link rel="stylesheet" href="${relay.origin}/pressbox.css">`,
    });
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 2400 });
    // The chunks are held back: the boxes must stand before any element's code has run.
    await slowRequests(page, (address) => /\/v\/[\d.]+\/chunks\/[\w.-]+\.js$/.test(address.pathname), 400);
    await page.evaluateOnNewDocument(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value)),
      ).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const boxes = () =>
      page.evaluate(
        (names) =>
          names.map(
            (tag) =>
              `${tag} ${customElements.get(tag) ? 'defined' : 'waiting'} ${document.querySelector(tag)!.getBoundingClientRect().height}`,
          ),
        TAGS,
      );
    const before = await boxes();
    assert.ok(
      before.every((box) => box.includes('waiting')),
      'the code is still on the way',
    );
    await page.waitForFunction(
      (names) => names.every((tag) => customElements.get(tag) && !document.querySelector(tag)!.matches(':state(loading)')),
      {},
      TAGS,
    );
    assert.deepEqual(
      (await boxes()).map((box) => box.replace('defined', 'waiting')),
      before,
    );
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts), []);
    await page.close();
  });

  it('leaves every element defined from the all-in-one file, with no chunk requests', async () => {
    const url = loaderTestPage('/all-in-one.html', `<last-five league="nba" team="BOS"></last-five>`, { script: 'pressbox-all.js' });
    const record = await open(url);
    await waitForLoads(record.page, ['last-five']);
    assert.deepEqual(await record.page.evaluate((tags) => tags.filter((tag) => !customElements.get(tag)), TAGS), []);
    assert.deepEqual(record.scripts, ['/pressbox-all.js']);
    assert.deepEqual(errorsOf(record), []);
    await record.page.close();
  });
});
