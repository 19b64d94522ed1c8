// Layout shift as publishers measure it (Lighthouse's mobile run): a phone's viewport, the CPU slowed four times, and
// the relay's scripts arriving late, as they do on a real network where the page paints long before a cross-origin
// loader has run. Every snippet we document and every demo page must score a cumulative layout shift under 0.01.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { startDemoSite, type RunningDemoSite } from '../../src/demo/server.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { KEEP_NAMES_HELPER, launchChromium, slowRequests } from '../harness/reader-browser.js';
import { addKey, testRelay } from '../helpers/relay.js';
import { ELEMENT_TAGS } from '../../src/contract/elements.js';
import { embedUrl, iframeMarkup, snippetsFor, type WidgetChoice } from '../../src/embed/snippets.js';

/** Lighthouse's "good" ends at 0.1; the issue asks for ten times better. */
const MAX_SHIFT = 0.01;
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

/** The lines of a documented snippet that belong in `<head>` (the stylesheet, the script tag), and the rest. */
function splitSnippet(snippet: string): { head: string; body: string } {
  const lines = snippet.split('\n');
  const inHead = (line: string) => /^\s*<(link|script)\b/.test(line);
  return { head: lines.filter(inHead).join('\n'), body: lines.filter((line) => !inHead(line)).join('\n') };
}

/** A publisher's article around a snippet: text above and below, so a box that grows moves what the reader reads. */
function articlePage(path: string, { head, body }: { head: string; body: string }): string {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${path}</title><link rel="icon" href="data:,">${head}</head>` +
      `<body><h1>Tonight's games</h1><p>Scores as they happen.</p>${body}<p>More of the article below the widget.</p></body></html>`,
  );
  return `${pagesOrigin}${path}`;
}

/** The README's quick start snippet, with this relay and key in place of the ones it prints. */
function readmeSnippet(): string {
  const readme = readFileSync('README.md', 'utf8');
  const quickStart = readme.slice(readme.indexOf('## Quick start for publishers'));
  const block = quickStart.match(/```html\n([\s\S]*?)```/)![1]!;
  return block
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replaceAll('http://127.0.0.1:8787', relay.origin)
    .replaceAll('pk_test_…', key);
}

/** Cumulative layout shift of a page opened on a slow phone, once every element in the first screen shows its data. */
async function shiftOf(url: string, { frames = false } = {}): Promise<{ shift: number; sources: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ ...PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await page.emulateCPUThrottling(4);
  await slowRequests(page, (address) => address.origin === relay.origin && /\.js$/.test(address.pathname), SCRIPT_DELAY_MS);
  await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
  await page.evaluateOnNewDocument(() => {
    const seen = { shift: 0, sources: [] as string[] };
    Object.assign(window, { __layout: seen });
    new PerformanceObserver((list) => {
      type Rect = { x: number; y: number; width: number; height: number };
      const box = (rect: Rect) => `${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        seen.shift += entry.value;
        seen.sources.push(
          `${entry.value.toFixed(4)}: ${entry.sources
            .map(
              (s) =>
                `${s.node instanceof Element ? s.node.localName : (s.node?.nodeName ?? '(gone)')} ${box(s.previousRect)} → ${box(s.currentRect)}`,
            )
            .join('; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
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
  const seen = await page.evaluate(() => (window as unknown as { __layout: { shift: number; sources: string[] } }).__layout);
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
});

after(async () => {
  await browser?.close();
  await site?.close();
  pageServer?.close();
  await relay?.close();
});

describe('no layout shift on a slow phone with any snippet we document (CPU 4× slower, scripts late)', () => {
  const choice = (): WidgetChoice => ({ relay: relay.origin, tag: 'score-strip', key, attributes: { league: 'nba' } });
  const cases: [string, () => Promise<string>, { frames?: boolean }?][] = [
    ['the README’s script tag and elements', async () => articlePage('/readme.html', splitSnippet(readmeSnippet()))],
    ['the snippet builder’s script snippet', async () => articlePage('/builder-script.html', splitSnippet(snippetsFor(choice()).script))],
    [
      'the snippet builder’s iframe',
      async () => articlePage('/builder-iframe.html', { head: '', body: iframeMarkup(choice()) }),
      { frames: true },
    ],
    ['the embed page an iframe or amp-iframe frames, opened on its own', async () => embedUrl(choice())],
    ['the demo’s plain publisher page', async () => `${site.origin}/publisher.html`],
    ['the demo’s CMS page', async () => `${site.origin}/cms.html`],
    ['the demo’s gallery', async () => `${site.origin}/`],
    ['the demo’s page without scripts', async () => `${site.origin}/no-script.html`, { frames: true }],
  ];
  for (const [name, url, options] of cases) {
    it(`${name}: CLS under ${MAX_SHIFT}`, async () => {
      const { shift, sources } = await shiftOf(await url(), options);
      assert.ok(shift < MAX_SHIFT, `CLS ${shift.toFixed(4)}: ${sources.join(' | ')}`);
    });
  }
});
