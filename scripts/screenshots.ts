// `npm run screenshots`: every finished element, light and dark, and in German and Arabic, rendered from the demo in headless
// Chromium, then again for football (MLS) where the element registry says an element serves it (`<tag>-mls-<variant>`);
// then the publisher page at 375 px in English and Arabic in each engine (docs/screenshots/<engine>/), and its
// football page.
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ELEMENT_TAGS as ELEMENTS, servesLeague } from '../src/contract/elements.js';
import { startDemoSite } from '../src/demo/server.js';
import { createKey } from '../src/relay/keys/service.js';
import { burstFor } from '../src/relay/defaults.js';
import { silentLogger } from '../src/relay/logger.js';
import { startRelay } from '../src/relay/server.js';
import { CHROMIUM_ARGS, findBrowser, selectedEngines } from './browser.js';
import { featuredGame, publisherPage, readerLayout } from './publisher-page.js';
import { launchReaderBrowser } from './reader-browser.js';

/** English in both themes, then German and Arabic (right to left) in the light theme. */
const VARIANTS = [
  { theme: 'light', locale: '', suffix: 'light' },
  { theme: 'dark', locale: '', suffix: 'dark' },
  { theme: 'light', locale: 'de-DE', suffix: 'de' },
  { theme: 'light', locale: 'ar', suffix: 'ar' },
] as const;
/** A fixed sandbox instant with games in every state, so the pictures only change when the widgets do. */
const SANDBOX_TIME = Date.parse('2026-11-22T18:00:00Z');
const OUT = 'docs/screenshots';
const PHONE_WIDTH = 375;

let demoKey: string | undefined;
// Relay and sandbox share one clock here, so the relay's win-probability history is stamped in game time.
let now = SANDBOX_TIME;
const relay = await startRelay({
  port: 0,
  db: ':memory:',
  logger: silentLogger,
  now: () => now,
  sandbox: { now: SANDBOX_TIME, rate: 0 },
  files: { bundleDir: 'dist/cdn' },
  // One address loads some ten pages of ten elements in a minute here, above a reader's limit.
  rateLimit: { perMinute: 100_000, burst: burstFor(100_000) },
});
const site = await startDemoSite({ demoDir: 'demo', relayOrigin: relay.origin, demoKey: () => demoKey });
demoKey = (await createKey(relay.store, { plan: 'pro', domains: ['localhost', '127.0.0.1'], name: 'screenshots', test: true }, Date.now()))
  .key;
const gameId = await playFirstLiveGame();
const browser = await chromium.launch({
  executablePath: findBrowser(),
  args: CHROMIUM_ARGS,
});
try {
  await mkdir(OUT, { recursive: true });
  for (const league of ['nba', 'mls']) {
    // The gallery with the league picked; the elements that do not serve it keep the last league that they do.
    const tags = ELEMENTS.filter((tag) => league === 'nba' || servesLeague(tag, league));
    const prefix = league === 'nba' ? '' : `-${league}`;
    for (const { theme, locale, suffix } of VARIANTS) {
      const page = await browser.newPage({
        viewport: { width: 1040, height: 4400 },
        colorScheme: theme,
        deviceScaleFactor: 1,
        locale: 'en-US',
        timezoneId: 'America/New_York',
      });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') console.error(`[${league} ${suffix}] ${message.text()}`);
      });
      await page.goto(`${site.origin}/?theme=${theme}&locale=${locale}&league=${league}`);
      await page.waitForFunction(
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
        tags,
        { timeout: 20_000 },
      );
      for (const tag of tags) {
        const file = join(OUT, `${tag}${prefix}-${suffix}.png`);
        await page.locator(tag).screenshot({ path: file, animations: 'disabled' });
        console.log(`wrote ${file}`);
      }
      await page.close();
    }
  }
  await screenshotPublisherPage();
} finally {
  await browser.close();
  await site.close();
  await relay.close();
}

/** The ten elements on a publisher's page (another origin than the relay) at a phone's width, in each engine. */
async function screenshotPublisherPage(): Promise<void> {
  const scores = await (
    await fetch(`${relay.origin}/v1/scores?league=mlb&key=${demoKey}`, { headers: { origin: 'http://127.0.0.1' } })
  ).json();
  const mlbGameId = featuredGame(scores.games, 'scheduled');
  const football = await (
    await fetch(`${relay.origin}/v1/scores?league=mls&key=${demoKey}`, { headers: { origin: 'http://127.0.0.1' } })
  ).json();
  const soccer = { gameId: featuredGame(football.games, 'live') };
  const pages = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const page = publisherPage({
      relay: relay.origin,
      key: demoKey!,
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
            await page.waitFor((selector) => !document.querySelector(selector)!.matches(':state(loading)'), tag);
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

/** Walks the clocks from tip-off to the screenshot instant so the relay records the game's probability curve; its id. */
async function playFirstLiveGame(): Promise<string> {
  const get = (path: string) =>
    fetch(`${relay.origin}${path}&key=${demoKey}`, { headers: { origin: 'http://127.0.0.1' } }).then((r) => r.json());
  const scores = await get('/v1/scores?league=nba');
  const game = scores.games.find((candidate: { status: string }) => candidate.status === 'live');
  for (let at = Date.parse(game.startTime); at < SANDBOX_TIME; at += 4 * 60_000) {
    now = at;
    relay.sandbox.clock.set(at);
    relay.cache.clear();
    await get(`/v1/win-probability?league=nba&gameId=${game.id}`);
  }
  now = SANDBOX_TIME;
  relay.sandbox.clock.set(SANDBOX_TIME);
  relay.cache.clear();
  return game.id;
}
