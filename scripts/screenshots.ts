// `npm run screenshots`: every finished element, light and dark, and in German and Arabic, rendered from the demo in headless
// Chromium, then again for football (MLS) where the element registry says an element serves it (`<tag>-mls-<variant>`);
// then the publisher page at 375 px in English and Arabic in each engine (docs/screenshots/<engine>/), and its
// football page.
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ELEMENT_TAGS as ELEMENTS, servesLeague } from '../src/contract/elements.js';
import { startDemoSite } from '../src/demo/server.js';
import { selectedEngines } from '../test/harness/browser.js';
import { startFixedSlate } from '../test/harness/fixed-slate.js';
import { featuredGame, publisherPage, readerLayout } from '../test/harness/publisher-page.js';
import { adoptInElements, KEEP_NAMES_HELPER, launchChromium, launchReaderBrowser, STILL_RULES } from '../test/harness/reader-browser.js';

/** English in both themes, then German and Arabic (right to left) in the light theme. */
const VARIANTS = [
  { theme: 'light', locale: '', suffix: 'light' },
  { theme: 'dark', locale: '', suffix: 'dark' },
  { theme: 'light', locale: 'de-DE', suffix: 'de' },
  { theme: 'light', locale: 'ar', suffix: 'ar' },
] as const;
const OUT = 'docs/screenshots';
const PHONE_WIDTH = 375;

const slate = await startFixedSlate();
const { relay, gameId, mlbGameId } = slate;
const demoKey = slate.key;
const site = await startDemoSite({ demoDir: 'demo', relayOrigin: relay.origin, demoKey: () => demoKey });
const browser = await launchChromium();
try {
  await mkdir(OUT, { recursive: true });
  for (const league of ['nba', 'mls']) {
    // The gallery with the league picked; the elements that do not serve it keep the last league that they do.
    const tags = ELEMENTS.filter((tag) => league === 'nba' || servesLeague(tag, league));
    const prefix = league === 'nba' ? '' : `-${league}`;
    for (const { theme, locale, suffix } of VARIANTS) {
      const page = await browser.newPage();
      await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
      await page.setViewport({ width: 1040, height: 7000, deviceScaleFactor: 1 });
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      await page.emulateTimezone('America/New_York');
      await (await page.createCDPSession()).send('Emulation.setLocaleOverride', { locale: 'en-US' });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warn') console.error(`[${league} ${suffix}] ${message.text()}`);
      });
      await page.goto(`${site.origin}/?theme=${theme}&locale=${locale}&league=${league}`);
      await page
        .waitForFunction(
          (tags) => {
            const header = document.querySelector('game-header');
            return (
              Boolean(header?.getAttribute('game-id')) &&
              tags.every((tag) => {
                const element = document.querySelector(tag);
                return element && !element.matches(':state(loading)') && element.shadowRoot?.querySelector('.skeleton') === null;
              })
            );
          },
          { timeout: 20_000, polling: 100 },
          tags,
        )
        .catch(async (error: Error) => {
          const waiting = await page.evaluate(
            (names) => names.filter((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.skeleton') !== null),
            tags,
          );
          throw new Error(`${league} ${suffix}: still loading: ${waiting.join(', ')} (${error.message})`);
        });
      await page.evaluate(adoptInElements, { tags, rules: STILL_RULES });
      for (const tag of tags) {
        const file = join(OUT, `${tag}${prefix}-${suffix}.png`);
        await (await page.$(tag))!.screenshot({ path: file as `${string}.png` });
        console.log(`wrote ${file}`);
      }
      await page.close();
    }
  }
  await screenshotPublisherPage();
} finally {
  await browser.close();
  await site.close();
  await slate.close();
}

/** The ten elements on a publisher's page (another origin than the relay) at a phone's width, in each engine. */
async function screenshotPublisherPage(): Promise<void> {
  const football = await (
    await fetch(`${relay.origin}/v1/scores?league=mls&key=${demoKey}`, { headers: { origin: 'http://127.0.0.1' } })
  ).json();
  const soccer = { gameId: featuredGame(football.games, 'live') };
  const pages = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const page = publisherPage({
      relay: relay.origin,
      key: demoKey,
      gameId,
      mlbGameId,
      lang: query.get('lang') ?? 'en',
      column: Number(query.get('column') ?? 0),
      ...(query.has('soccer') && { soccer }),
    });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => pages.once('listening', resolve));
  const origin = `http://localhost:${(pages.address() as AddressInfo).port}`;
  try {
    for (const engine of selectedEngines()) {
      const reader = await launchReaderBrowser(engine);
      try {
        await mkdir(join(OUT, engine), { recursive: true });
        for (const [lang, variant] of [
          ['en', ''],
          ['ar', ''],
          ['en', 'mls'],
          ['ar', 'mls'],
        ] as const) {
          const { viewport, column } = readerLayout(PHONE_WIDTH, reader.narrowestWidth);
          const page = await reader.newPage(viewport);
          await page.goto(`${origin}/?lang=${lang}${column ? `&column=${column}` : ''}${variant ? '&soccer' : ''}`);
          for (const tag of ELEMENTS) {
            await page.evaluate((selector) => document.querySelector(selector)!.scrollIntoView({ block: 'nearest' }), tag);
            await page
              .waitFor((selector) => !document.querySelector(selector)!.matches(':state(loading)'), tag)
              .catch((error: Error) => {
                throw new Error(`${engine}, ${lang}${variant ? `, ${variant}` : ''}: <${tag}> still loading (${error.message})`);
              });
          }
          // The football page: the elements that show MLS there.
          for (const tag of variant ? ELEMENTS.filter((candidate) => servesLeague(candidate, variant)) : ELEMENTS) {
            const file = join(OUT, engine, `${tag}-${PHONE_WIDTH}${variant ? `-${variant}` : ''}-${lang}.png`);
            await page.screenshot(tag, file);
            console.log(`wrote ${file}`);
          }
          await page.close();
        }
      } finally {
        await reader.close();
      }
    }
  } finally {
    pages.close();
  }
}
