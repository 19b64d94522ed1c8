// What each element looks like, picture by picture against committed references (test/e2e/references/<engine>/), in
// the three engines (PRESSBOX_ENGINES narrows them) at a phone's and a desktop's width: with data (games live, final
// and to come) and in the error state. Relay, sandbox and the reader's clock stand at one instant; animations are
// turned off. A picture that changed fails the test, which names it and writes the new picture and a diff
// image (changes in red) to test-results/visual/. `npm run test:visual:update` takes the new pictures as references.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { selectedEngines } from '../harness/browser.js';
import { readerClockScript, SANDBOX_TIME, startFixedSlate, type FixedSlate } from '../harness/fixed-slate.js';
import { publisherPage, readerLayout } from '../harness/publisher-page.js';
import { adoptInElements, launchReaderBrowser, STILL_RULES, type ReaderBrowser, type ReaderPage } from '../harness/reader-browser.js';
import { ELEMENT_TAGS } from '../../src/contract/elements.js';

const REFERENCES = 'test/e2e/references';
const RESULTS = 'test-results/visual';
const UPDATE = process.env.PRESSBOX_UPDATE_REFERENCES === '1';
const WIDTHS = [375, 1280];
const STATES = ['data', 'error'] as const;
type State = (typeof STATES)[number];
/**
 * Colour distance (0–1) under which two pixels count as the same, and the share of an element's pixels that may differ
 * (anti-aliased edges aside): glyphs rasterised a shade apart pass, a changed digit (some 40 pixels) does not.
 */
const PIXEL_THRESHOLD = 0.1;
const DIFFERING_SHARE = 0.0002;
const DIFFERING_FLOOR = 12;

// Start times and dates are shown in the reader's zone: the same one wherever the test runs.
process.env.TZ = 'UTC';

let slate: FixedSlate;
let pages: Server;
let pageOrigin = '';

before(async () => {
  slate = await startFixedSlate();
  pages = createServer((request, response) => {
    const state = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const page = publisherPage({
      relay: slate.relay.origin,
      key: state.has('error') ? slate.foreignKey : slate.key,
      gameId: slate.gameId,
      mlbGameId: slate.mlbGameId,
      column: Number(state.get('column') ?? 0),
      head: readerClockScript(SANDBOX_TIME),
    });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => pages.once('listening', resolve));
  // The relay is 127.0.0.1: the page is another origin, as a publisher's is.
  pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
});

after(async () => {
  pages?.close();
  await slate?.close();
});

/** Every element settled in `state`, scrolled to as a reader would, with no animation running. */
async function openSettled(browser: ReaderBrowser, width: number, state: State): Promise<ReaderPage> {
  const { viewport, column } = readerLayout(width, browser.narrowestWidth);
  const page = await browser.newPage(viewport);
  await page.goto(`${pageOrigin}/?${state === 'error' ? 'error&' : ''}column=${column}`);
  for (const tag of ELEMENT_TAGS) {
    await page.evaluate((selector) => document.querySelector(selector)!.scrollIntoView({ block: 'nearest' }), tag);
    await page.waitFor(
      ([selector, expected]) => {
        const element = document.querySelector(selector!)!;
        // Not yet defined, an element is in no state at all.
        const settled =
          customElements.get(selector!) && !element.matches(':state(loading)') && !element.shadowRoot?.querySelector('.skeleton');
        return Boolean(settled) && element.matches(':state(error)') === (expected === 'error');
      },
      [tag, state],
    );
  }
  await page.evaluate(() => Promise.all([...document.querySelectorAll('*')].map((element) => (element as any).updateComplete)));
  // As a screenshot tool's "animations disabled": a re-render cannot start one again. WebKitGTK's overlay scrollbars take
  // no room but show for a moment after any scroll (a busy machine catches them still fading): hidden, the page's own
  // as well as the elements', as a reader would see them at rest.
  const rules = [
    ...STILL_RULES,
    ...(browser.engine === 'webkit' ? ['* { scrollbar-width: none !important; }', '::-webkit-scrollbar { display: none; }'] : []),
  ];
  await page.evaluate(adoptInElements, { tags: ELEMENT_TAGS, rules });
  // Hiding them by style does not take down an indicator already showing when the machine is busy: WebKit's scroll
  // boxes stop being scrollable for the picture instead (overlay scrollbars take no room, so nothing moves).
  if (browser.engine === 'webkit')
    await page.evaluate(
      (tags) => {
        for (const root of [document, ...tags.map((tag) => document.querySelector(tag)!.shadowRoot!)])
          for (const box of [document.documentElement, ...root.querySelectorAll<HTMLElement>('*')]) {
            const { overflowX, overflowY } = getComputedStyle(box);
            if (/auto|scroll/.test(overflowX + overflowY)) box.style.setProperty('overflow', 'hidden', 'important');
          }
      },
      ELEMENT_TAGS as readonly string[],
    );
  return page;
}

/** The differing pixels between a picture and its reference, and a diff image where they differ. */
function compare(actual: PNG, reference: PNG): { differing: number; allowed: number; diff?: PNG; size?: string } {
  const allowed = Math.max(DIFFERING_FLOOR, Math.round(actual.width * actual.height * DIFFERING_SHARE));
  if (actual.width !== reference.width || actual.height !== reference.height)
    return { differing: Infinity, allowed, size: `${reference.width}×${reference.height} → ${actual.width}×${actual.height}` };
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(reference.data, actual.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
  return { differing, allowed, diff };
}

/**
 * The element's own box of a picture: WebKitWebDriver gives the viewport's whole width at the element's height (the
 * element's column and the page beside it).
 */
async function croppedToElement(page: ReaderPage, tag: string, picture: PNG): Promise<PNG> {
  const { left, width } = await page.evaluate((selector) => {
    const box = document.querySelector(selector)!.getBoundingClientRect();
    return { left: Math.round(box.left), width: Math.round(box.width) };
  }, tag);
  if (picture.width <= width) return picture;
  const element = new PNG({ width, height: picture.height });
  PNG.bitblt(picture, element, left, 0, width, picture.height, 0, 0);
  return element;
}

for (const engine of selectedEngines()) {
  describe(`${engine}: every element looks as its reference picture`, () => {
    let browser: ReaderBrowser;
    before(async () => {
      browser = await launchReaderBrowser(engine);
      await mkdir(join(REFERENCES, engine), { recursive: true });
      await mkdir(join(RESULTS, engine), { recursive: true });
    });
    after(() => browser?.close());

    for (const state of STATES)
      for (const width of WIDTHS)
        it(`${width} px, ${state}`, async () => {
          const page = await openSettled(browser, width, state);
          const changed: string[] = [];
          try {
            for (const tag of ELEMENT_TAGS) {
              const name = `${tag}-${state}-${width}.png`;
              const actualPath = join(RESULTS, engine, name);
              const referencePath = join(REFERENCES, engine, name);
              await page.screenshot(tag, actualPath);
              const actual = await croppedToElement(page, tag, PNG.sync.read(readFileSync(actualPath)));
              await writeFile(actualPath, PNG.sync.write(actual));
              const reference = existsSync(referencePath) ? PNG.sync.read(readFileSync(referencePath)) : undefined;
              const result = reference && compare(actual, reference);
              // A reference is rewritten only where the picture really changed: the repository stays quiet.
              if (UPDATE && (!result || result.differing > result.allowed)) await writeFile(referencePath, PNG.sync.write(actual));
              if (UPDATE) continue;
              if (!result) {
                changed.push(`${referencePath}: no reference (npm run test:visual:update makes it)`);
                continue;
              }
              if (result.differing <= result.allowed) continue;
              if (result.size) {
                changed.push(`${name}: size ${result.size} (new picture: ${actualPath})`);
                continue;
              }
              const diffPath = actualPath.replace(/\.png$/, '-diff.png');
              await writeFile(diffPath, PNG.sync.write(result.diff!));
              changed.push(`${name}: ${result.differing} pixels differ (${result.allowed} allowed); diff: ${diffPath}`);
            }
          } finally {
            await page.close();
          }
          assert.deepEqual(changed, [], 'pictures changed; if the change is meant, run npm run test:visual:update');
        });
  });
}
