// When a reader first sees the data: one article page per element (score-strip, game-header of a final game,
// standings-table; NBA at the sandbox's frozen instant), client-only (the script tag and the bare tag: data after the
// script runs) beside server-rendered (GET /v1/render's HTML pasted in the page, then the same script tag), served from
// another origin than the relay. Lighthouse (mobile, simulated throttling, performance only) gives FCP, LCP, CLS and
// the script bytes; a second pass in puppeteer-core (CPU ×4, 150 ms latency, 1.6 Mbps down) times the first frame whose
// element shows its data (a rAF poll of the shadow root's visible text) and the script bytes received before it.
// Run: node --import tsx bench/first-paint.ts [runs, default 3]. Lighthouse comes from outside the repository:
// `npm install lighthouse` in /tmp/lh (or LIGHTHOUSE_DIR); without it the Lighthouse columns say "n/a".
// Not part of `npm test` or `npm run bench`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'puppeteer-core';
import { findBrowser } from '../test/harness/browser.js';
import { KEEP_NAMES_HELPER, launchChromium } from '../test/harness/reader-browser.js';
import { addKey, testRelay } from '../test/helpers/relay.js';

const RUNS = Number(process.argv[2] ?? 3);
export const LIGHTHOUSE_CLI = join(process.env.LIGHTHOUSE_DIR ?? '/tmp/lh', 'node_modules/lighthouse/cli/index.js');
/** Lighthouse's mobile screen (its default form factor). */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/**
 * The second pass's link, Slow-4G-like: 150 ms added to each request, 1.6 Mbps down (DevTools' own Slow 4G preset adds
 * 562.5 ms a request instead, to stand for a packet-level round trip).
 */
export const NETWORK = { latency: 150, download: (1_600 * 1000) / 8, upload: (750 * 1000) / 8 };
export const CPU_SLOWDOWN = 4;
/** After the element is defined, how long the second pass waits for the last scripts before it adds them up. */
const SETTLE_MS = 3_000;

type Variant = 'client-only' | 'server-rendered';
const VARIANTS: Variant[] = ['client-only', 'server-rendered'];

export interface Subject {
  spec: string;
  tag: string;
  attributes: Record<string, string>;
  /** What the element shows once it has its data: any one of these lists, every string of it visible in its box. */
  needles: string[][];
}

export interface BrowserPass {
  fcp: number;
  firstData: number;
  /** The needles the first frame with data showed. */
  matched: string;
  /** Whether the element was already upgraded (its script had run) in the frame that first showed the data. */
  definedAtData: boolean;
  scriptBytesBeforeData: number;
  scriptBytes: number;
  cls: number;
  /** Each script received: its address, its bytes on the wire, and whether it had arrived by the first frame with data. */
  scripts: { url: string; bytes: number; beforeData: boolean }[];
}

export interface LighthousePass {
  fcp: number;
  lcp: number;
  cls: number;
  scriptBytes: number;
  lcpElement: string;
}

export const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : 'n/a');
export const kib = (value: number) => (Number.isFinite(value) ? `${(value / 1024).toFixed(1)} KiB` : 'n/a');
export const shift = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : 'n/a');

/** Plain JavaScript for the page (a string: functions from here would carry tsx's helpers with them). */
const pollScript = (subject: Subject) => `
  (() => {
    const tag = ${JSON.stringify(subject.tag)};
    const options = ${JSON.stringify(subject.needles)};
    const seen = { firstData: null, matched: '', definedAtData: false, fcp: null, cls: 0 };
    window.__firstPaint = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    const inside = (rect, box) => rect.width > 0 && rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom;
    // The text a reader can see: not in <style>/<script>, not the visually-hidden screen-reader copies, rendered, and
    // inside the element's box and the viewport (a strip's cards scrolled out of its track do not count).
    const visibleText = (host) => {
      const box = host.getBoundingClientRect();
      const clip = { left: Math.max(box.left, 0), top: Math.max(box.top, 0), right: Math.min(box.right, innerWidth), bottom: Math.min(box.bottom, innerHeight) };
      const walker = document.createTreeWalker(host.shadowRoot, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.data.trim() || parent.closest('style, script, template, .visually-hidden')) continue;
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some((rect) => inside(rect, clip))) text += node.data + ' ';
      }
      return text;
    };
    const shows = (text) => options.find((option) => option.every((needle) => text.includes(needle)));
    const tick = () => {
      const element = document.querySelector(tag);
      // The cheap test first (the shadow root's text at all), the layout-reading one only once it could match.
      const matched = element && element.shadowRoot && shows(element.shadowRoot.textContent) && shows(visibleText(element));
      if (matched) {
        seen.matched = matched.join(' ');
        seen.definedAtData = customElements.get(tag) !== undefined;
        // rAF runs before the frame is drawn: a message posted now arrives once the frame's rendering work is done.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (seen.firstData = performance.now());
        channel.port2.postMessage(0);
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();
`;

function article(relayOrigin: string, key: string, subject: Subject, body: string): string {
  const script = `<script type="module" src="${relayOrigin}/pressbox.js" data-key="${key}"></script>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tonight in the NBA</title>` +
    `<link rel="icon" href="data:,"><link rel="stylesheet" href="${relayOrigin}/pressbox.css">${script}` +
    `<style>body{margin:0 auto;max-width:42rem;padding:0 16px;font:17px/1.55 Georgia,serif;color:#1f2328}` +
    `h1{font:700 26px/1.2 system-ui,sans-serif}</style></head><body><article>` +
    `<h1>Tonight in the NBA</h1><p>The night’s games at a glance: ${subject.tag.replace('-', ' ')} below, updated as they go.</p>` +
    `${body}` +
    `<p>Around the league: injuries, trades and the week ahead, with what each result means for the standings.</p>` +
    `<p>More after the break.</p></article></body></html>`
  );
}

/** The element's text without its markup (what its HTML shows, as a check on the needles). */
const textOf = (html: string) =>
  html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

export async function browserPass(browser: Browser, url: string, subject: Subject): Promise<BrowserPass> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await page.emulateCPUThrottling(CPU_SLOWDOWN);
    await page.emulateNetworkConditions(NETWORK);
    await page.evaluateOnNewDocument(KEEP_NAMES_HELPER);
    await page.evaluateOnNewDocument(pollScript(subject));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; bytes?: number }>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.bytes = event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => (window as any).__firstPaint.firstData !== null, { timeout: 120_000, polling: 100 });
    await page.waitForFunction((tag: string) => customElements.get(tag) !== undefined, { timeout: 120_000, polling: 100 }, subject.tag);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const seen = await page.evaluate(() => {
      const first = (window as any).__firstPaint;
      // When each script finished, on the page's clock (resource timing gives times cross-origin, CDP gives the bytes).
      const ends: Record<string, number> = {};
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        ends[entry.name] = Math.min(ends[entry.name] ?? Infinity, entry.responseEnd);
      return { ...first, ends } as {
        firstData: number;
        matched: string;
        definedAtData: boolean;
        fcp: number;
        cls: number;
        ends: Record<string, number>;
      };
    });
    // The frame with the data is contentful, so never before FCP (whose time is when that frame was presented).
    const firstData = Math.max(seen.firstData, seen.fcp);
    let before = 0;
    let total = 0;
    const received: BrowserPass['scripts'] = [];
    for (const script of scripts.values()) {
      if (script.bytes === undefined) continue;
      total += script.bytes;
      const beforeData = (seen.ends[script.url] ?? Infinity) <= firstData;
      if (beforeData) before += script.bytes;
      received.push({ url: script.url, bytes: script.bytes, beforeData });
    }
    await cdp.detach();
    return {
      fcp: seen.fcp,
      firstData,
      matched: seen.matched,
      definedAtData: seen.definedAtData,
      scriptBytesBeforeData: before,
      scriptBytes: total,
      cls: seen.cls,
      scripts: received,
    };
  } finally {
    await context.close();
  }
}

function runLighthouse(url: string, output: string): Promise<void> {
  const flags = [
    LIGHTHOUSE_CLI,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
  ];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      flags,
      { env: { ...process.env, CHROME_PATH: findBrowser() }, timeout: 300_000 },
      (error, _stdout, stderr) => (error ? reject(new Error(`lighthouse ${url}: ${error.message}\n${stderr}`)) : resolve()),
    ),
  );
}

export async function lighthousePass(url: string, dir: string, name: string): Promise<LighthousePass> {
  const output = join(dir, `${name}.json`);
  await runLighthouse(url, output);
  const report = JSON.parse(await readFile(output, 'utf8')) as {
    audits: Record<string, { numericValue?: number; details?: any }>;
    runWarnings?: string[];
  };
  if (report.runWarnings?.length) console.error(`lighthouse ${name}: ${report.runWarnings.join(' / ')}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const scriptRow = (report.audits['resource-summary']?.details?.items ?? []).find(
    (item: { resourceType: string }) => item.resourceType === 'script',
  );
  // The LCP element, as Lighthouse names it (its LCP breakdown insight carries the node).
  const lcpNode = JSON.stringify(report.audits['lcp-breakdown-insight']?.details ?? {}).match(/"selector":"([^"]*)"/);
  return {
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    scriptBytes: scriptRow?.transferSize ?? 0,
    lcpElement: lcpNode?.[1] ?? '',
  };
}

/**
 * dist/cdn copied once, so a rebuild while the bench runs cannot mix two builds: taken again until every chunk the
 * loader names is in the copy.
 */
export async function bundleSnapshot(into: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    await rm(into, { recursive: true, force: true });
    await cp('dist/cdn', into, { recursive: true });
    const loader = await readFile(join(into, 'pressbox.js'), 'utf8');
    const named = [...loader.matchAll(/\.\/(v\/[^`'"]+\.js)/g)].map((match) => match[1]!.replace(/\$\{[^}]*\}/g, ''));
    if (named.filter((path) => path.endsWith('.js') && !path.endsWith('/.js')).every((path) => existsSync(join(into, path)))) return into;
    if (attempt === 5) throw new Error('dist/cdn keeps changing under the bench (a build running?)');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

// Run as a script; bench/first-paint-frameworks.ts imports the passes above without running this.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = await mkdtemp(join(tmpdir(), 'pressbox-first-paint-'));
  const relay = await testRelay({
    files: { bundleDir: await bundleSnapshot(join(dir, 'cdn')) },
    rateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
  });
  const key = await addKey(relay, ['127.0.0.1'], { test: true });
  const pages = new Map<string, string>();
  const pageServer: Server = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    if (!page) return void response.writeHead(404).end('Not found');
    // As a publisher's server sends its pages: compressed where the browser takes it.
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      .end(gzip ? gzipSync(page) : page);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  const pagesOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  const fromRelay = async (path: string) => {
    const answer = await fetch(`${relay.origin}${path}${path.includes('?') ? '&' : '?'}key=${key}`, { headers: { origin: pagesOrigin } });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer;
  };

  const scores = (await (await fromRelay('/v1/scores?league=nba')).json()) as {
    games: { id: string; status: string; home: Side; away: Side }[];
  };
  type Side = { team: { abbreviation: string; name: string }; score: number };
  const final = scores.games.find((game) => game.status === 'final');
  if (!final) throw new Error('no final NBA game at the sandbox instant');
  const standings = (await (await fromRelay('/v1/standings?league=nba')).json()) as {
    rows: { team: { abbreviation: string; name: string }; pct: number }[];
  };
  const leader = standings.rows[0]!;
  const gameNeedles = (game: { home: Side; away: Side }) => [
    game.away.team.abbreviation,
    String(game.away.score),
    game.home.team.abbreviation,
    String(game.home.score),
  ];
  const subjects: Subject[] = [
    {
      spec: 'score-strip league=nba',
      tag: 'score-strip',
      attributes: { league: 'nba' },
      // Any card with a score: the strip opens at the first live game once its script runs, the server's copy at the first.
      needles: scores.games.filter((game) => game.status !== 'scheduled').map(gameNeedles),
    },
    {
      spec: `game-header league=nba game-id=${final.id}`,
      tag: 'game-header',
      attributes: { league: 'nba', 'game-id': final.id },
      needles: [gameNeedles(final)],
    },
    {
      spec: 'standings-table league=nba',
      tag: 'standings-table',
      attributes: { league: 'nba' },
      needles: [leader.team.abbreviation, leader.team.name].map((team) => [team, leader.pct.toFixed(3).replace(/^0/, '')]),
    },
  ];

  const urls = new Map<string, string>();
  for (const subject of subjects) {
    const rendered = await (await fromRelay(`/v1/render/${subject.tag}?${new URLSearchParams(subject.attributes)}`)).text();
    const text = textOf(rendered);
    if (!subject.needles.some((option) => option.every((needle) => text.includes(needle))))
      throw new Error(`${subject.spec}: the server's HTML shows none of ${JSON.stringify(subject.needles)}`);
    const bare = `<${subject.tag} ${Object.entries(subject.attributes)
      .map(([name, value]) => `${name}="${value}"`)
      .join(' ')}></${subject.tag}>`;
    for (const variant of VARIANTS) {
      const path = `/${subject.tag}/${variant}.html`;
      pages.set(path, article(relay.origin, key, subject, variant === 'client-only' ? bare : rendered));
      urls.set(`${subject.tag}/${variant}`, `${pagesOrigin}${path}`);
    }
  }

  const browserRuns = new Map<string, BrowserPass[]>();
  const lighthouseRuns = new Map<string, LighthousePass[]>();
  try {
    // Pass 2 first, in its own browser, closed before any Lighthouse: one Chromium at a time on a shared machine.
    const browser = await launchChromium();
    try {
      for (let run = 0; run < RUNS; run++)
        for (const subject of subjects)
          for (const variant of VARIANTS) {
            const name = `${subject.tag}/${variant}`;
            const pass = await browserPass(browser, urls.get(name)!, subject);
            browserRuns.set(name, [...(browserRuns.get(name) ?? []), pass]);
            console.error(
              `browser run ${run + 1} ${name}: data at ${ms(pass.firstData)} (FCP ${ms(pass.fcp)}, ${pass.definedAtData ? 'after' : 'before'} the script ran, showing ${pass.matched}), ` +
                `script ${kib(pass.scriptBytesBeforeData)} before / ${kib(pass.scriptBytes)} in all, CLS ${shift(pass.cls)}`,
            );
          }
    } finally {
      await browser.close();
    }
    if (existsSync(LIGHTHOUSE_CLI)) {
      for (let run = 0; run < RUNS; run++)
        for (const subject of subjects)
          for (const variant of VARIANTS) {
            const name = `${subject.tag}/${variant}`;
            const pass = await lighthousePass(urls.get(name)!, dir, `${subject.tag}-${variant}-${run}`);
            lighthouseRuns.set(name, [...(lighthouseRuns.get(name) ?? []), pass]);
            console.error(
              `lighthouse run ${run + 1} ${name}: FCP ${ms(pass.fcp)}, LCP ${ms(pass.lcp)} (${pass.lcpElement || 'no LCP element'}), CLS ${shift(pass.cls)}, ` +
                `script ${kib(pass.scriptBytes)}`,
            );
          }
    } else
      console.error(`No Lighthouse at ${LIGHTHOUSE_CLI} (npm install lighthouse in /tmp/lh, or set LIGHTHOUSE_DIR): its columns say n/a.`);
  } finally {
    await rm(dir, { recursive: true, force: true });
    pageServer.close();
    await relay.close();
  }

  const chromium = await new Promise<string>((resolve) =>
    execFile(findBrowser(), ['--version'], (_error, stdout) => resolve(stdout.trim().split('\n').at(-1) ?? '?')),
  );
  console.log(
    `\nFirst paint with data, medians of ${RUNS} runs (${chromium}). FCP, LCP, CLS, total script: Lighthouse, mobile, ` +
      `simulated throttling (150 ms RTT, 1.6 Mbps, CPU ×4). First paint with data and script before it: puppeteer-core, ` +
      `CPU ×${CPU_SLOWDOWN}, ${NETWORK.latency} ms latency, ${(NETWORK.download * 8) / 1e6} Mbps down, the first frame whose element shows its data.\n`,
  );
  /** Runs whose trace held no LCP candidate: Lighthouse's LCP is then the time of Chrome's last LCP invalidation. */
  const lcpMark = (runs: LighthousePass[]) => {
    const missing = runs.filter((run) => !run.lcpElement).length;
    return missing ? ` † ${missing}/${runs.length}` : '';
  };
  console.log('| element | variant | FCP | LCP | CLS | first paint with data | script before data | total script |');
  console.log('| --- | --- | --: | --: | --: | --: | --: | --: |');
  for (const subject of subjects)
    for (const variant of VARIANTS) {
      const name = `${subject.tag}/${variant}`;
      const lighthouse = lighthouseRuns.get(name) ?? [];
      const browser = browserRuns.get(name) ?? [];
      const of = <T>(runs: T[], pick: (run: T) => number) => median(runs.map(pick));
      console.log(
        `| \`${subject.spec}\` | ${variant} | ${ms(of(lighthouse, (run) => run.fcp))} | ${ms(of(lighthouse, (run) => run.lcp))}${lcpMark(lighthouse)} | ` +
          `${shift(of(lighthouse, (run) => run.cls))} | ${ms(of(browser, (run) => run.firstData))} | ` +
          `${kib(of(browser, (run) => run.scriptBytesBeforeData))} | ${kib(lighthouse.length ? of(lighthouse, (run) => run.scriptBytes) : of(browser, (run) => run.scriptBytes))} |`,
      );
    }
  if ([...lighthouseRuns.values()].some((runs) => lcpMark(runs)))
    console.log(
      '\n† in that many runs Chrome recorded no LCP candidate (Lighthouse found no LCP element and reported the time of the ' +
        'last LCP invalidation instead): read that LCP as "none".',
    );
  console.log('\nThe second pass alone (puppeteer-core), medians:\n');
  console.log('| element | variant | FCP | first paint with data | CLS | script before data | total script |');
  console.log('| --- | --- | --: | --: | --: | --: | --: |');
  for (const subject of subjects)
    for (const variant of VARIANTS) {
      const runs = browserRuns.get(`${subject.tag}/${variant}`) ?? [];
      const of = (pick: (run: BrowserPass) => number) => median(runs.map(pick));
      console.log(
        `| ${subject.tag} | ${variant} | ${ms(of((run) => run.fcp))} | ${ms(of((run) => run.firstData))} | ${shift(of((run) => run.cls))} | ` +
          `${kib(of((run) => run.scriptBytesBeforeData))} | ${kib(of((run) => run.scriptBytes))} |`,
      );
    }
}
