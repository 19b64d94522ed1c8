// Server rendering where publishers build their pages: Next.js (App Router), Astro, SvelteKit (adapter-node) and Nuxt,
// each an app made from test/fixtures/frameworks/<name> in a fresh project under the system's temporary folder, with
// the packed @pressbox/elements and the framework at the pinned versions in test/harness/framework-apps.ts (which makes,
// builds and serves the apps), built for production and run by its own production server; and a page that includes the
// relay's HTML as a PHP page does: the PHP page docs/frameworks.md shows, under PHP's built-in server (php-cli, which
// .ci/run installs), and its Node twin (the same request and fallback).
// The relay's address, key and the site's origin reach each server through its environment when it starts, never its
// build. Each page, read as a search engine reads it (its HTML, no script run), must hold <score-strip> with its
// declarative shadow root, a final game's teams and score, its SportsEvent JSON-LD, and the script that loads the
// elements; then in Chromium, once the framework has hydrated the page, the element must have taken the server's data
// over without asking the relay again. Each framework's install, build and first answer are timed in the report: about
// a minute for all four here with npm's cache warm (a minute and a half cold), so all run every time.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { Browser } from 'puppeteer-core';
import type { Game, ScoresPayload } from '../../src/contract/scores.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { build, CHECKOUT, FIXTURES, FRAMEWORKS, freshProject, packElements, pressboxEnv, serving } from '../harness/framework-apps.js';
import { KEEP_NAMES_HELPER, launchChromium } from '../harness/reader-browser.js';
import { addKey, testRelay } from '../helpers/relay.js';

/** The include's pages: a PHP one, and its Node twin for machines without PHP. */
const INCLUDE = join(FIXTURES, 'include');
const PHP = spawnSync('php', ['--version']).status === 0;
/** The publisher's site, as its servers name it to the relay: the key allows it, wherever the app's server listens. */
const SITE = 'https://news.example';

let work = '';
let elements = '';
let relay: RunningRelay;
let browser: Browser;
let key = '';
/** A final NBA game at the sandbox's pinned instant: what every page must show. */
let final: { abbreviation: string; score: number }[];

/** The page as a search engine fetches it: its HTML, no script run. */
async function pageHtml(site: string): Promise<string> {
  const page = await fetch(`${site}/`);
  const html = await page.text();
  assert.equal(page.status, 200, html);
  return html;
}

/** What a search engine reads in the page, and the script that loads the elements in a reader's browser. */
function assertServerRendered(html: string): void {
  const strip = /<score-strip[^>]*\bleague="nba"[^>]*>([\s\S]*?)<\/score-strip>/.exec(html);
  assert.ok(strip, `the page holds <score-strip league="nba"> as HTML, not as escaped text:\n${html}`);
  const shadow = /<template[^>]*\bshadowrootmode="open"[^>]*>([\s\S]*)<\/template>/.exec(strip[1]!);
  assert.ok(shadow, `<score-strip> holds its declarative shadow root:\n${strip[0]}`);
  for (const side of final) {
    assert.ok(shadow[1]!.includes(side.abbreviation), `${side.abbreviation} in the shadow root:\n${shadow[1]}`);
    assert.match(shadow[1]!, new RegExp(`>\\s*${side.score}\\s*<`), `${side.abbreviation}'s ${side.score} in the shadow root`);
  }
  const linked = [...strip[1]!.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json!));
  const types = linked.flatMap((data) => (Array.isArray(data) ? data : (data['@graph'] ?? [data]))).map((item) => item['@type']);
  assert.ok(types.includes('SportsEvent'), `a SportsEvent in the element's JSON-LD, not only ${JSON.stringify(types)}`);
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  assert.ok(
    scripts.some(
      (tag) => tag.includes(`src="${relay.origin}/pressbox.js"`) && tag.includes(`data-key="${key}"`) && tag.includes('type="module"'),
    ),
    `the page loads the elements from the relay with the key:\n${scripts.join('\n')}`,
  );
}

/**
 * The page in Chromium, its framework's scripts run: the element is defined, has loaded once (the server's answer,
 * taken over), shows the final game, and no request asked the relay for data again; nothing threw.
 */
async function assertTakenOver(site: string): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
    await page.evaluateOnNewDocument(() => {
      const seen = { loads: 0 };
      Object.assign(window, { __seen: seen });
      document.addEventListener('pb-load', () => seen.loads++, true);
    });
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      const address = new URL(request.url());
      if (address.origin === relay.origin && address.pathname.startsWith('/v1/') && address.pathname !== '/v1/live')
        dataRequests.push(`${address.pathname}${address.search}`);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
    });
    await page.goto(`${site}/`, { waitUntil: 'networkidle2' });
    await page.waitForFunction(
      () => customElements.get('score-strip') !== undefined && (window as unknown as { __seen: { loads: number } }).__seen.loads > 0,
      { timeout: 30_000 },
    );
    const shown = await page.evaluate(() => {
      const strips = [...document.querySelectorAll('score-strip')];
      return {
        count: strips.length,
        loads: (window as unknown as { __seen: { loads: number } }).__seen.loads,
        error: strips[0]!.matches(':state(error)'),
        text: strips[0]!.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '',
      };
    });
    assert.deepEqual(errors, [], 'nothing threw or logged an error');
    assert.deepEqual(dataRequests, [], 'the element took the server’s data over instead of asking the relay again');
    assert.deepEqual({ count: shown.count, loads: shown.loads, error: shown.error }, { count: 1, loads: 1, error: false });
    for (const side of final) assert.match(shown.text, new RegExp(`${side.abbreviation}.*?${side.score}`), shown.text.slice(0, 300));
  } finally {
    await context.close();
  }
}

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'pressbox-frameworks-'));
  elements = await packElements(work);
  // The sandbox stopped at one instant of a round-the-clock day, when every league has final games, whatever the date.
  relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
  // The site's servers name its public origin; the reader's browser here opens the app's server on 127.0.0.1.
  key = await addKey(relay, [new URL(SITE).hostname, 'http://127.0.0.1'], { name: 'frameworks' });
  const answer = await fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: SITE } });
  const { games } = (await answer.json()) as ScoresPayload;
  const game = games.find((candidate) => candidate.status === 'final');
  assert.ok(game, `a final NBA game at the sandbox's instant, among ${games.map((candidate) => candidate.status).join(', ')}`);
  const side = ({ team, score }: Game['home']) => ({ abbreviation: team.abbreviation, score: score! });
  final = [side(game.away), side(game.home)];
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await relay?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('server rendering in publishers’ frameworks: the element, its data and its JSON-LD in the page’s HTML', () => {
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const settings = () => ({ relay: relay.origin, key, origin: SITE });

  for (const [name, framework] of Object.entries(FRAMEWORKS))
    it(`${name}: ${framework.install.join(', ')}, production build and server, then the browser takes over`, async (t: TestContext) => {
      const env = framework.env(settings());
      let since = performance.now();
      const dir = await freshProject(work, name, [elements, ...framework.install]);
      const times = [`install ${seconds(since)}`];
      since = performance.now();
      await build(dir, framework.build, env);
      times.push(`build ${seconds(since)}`);
      since = performance.now();
      await serving(
        dir,
        () => [process.execPath, ...framework.start],
        env,
        async (site) => {
          const html = await pageHtml(site);
          times.push(`first page ${seconds(since)}`);
          assertServerRendered(html);
          await assertTakenOver(site);
        },
      );
      t.diagnostic(`${name}: ${times.join(', ')}`);
    });

  it('a PHP-style include (Node): the page’s server asks /v1/render with the site’s Origin and pastes the answer in', async () => {
    await serving(
      INCLUDE,
      () => [process.execPath, 'server.mjs'],
      pressboxEnv(settings()),
      async (site) => {
        assertServerRendered(await pageHtml(site));
        await assertTakenOver(site);
      },
    );
  });

  it('PHP: the page docs/frameworks.md shows, under PHP’s built-in server', async () => {
    assert.ok(PHP, 'PHP’s command line runs this recipe: apt-get install php-cli (.ci/run installs it)');
    await serving(
      INCLUDE,
      (port) => ['php', '-S', `127.0.0.1:${port}`, 'index.php'],
      pressboxEnv(settings()),
      async (site) => {
        assertServerRendered(await pageHtml(site));
        await assertTakenOver(site);
      },
    );
    const documented = /```php\n([\s\S]*?)```/.exec(await readFile(join(CHECKOUT, 'docs', 'frameworks.md'), 'utf8'))?.[1];
    assert.equal(documented, await readFile(join(INCLUDE, 'index.php'), 'utf8'), 'docs/frameworks.md shows the PHP page as tested');
  });
});
