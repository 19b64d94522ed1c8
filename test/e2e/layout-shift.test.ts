// Layout shift as publishers measure it (Lighthouse's mobile run): a phone's viewport, the CPU slowed four times, and
// the relay's scripts arriving late, as they do on a real network where the page paints long before a cross-origin
// loader has run. Every snippet we document (read from the docs: a new one joins by being written there), the
// builder's snippets, a responsible-gambling line under hostile page CSS, and every demo page: no layout shift at all.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { startDemoSite, type RunningDemoSite } from '../../src/demo/server.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { KEEP_NAMES_HELPER, launchChromium, layoutShifts, recordLayoutShifts, slowRequests } from '../harness/reader-browser.js';
import { addKey, testRelay } from '../helpers/relay.js';
import { ELEMENT_TAGS, GAMBLING_LINE_TAGS } from '../../src/contract/elements.js';
import { embedUrl, iframeMarkup, snippetsFor, type WidgetChoice } from '../../src/embed/snippets.js';
import { documentedSnippets, type DocumentedSnippet } from '../harness/documented-snippets.js';
/** How late the relay's scripts arrive: longer than a throttled first paint takes here. */
const SCRIPT_DELAY_MS = 1000;
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = { width: 412, height: 823 };

let relay: RunningRelay;
let site: RunningDemoSite;
let pageServer: Server;
let pagesOrigin = '';
const pages = new Map<string, string>();
let browser: Browser;
let key = '';

/** The lines of a snippet that belong in `<head>` (the stylesheet, the script tag, a page's style), and the rest. */
function splitSnippet(snippet: string): { head: string; body: string } {
  const lines = snippet.split('\n');
  const inHead = (line: string) => /^\s*<(link|script|style)\b/.test(line);
  return { head: lines.filter(inHead).join('\n'), body: lines.filter((line) => !inHead(line)).join('\n') };
}

/**
 * A publisher's article around a snippet: text above and below, so a box that grows moves what the reader reads. The
 * line above has no margin of its own, which would hide a margin leaking out of the widget's box (they collapse).
 */
function articlePage(path: string, { head, body }: { head: string; body: string }): string {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${path}</title><link rel="icon" href="data:,">${head}</head>` +
      `<body><h1>Tonight's games</h1><div>Scores as they happen.</div>${body}<p>More of the article below the widget.</p></body></html>`,
  );
  return `${pagesOrigin}${path}`;
}

/** The stylesheet and script tag a page holds once, for a snippet of the docs that shows the elements alone. */
function pageHead(): string {
  return `<link rel="stylesheet" href="${relay.origin}/pressbox.css"><script type="module" src="${relay.origin}/pressbox.js" data-key="${key}"></script>`;
}

/** A documented snippet on an article page, with the page's stylesheet and script tag when the snippet leaves them out. */
function documentedPage(snippet: DocumentedSnippet, index: number, style = ''): string {
  const head = snippet.head || (snippet.framed ? '' : pageHead());
  return articlePage(`/documented-${index}${style ? '-styled' : ''}.html`, { head: `${head}${style}`, body: snippet.body });
}

/** A page's own rules that reach a slotted line: bigger type and margins on every paragraph, centred text. */
const HOSTILE_STYLE =
  '<style>body{font:18px/1.8 Georgia,serif;text-align:center;letter-spacing:.05em}p{margin:2em 0;padding:.5em;font-size:20px}</style>';

/** The first NBA game of the relay's day, for the docs' `GAME_ID` (a day without one shows its not-found message). */
async function gameOfTheDay(): Promise<string> {
  const scores = await fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: pagesOrigin } });
  const { games } = (await scores.json()) as { games?: { id: string }[] };
  return games?.[0]?.id ?? 'GAME_ID';
}

let snippets: DocumentedSnippet[] = [];

/** Cumulative layout shift of a page opened on a slow phone, once every element in the first screen shows its data. */
async function shiftOf(url: string, { frames = false } = {}): Promise<{ shift: number; sources: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ ...PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await page.emulateCPUThrottling(4);
  await slowRequests(page, (address) => address.origin === relay.origin && /\.js$/.test(address.pathname), SCRIPT_DELAY_MS);
  await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
  await page.evaluateOnNewDocument(recordLayoutShifts);
  await page.goto(url, { waitUntil: 'load' });
  const firstScreenShowsData = (tags: string[]) =>
    [...document.querySelectorAll(tags.join(','))]
      .filter((element) => element.getBoundingClientRect().top < innerHeight)
      .every((element) => customElements.get(element.localName) && !element.matches(':state(loading)'));
  if (frames) {
    for (const frame of page.frames().slice(1)) await frame.waitForFunction(firstScreenShowsData, { timeout: 60_000 }, ELEMENT_TAGS);
  } else {
    await page.waitForFunction(firstScreenShowsData, { timeout: 60_000 }, ELEMENT_TAGS);
  }
  // Two frames more: a shift caused by the last render is reported after it is painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const seen = await page.evaluate(layoutShifts);
  await context.close();
  return seen;
}

before(async () => {
  relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
  site = await startDemoSite({ demoDir: 'demo', relayOrigin: relay.origin, demoKey: () => key });
  pageServer = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pagesOrigin = `http://courier.example:${(pageServer.address() as AddressInfo).port}`;
  key = await addKey(relay, [pagesOrigin, 'localhost'], { name: 'layout-shift' });
  browser = await launchChromium(['courier.example']);
  snippets = documentedSnippets({ relay: relay.origin, key, gameId: await gameOfTheDay() });
});

after(async () => {
  await browser?.close();
  await site?.close();
  pageServer?.close();
  await relay?.close();
});

describe('no layout shift on a slow phone with any snippet we document (CPU 4× slower, scripts late)', () => {
  const choice = (tag: WidgetChoice['tag'] = 'score-strip', gambling?: string): WidgetChoice => ({
    relay: relay.origin,
    tag,
    key,
    attributes: { league: 'nba' },
    ...(gambling ? { gambling } : {}),
  });
  const line = '21+ only. Gambling problem? Call 1-800-GAMBLER.';
  const cases: [string, () => Promise<string>, { frames?: boolean }?][] = [
    ['the snippet builder’s script snippet', async () => articlePage('/builder-script.html', splitSnippet(snippetsFor(choice()).script))],
    [
      'the snippet builder’s iframe',
      async () => articlePage('/builder-iframe.html', { head: '', body: iframeMarkup(choice()) }),
      { frames: true },
    ],
    ['the embed page an iframe or amp-iframe frames, opened on its own', async () => embedUrl(choice())],
    ...GAMBLING_LINE_TAGS.flatMap((tag): [string, () => Promise<string>, { frames?: boolean }?][] => [
      [
        `the snippet builder’s script snippet of <${tag}> with a responsible-gambling line, under hostile page CSS`,
        async () => articlePage(`/builder-${tag}.html`, splitSnippet(`${HOSTILE_STYLE}\n${snippetsFor(choice(tag, line)).script}`)),
      ],
      [
        `the snippet builder’s iframe of <${tag}> with a responsible-gambling line`,
        async () => articlePage(`/builder-iframe-${tag}.html`, { head: '', body: iframeMarkup(choice(tag, line)) }),
        { frames: true },
      ],
    ]),
    ['the demo’s plain publisher page', async () => `${site.origin}/publisher.html`],
    ['the demo’s CMS page', async () => `${site.origin}/cms.html`],
    ['the demo’s gallery', async () => `${site.origin}/`],
    ['the demo’s page without scripts', async () => `${site.origin}/no-script.html`, { frames: true }],
    ['the demo’s page rendered on the server', async () => `${site.origin}/server-rendered.html`],
  ];
  for (const [name, url, options] of cases) {
    it(`${name}: CLS 0`, async () => {
      const { shift, sources } = await shiftOf(await url(), options);
      assert.equal(shift, 0, `CLS ${shift.toFixed(4)}: ${sources.join(' | ')}`);
    });
  }

  it('every snippet the docs show (README.md, docs/publishers.md, docs/elements.md): CLS 0, slotted lines under hostile page CSS too', async () => {
    assert.ok(
      snippets.some((snippet) => snippet.body.includes('slot="gambling"')),
      'the docs show a responsible-gambling line',
    );
    const shifted: string[] = [];
    for (const [index, snippet] of snippets.entries()) {
      // Page CSS that restyles paragraphs reaches what a snippet slots into an element (the gambling line).
      for (const style of snippet.body.includes(' slot=') ? ['', HOSTILE_STYLE] : ['']) {
        const { shift, sources } = await shiftOf(documentedPage(snippet, index, style), { frames: snippet.framed });
        if (shift !== 0) shifted.push(`${snippet.name}${style ? ' (hostile CSS)' : ''}: CLS ${shift.toFixed(4)}: ${sources.join(' | ')}`);
      }
    }
    assert.deepEqual(shifted, []);
  });
});
