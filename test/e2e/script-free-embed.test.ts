// Script-free embeds as publishers use them, in Debian's Chromium: frames on an allowed and a denied site (the browser
// enforces frame-ancestors, the relay its Referer check and metering), resizing messages, the embed opened directly,
// and the snippet builder, whose every snippet is pasted into a fresh page of an allowed site and must show data.
// Host names map to 127.0.0.1 inside the browser: courier.example is on the key's allowed domains, news.example is not.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'puppeteer-core';
import { compileScript, parse } from 'vue/compiler-sfc';
import { startDemoSite } from '../../src/demo/server.js';
import { snippetsFor, type SnippetKind } from '../../src/embed/snippets.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { launchChromium } from '../harness/reader-browser.js';
import { addKey, testRelay } from '../helpers/relay.js';

let relay: RunningRelay;
let browser: Browser;
let pageServer: Server;
let allowed = '';
let denied = '';
let key = '';
let workDir = '';
/** What the publisher's site serves, by path: pages made by a test, and the React and Vue apps built from snippets. */
const files = new Map<string, { type: string; body: string }>();

before(async () => {
  relay = await testRelay({ files: { bundleDir: 'dist/cdn' } });
  workDir = await mkdtemp(join(tmpdir(), 'pressbox-snippets-'));
  pageServer = createServer((request, response) => {
    const file = files.get(request.url ?? '');
    response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' }).end(file?.body ?? 'Not found');
  });
  await new Promise<void>((done) => pageServer.listen(0, '127.0.0.1', done));
  const port = (pageServer.address() as AddressInfo).port;
  allowed = `http://courier.example:${port}`;
  denied = `http://news.example:${port}`;
  key = await addKey(relay, [allowed], { name: 'script-free' });
  browser = await launchChromium(['courier.example', 'news.example']);
});

after(async () => {
  await browser?.close();
  pageServer?.close();
  await relay?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

let pageCount = 0;
function publish(body: string, type = 'text/html; charset=utf-8'): string {
  const path = `/page-${++pageCount}${type.startsWith('text/html') ? '.html' : '.js'}`;
  files.set(path, { type, body });
  return path;
}

async function open(url: string, width = 1100): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width, height: 900 });
  await page.goto(url);
  return page;
}

/** Waits until the element in this document shows data: not loading, no error, no skeleton. */
async function dataShown(frame: Frame | Page, tag: string): Promise<void> {
  await frame.waitForFunction(
    (name) => {
      const element = document.querySelector(name);
      return Boolean(
        element?.shadowRoot &&
        !element.matches(':state(loading)') &&
        !element.matches(':state(error)') &&
        !element.shadowRoot.querySelector('.skeleton'),
      );
    },
    // Polled by the clock: a frame off screen gets no animation frames to poll by.
    { timeout: 60_000, polling: 100 },
    tag,
  );
}

async function embedFrame(page: Page): Promise<Frame> {
  const handle = (await page.waitForSelector('iframe'))!;
  const frame = await handle.contentFrame();
  assert.ok(frame, 'the iframe has a document');
  return frame;
}

async function loadsFrom(origin: string): Promise<number> {
  const rows = await relay.store.usage({ key });
  return rows.filter((row) => row.origin === origin).reduce((sum, row) => sum + row.loads, 0);
}

const lastFive = () => snippetsFor({ relay: relay.origin, tag: 'last-five', key, attributes: { league: 'nba', team: 'BOS' } });

/** Records the messages a page receives from its frames. */
const LISTENER = '<script>window.heard = []; addEventListener("message", (event) => heard.push(event.data));</script>';

describe('an iframe on a publisher page', () => {
  it('shows data on an allowed site, in a box of the element’s reserved height that does not scroll, and counts the load for that site', async () => {
    const before = await loadsFrom(allowed);
    const page = await open(
      `${allowed}${publish(`<!doctype html><title>Article</title>${LISTENER}<p>Before</p>${lastFive().iframe}<p>After</p>`)}`,
    );
    const frame = await embedFrame(page);
    await dataShown(frame, 'last-five');
    const box = await page.$eval('iframe', (iframe) => iframe.getBoundingClientRect().height);
    assert.equal(box, 188);
    const inside = await frame.evaluate(() => ({
      scroll: document.documentElement.scrollHeight,
      client: document.documentElement.clientHeight,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    assert.ok(inside.scroll <= inside.client, `the frame's content (${inside.scroll} px) fits its box (${inside.client} px)`);
    assert.equal(inside.background, 'rgba(0, 0, 0, 0)', 'the publisher’s page shows through');
    await page.waitForFunction(() => (window as unknown as { heard: unknown[] }).heard.length >= 2);
    const heard = await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);
    assert.deepEqual(heard.slice(0, 2), [
      { type: 'pressbox:resize', height: 188 },
      { sentinel: 'amp', type: 'embed-size', height: 188 },
    ]);
    assert.ok((await loadsFrom(allowed)) > before, 'the frame’s load is metered for the site that framed it');
    await page.close();
  });

  it('shows nothing on a site the key does not allow, and counts no load', async () => {
    const total = async () => (await relay.store.usage({ key })).reduce((sum, row) => sum + row.loads, 0);
    const before = await total();
    const page = await open(`${denied}${publish(`<!doctype html><title>Elsewhere</title>${lastFive().iframe}`)}`);
    const handle = (await page.waitForSelector('iframe'))!;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const frame = await handle.contentFrame();
    const shown = await frame?.evaluate(() => document.querySelector('last-five') !== null).catch(() => false);
    assert.equal(shown ?? false, false, 'the browser refuses the frame (frame-ancestors)');
    assert.equal(await total(), before);
    assert.equal(await loadsFrom(denied), 0);
    await page.close();
  });

  it('shows the publisher what to change inside the frame, on any site, for a wrong value, attribute, element or key', async () => {
    const cases: [string, RegExp][] = [
      [`last-five?key=${key}&league=xyz&team=BOS`, /league=xyz is not offered by <last-five>: league is one of nfl, nba/],
      [`last-five?key=${key}&league=nba&teem=BOS`, /<last-five> has no attribute teem; it takes league/],
      [`box-score?key=${key}&league=nba`, /there is no element <box-score> to embed/],
      [`last-five?key=pk_live_00000000000000000000000000000000&league=nba&team=BOS`, /key is unknown to the relay/],
    ];
    for (const site of [allowed, denied])
      for (const [embed, message] of cases) {
        const iframe = `<iframe src="${relay.origin}/embed/${embed.replaceAll('&', '&amp;')}" title="Scores" width="600" height="188"></iframe>`;
        const page = await open(`${site}${publish(`<!doctype html><title>Article</title>${iframe}`)}`);
        const frame = await embedFrame(page);
        await frame.waitForSelector('[role=alert]', { timeout: 60_000 });
        assert.match((await frame.$eval('[role=alert]', (alert) => alert.textContent)) ?? '', message, site);
        await page.close();
      }
  });

  it('shows data in every frame of the demo’s page without scripts', async () => {
    const site = await startDemoSite({ demoDir: 'demo', relayOrigin: relay.origin, demoKey: () => demoKey });
    const page = `http://courier.example:${new URL(site.origin).port}`;
    const demoKey = await addKey(relay, [page], { name: 'no-script demo' });
    const opened = await open(`${page}/no-script.html`);
    const frames = await opened.$$('iframe');
    assert.equal(frames.length, 3);
    for (const handle of frames) {
      const src = await handle.evaluate((iframe) => iframe.src);
      await handle.scrollIntoView();
      // A lazy frame is about:blank until it comes into view: waiting in that document outlives it (a CI run failed so).
      const frame = await opened.waitForFrame((candidate) => candidate.url() === src, { timeout: 60_000 });
      await dataShown(frame, new URL(src).pathname.split('/').at(-1)!);
    }
    await opened.close();
    await site.close();
  });

  it('says what it is and how to embed it when opened in a tab', async () => {
    const url = /src="([^"]+)"/.exec(lastFive().iframe)![1]!.replaceAll('&amp;', '&');
    const page = await open(url);
    assert.match(await page.$eval('body', (body) => body.innerText), /This address is a Pressbox embed[\s\S]*<iframe src=/);
    await page.close();
  });
});

/** A fresh page of the allowed site holding one snippet exactly as the builder gave it, and how to find its data. */
async function pasted(kind: SnippetKind, snippet: string): Promise<{ page: Page; frame?: Frame }> {
  switch (kind) {
    case 'script':
      return { page: await open(`${allowed}${publish(`<!doctype html><title>Script</title>${snippet}`)}`) };
    case 'iframe':
    case 'wordpress': {
      const page = await open(`${allowed}${publish(`<!doctype html><title>${kind}</title>${snippet}`)}`);
      return { page, frame: await embedFrame(page) };
    }
    case 'oembed': {
      // What an editor that speaks oEmbed does with a pasted address: ask for it, and put the html it gets in the page.
      const answer = await (await fetch(snippet)).json();
      const page = await open(`${allowed}${publish(`<!doctype html><title>oEmbed</title>${answer.html}`)}`);
      return { page, frame: await embedFrame(page) };
    }
    case 'amp': {
      // The AMP runtime comes from cdn.ampproject.org, which this machine cannot reach: a stand-in for amp-iframe does
      // what it does with this markup (an iframe of that src, sandbox and height, resized by embed-size messages).
      const standIn = `<script>customElements.define('amp-iframe', class extends HTMLElement {
        connectedCallback() {
          const frame = document.createElement('iframe');
          for (const name of ['src', 'title', 'sandbox', 'frameborder']) frame.setAttribute(name, this.getAttribute(name));
          frame.height = this.getAttribute('height');
          frame.style.width = '100%';
          addEventListener('message', (event) => {
            if (event.source === frame.contentWindow && event.data.sentinel === 'amp' && event.data.type === 'embed-size') frame.height = event.data.height;
          });
          this.replaceChildren(frame);
        }
      });</script>`;
      const page = await open(`${allowed}${publish(`<!doctype html><title>AMP</title>${standIn}${snippet}`)}`);
      return { page, frame: await embedFrame(page) };
    }
    case 'react':
    case 'vue': {
      const app = await buildApp(kind, snippet);
      const page = await open(
        `${allowed}${publish(`<!doctype html><title>${kind}</title><div id="root"></div><script type="module" src="${app}"></script>`)}`,
      );
      return { page };
    }
  }
}

/** Builds a React or Vue app around the snippet as a publisher's bundler would, with this package as `pressbox`. */
async function buildApp(kind: 'react' | 'vue', snippet: string): Promise<string> {
  const dir = await mkdtemp(join(workDir, `${kind}-`));
  let entry: string;
  if (kind === 'react') {
    await writeFile(join(dir, 'widget.tsx'), snippet);
    entry = join(dir, 'main.tsx');
    await writeFile(
      entry,
      "import { createRoot } from 'react-dom/client';\nimport * as widget from './widget';\nconst Widget = Object.values(widget)[0] as () => JSX.Element;\ncreateRoot(document.getElementById('root')!).render(<Widget />);\n",
    );
  } else {
    const { descriptor } = parse(snippet, { filename: 'Widget.vue' });
    // The snippet's own instruction for vite.config, given to the compiler as the plugin would.
    const rule = snippet.match(/isCustomElement: (\(tag\) => .*?\.includes\(tag\))/)?.[1];
    assert.ok(rule, 'the Vue snippet says which tags are custom elements');
    const isCustomElement = new Function(`return ${rule}`)() as (tag: string) => boolean;
    assert.equal(isCustomElement('my-card'), false, "the app's own kebab-case components still render as Vue components");
    const compiled = compileScript(descriptor, {
      id: 'widget',
      inlineTemplate: true,
      templateOptions: { compilerOptions: { isCustomElement } },
    });
    await writeFile(join(dir, 'widget.js'), compiled.content);
    entry = join(dir, 'main.js');
    await writeFile(entry, "import { createApp } from 'vue';\nimport Widget from './widget.js';\ncreateApp(Widget).mount('#root');\n");
  }
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    alias: { pressbox: resolve('dist/widgets/index.js') },
    nodePaths: [resolve('node_modules')],
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });
  return publish(result.outputFiles[0]!.text, 'text/javascript; charset=utf-8');
}

describe('the snippet builder', () => {
  it('builds a widget from live data, previews it, and every snippet it gives shows data on a fresh page of an allowed site', async () => {
    const builder = await open(`${relay.origin}/builder?key=${key}`);
    await builder.waitForFunction(() => /30 teams/.test(document.getElementById('status')!.textContent ?? ''));
    await builder.select('#league', 'nhl');
    await builder.waitForFunction(() => /32 teams/.test(document.getElementById('status')!.textContent ?? ''));
    await builder.select('#league', 'nba');
    await builder.waitForFunction(() => /30 teams/.test(document.getElementById('status')!.textContent ?? ''));
    await builder.select('#tag', 'last-five');
    await builder.select('#team', 'BOS');
    await builder.select('#theme', 'dark');
    await builder.select('#odds-format', 'decimal');
    await dataShown(await embedFrame(builder), 'last-five');
    const snippets = Object.fromEntries(
      await Promise.all(
        ['script', 'iframe', 'oembed', 'amp', 'react', 'vue', 'wordpress'].map(async (kind) => [
          kind,
          await builder.$eval(`[data-snippet="${kind}"]`, (snippet) => snippet.textContent),
        ]),
      ),
    ) as Record<SnippetKind, string>;
    assert.match(snippets.script, /<last-five league="nba" theme="dark" odds-format="decimal" team="BOS"><\/last-five>/);
    await builder.close();

    for (const [kind, snippet] of Object.entries(snippets) as [SnippetKind, string][]) {
      const { page, frame } = await pasted(kind, snippet);
      await dataShown(frame ?? page, 'last-five');
      const theme = await (frame ?? page).$eval('last-five', (element) => element.getAttribute('theme'));
      assert.equal(theme, 'dark', `${kind}: the chosen theme reached the element`);
      await page.close();
    }
  });

  it('carries a betting element’s responsible-gambling line in every snippet: shown as text, whole, inside the reserved box', async () => {
    const line = '21+ only. <b>Gambling problem?</b> Call 1-800-GAMBLER or visit {ncpgambling.org}, confidential, 24/7.';
    const builder = await open(`${relay.origin}/builder?key=${key}`);
    await builder.waitForFunction(() => /30 teams/.test(document.getElementById('status')!.textContent ?? ''));
    assert.equal(await builder.$eval('[data-field="gambling"]', (field) => (field as HTMLElement).hidden), true, 'not offered for scores');
    await builder.select('#tag', 'odds-board');
    await builder.type('#gambling', line);
    await builder.$eval('#gambling', (input) => input.dispatchEvent(new Event('change', { bubbles: true })));
    await builder.waitForFunction(() => /gambling/.test(document.querySelector('[data-snippet="iframe"]')!.textContent ?? ''));
    const snippets = Object.fromEntries(
      await Promise.all(
        ['script', 'iframe', 'oembed', 'amp', 'react', 'vue', 'wordpress'].map(async (kind) => [
          kind,
          await builder.$eval(`[data-snippet="${kind}"]`, (snippet) => snippet.textContent),
        ]),
      ),
    ) as Record<SnippetKind, string>;
    await builder.close();

    /** The slotted line as a reader sees it: its text, and whether it is whole and inside the element's box. */
    const lineOf = (document: Frame | Page) =>
      document.$eval('odds-board', (element) => {
        const paragraph = element.querySelector('[slot="gambling"]')!;
        const box = element.getBoundingClientRect();
        const shown = paragraph.getBoundingClientRect();
        return {
          text: paragraph.textContent,
          slotted: paragraph.assignedSlot?.name,
          inside: shown.top >= box.top && shown.bottom <= box.bottom && shown.left >= box.left && shown.right <= box.right,
          whole: paragraph.scrollHeight <= paragraph.clientHeight && paragraph.scrollWidth <= paragraph.clientWidth,
          height: box.height,
        };
      });
    for (const [kind, snippet] of Object.entries(snippets) as [SnippetKind, string][]) {
      const { page, frame } = await pasted(kind, snippet);
      await dataShown(frame ?? page, 'odds-board');
      assert.deepEqual(await lineOf(frame ?? page), { text: line, slotted: 'gambling', inside: true, whole: true, height: 420 }, kind);
      await page.close();
    }
    for (const width of [280, 375, 1280]) {
      const page = await open(`${allowed}${publish(`<!doctype html><title>Odds</title>${snippets.iframe}`)}`, width);
      const frame = await embedFrame(page);
      await dataShown(frame, 'odds-board');
      assert.deepEqual(await lineOf(frame), { text: line, slotted: 'gambling', inside: true, whole: true, height: 420 }, `${width} px`);
      const fits = await frame.evaluate(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight);
      assert.ok(fits, `${width} px: the frame's content fits its reserved height`);
      await page.close();
    }
  });

  it('moves to a league the element knows: a pitching matchup is of an MLB game, and previews one', async () => {
    const builder = await open(`${relay.origin}/builder?key=${key}`);
    await builder.waitForFunction(() => /30 teams/.test(document.getElementById('status')!.textContent ?? ''));
    await builder.select('#tag', 'pitching-matchup');
    await builder.waitForFunction(() => (document.getElementById('league') as HTMLSelectElement).value === 'mlb');
    await builder.waitForFunction(
      () =>
        /games on the current slate/.test(document.getElementById('status')!.textContent ?? '') &&
        /MLB|\d+ teams/.test(document.getElementById('status')!.textContent ?? ''),
    );
    await dataShown(await embedFrame(builder), 'pitching-matchup');
    assert.equal(await builder.$eval('#league option[value="nba"]', (option) => (option as HTMLOptionElement).disabled), true);
    await builder.close();
  });

  it('fits a phone and passes axe', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 375, height: 800 });
    await page.setBypassCSP(true);
    await page.goto(`${relay.origin}/builder?key=${key}&tag=game-header`);
    await page.waitForFunction(() => /\d+ teams/.test(document.getElementById('status')!.textContent ?? ''));
    // Stacked under the form on a phone: the preview loads when it is scrolled to, as elements do.
    await (await page.$('#preview'))!.scrollIntoView();
    await dataShown(await embedFrame(page), 'game-header');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling at 375 px');
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    const violations = await page.evaluate(async () => {
      const result = await (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string }[] }> } }
      ).axe.run(document, { iframes: false });
      return result.violations.map((violation) => violation.id);
    });
    assert.deepEqual(violations, []);
    await context.close();
  });
});
