// When a reader first sees the data, in publishers' frameworks: bench/first-paint.ts's two passes on the page of each
// app test/e2e/frameworks.test.ts builds (Next.js, Astro, SvelteKit, Nuxt: `<score-strip league="nba">` at the sandbox's
// frozen instant), in two variants of the same page. Client-only: test/fixtures/frameworks/<name>-client-only copied
// over the fixture, so the page writes the bare tag and the relay's pressbox.js script tag, no renderElement().
// Server-rendered: the fixture as the test builds it (renderElement() on each request, then the same script tag).
// Each app is installed with the packed @pressbox/elements, built for production (one build at a time) and run by its own
// production server, the relay's settings in its environment; the relay is the test's (sandbox, dist/cdn copied once,
// as bench/first-paint.ts does, since others rebuild it). Lighthouse gives FCP, LCP, CLS and the total script bytes; the
// puppeteer pass gives the first frame with data and the script bytes before it, split by address: the relay's
// (Pressbox) and the app's own (the framework's).
// Run: node --import tsx bench/first-paint-frameworks.ts [runs, default 3] [frameworks, default next,astro,sveltekit,nuxt]
// About 6 minutes of installs and builds (npm's cache warm), then about 1 minute per run. Lighthouse as in
// bench/first-paint.ts (/tmp/lh or LIGHTHOUSE_DIR; without it its columns say "n/a").
// Not part of `npm test` or `npm run bench`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { findBrowser } from '../test/harness/browser.js';
import { build, FRAMEWORKS, freshProject, packElements, startApp, type RunningApp } from '../test/harness/framework-apps.js';
import { launchChromium } from '../test/harness/reader-browser.js';
import { addKey, testRelay } from '../test/helpers/relay.js';
import {
  browserPass,
  bundleSnapshot,
  CPU_SLOWDOWN,
  kib,
  LIGHTHOUSE_CLI,
  lighthousePass,
  median,
  ms,
  NETWORK,
  shift,
  type BrowserPass,
  type LighthousePass,
  type Subject,
} from './first-paint.js';

const RUNS = Number(process.argv[2] ?? 3);
const CHOSEN = (process.argv[3] ?? 'next,astro,sveltekit,nuxt').split(',').filter(Boolean);
for (const name of CHOSEN) if (!FRAMEWORKS[name]) throw new Error(`no framework ${name}: one of ${Object.keys(FRAMEWORKS).join(', ')}`);
/** The publisher's site, as the apps' servers name it to the relay (the key allows it and the browser's 127.0.0.1). */
const SITE = 'https://news.example';

type Variant = 'client-only' | 'server-rendered';
const VARIANTS: Variant[] = ['client-only', 'server-rendered'];

interface App {
  framework: string;
  variant: Variant;
  name: string;
  dir: string;
  running?: RunningApp;
  /** The page's HTML: its bytes on the wire (with the encoding the server chose) and decoded. */
  html?: Wire;
}

interface Wire {
  encoding: string;
  transfer: number;
  decoded: number;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const log = (line: string) => console.error(line);

/** A GET as a browser asks (any of gzip, deflate, br): the body's bytes as sent, its encoding, and its bytes decoded. */
function wire(url: string): Promise<Wire> {
  return new Promise((resolve, reject) =>
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        const decode = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[encoding] ?? ((raw: Buffer) => raw);
        resolve({ encoding, transfer: body.length, decoded: decode(body).length });
      });
    }).on('error', reject),
  );
}

/** Which bytes are Pressbox's (from the relay) and which the framework's (from the app's own server). */
function split(pass: BrowserPass, relayOrigin: string) {
  const sum = (pick: (script: BrowserPass['scripts'][number]) => boolean) =>
    pass.scripts.filter(pick).reduce((total, script) => total + script.bytes, 0);
  const pressbox = (url: string) => url.startsWith(`${relayOrigin}/`);
  return {
    pressboxBefore: sum((script) => pressbox(script.url) && script.beforeData),
    frameworkBefore: sum((script) => !pressbox(script.url) && script.beforeData),
    pressboxTotal: sum((script) => pressbox(script.url)),
    frameworkTotal: sum((script) => !pressbox(script.url)),
  };
}

const started = performance.now();
const work = await mkdtemp(join(tmpdir(), 'pressbox-first-paint-frameworks-'));
const apps: App[] = [];
const browserRuns = new Map<string, BrowserPass[]>();
const lighthouseRuns = new Map<string, LighthousePass[]>();
/** Each app's scripts in its first browser run, for the listing after the tables. */
const scriptLists = new Map<string, BrowserPass['scripts']>();
/** Each script's encoding and decoded size, asked again as a browser asks for it. */
const scriptWires = new Map<string, Wire>();
let relayOrigin = '';
let timings = '';
const relay = await testRelay({
  files: { bundleDir: await bundleSnapshot(join(work, 'cdn')) },
  rateLimit: { perMinute: 1_000_000, burst: 1_000_000 },
});
try {
  relayOrigin = relay.origin;
  const key = await addKey(relay, [new URL(SITE).hostname, 'http://127.0.0.1'], { name: 'first-paint-frameworks' });
  const settings = { relay: relay.origin, key, origin: SITE };
  const answer = await fetch(`${relay.origin}/v1/scores?league=nba&key=${key}`, { headers: { origin: SITE } });
  if (answer.status !== 200) throw new Error(`/v1/scores: ${answer.status} ${await answer.text()}`);
  type Side = { team: { abbreviation: string }; score: number };
  const { games } = (await answer.json()) as { games: { status: string; home: Side; away: Side }[] };
  const subject: Subject = {
    spec: 'score-strip league=nba',
    tag: 'score-strip',
    attributes: { league: 'nba' },
    // Any card with a score, as bench/first-paint.ts looks for it.
    needles: games
      .filter((game) => game.status !== 'scheduled')
      .map((game) => [game.away.team.abbreviation, String(game.away.score), game.home.team.abbreviation, String(game.home.score)]),
  };

  // Installs and builds first, one at a time, and nothing measured while any runs.
  const elements = await packElements(work);
  for (const framework of CHOSEN)
    for (const variant of VARIANTS) {
      const { install, build: buildArgs, env } = FRAMEWORKS[framework]!;
      const name = `${framework}-${variant}`;
      let since = performance.now();
      const fixtures = variant === 'client-only' ? [framework, `${framework}-client-only`] : [framework];
      const dir = await freshProject(work, name, [elements, ...install], fixtures);
      const installed = seconds(since);
      since = performance.now();
      await build(dir, buildArgs, env(settings));
      log(`${name}: install ${installed}, build ${seconds(since)}`);
      apps.push({ framework, variant, name, dir });
    }
  timings += `installs and builds ${seconds(started)}`;

  // Every app's server up at once (idle between pages), so that the runs interleave them all.
  for (const app of apps) {
    const { start, env } = FRAMEWORKS[app.framework]!;
    app.running = await startApp(app.dir, () => [process.execPath, ...start], env(settings));
    const page = await fetch(`${app.running.site}/`);
    const html = await page.text();
    if (page.status !== 200) throw new Error(`${app.name}: ${page.status}\n${html}`);
    const strip = /<score-strip[^>]*\bleague="nba"[^>]*>([\s\S]*?)<\/score-strip>/.exec(html);
    if (!strip) throw new Error(`${app.name}: no <score-strip league="nba"> in the page:\n${html}`);
    const rendered = /<template[^>]*\bshadowrootmode="open"/.test(strip[1]!);
    if (rendered !== (app.variant === 'server-rendered'))
      throw new Error(`${app.name}: the element ${rendered ? 'holds' : 'lacks'} a declarative shadow root:\n${strip[0].slice(0, 500)}`);
    if (!html.includes(`${relay.origin}/pressbox.js`)) throw new Error(`${app.name}: no script tag for the relay's pressbox.js:\n${html}`);
    app.html = await wire(`${app.running.site}/`);
  }

  const measuring = performance.now();
  const browser = await launchChromium();
  try {
    for (let run = 0; run < RUNS; run++)
      for (const app of apps) {
        const pass = await browserPass(browser, `${app.running!.site}/`, subject);
        browserRuns.set(app.name, [...(browserRuns.get(app.name) ?? []), pass]);
        if (!scriptLists.has(app.name)) scriptLists.set(app.name, pass.scripts);
        const parts = split(pass, relay.origin);
        log(
          `browser run ${run + 1} ${app.name}: data at ${ms(pass.firstData)} (FCP ${ms(pass.fcp)}, ${pass.definedAtData ? 'after' : 'before'} the script ran), ` +
            `script ${kib(pass.scriptBytesBeforeData)} before (Pressbox ${kib(parts.pressboxBefore)}, framework ${kib(parts.frameworkBefore)}) / ` +
            `${kib(pass.scriptBytes)} in all, CLS ${shift(pass.cls)}`,
        );
      }
  } finally {
    await browser.close();
  }
  for (const scripts of scriptLists.values())
    for (const script of scripts) if (!scriptWires.has(script.url)) scriptWires.set(script.url, await wire(script.url));
  if (existsSync(LIGHTHOUSE_CLI)) {
    for (let run = 0; run < RUNS; run++)
      for (const app of apps) {
        const pass = await lighthousePass(`${app.running!.site}/`, work, `${app.name}-${run}`);
        lighthouseRuns.set(app.name, [...(lighthouseRuns.get(app.name) ?? []), pass]);
        log(
          `lighthouse run ${run + 1} ${app.name}: FCP ${ms(pass.fcp)}, LCP ${ms(pass.lcp)} (${pass.lcpElement || 'no LCP element'}), ` +
            `CLS ${shift(pass.cls)}, script ${kib(pass.scriptBytes)}`,
        );
      }
  } else log(`No Lighthouse at ${LIGHTHOUSE_CLI} (npm install lighthouse in /tmp/lh, or set LIGHTHOUSE_DIR): its columns say n/a.`);
  timings += `, measuring ${seconds(measuring)}`;
} finally {
  for (const app of apps) await app.running?.stop();
  await relay.close();
  await rm(work, { recursive: true, force: true });
}

const chromium = await new Promise<string>((resolve) =>
  execFile(findBrowser(), ['--version'], (_error, stdout) => resolve(stdout.trim().split('\n').at(-1) ?? '?')),
);
console.log(
  `\nFirst paint with data in framework apps, <score-strip league="nba">, medians of ${RUNS} runs (${chromium}; ${timings}, ` +
    `${seconds(started)} in all). FCP, LCP, CLS, total script: Lighthouse, mobile, simulated throttling (150 ms RTT, 1.6 Mbps, ` +
    `CPU ×4). First paint with data and script before it: puppeteer-core, CPU ×${CPU_SLOWDOWN}, ${NETWORK.latency} ms latency, ` +
    `${(NETWORK.download * 8) / 1e6} Mbps down, the first frame whose element shows its data.\n`,
);
const lcpMark = (runs: LighthousePass[]) => {
  const missing = runs.filter((run) => !run.lcpElement).length;
  return missing ? ` † ${missing}/${runs.length}` : '';
};
console.log('| framework | variant | FCP | LCP | CLS | first paint with data | script before data | total script |');
console.log('| --- | --- | --: | --: | --: | --: | --: | --: |');
for (const app of apps) {
  const lighthouse = lighthouseRuns.get(app.name) ?? [];
  const browser = browserRuns.get(app.name) ?? [];
  const of = <T>(runs: T[], pick: (run: T) => number) => median(runs.map(pick));
  console.log(
    `| ${app.framework} | ${app.variant} | ${ms(of(lighthouse, (run) => run.fcp))} | ${ms(of(lighthouse, (run) => run.lcp))}${lcpMark(lighthouse)} | ` +
      `${shift(of(lighthouse, (run) => run.cls))} | ${ms(of(browser, (run) => run.firstData))} | ` +
      `${kib(of(browser, (run) => run.scriptBytesBeforeData))} | ` +
      `${kib(lighthouse.length ? of(lighthouse, (run) => run.scriptBytes) : of(browser, (run) => run.scriptBytes))} |`,
  );
}
if ([...lighthouseRuns.values()].some((runs) => lcpMark(runs)))
  console.log(
    '\n† in that many runs Chrome recorded no LCP candidate (Lighthouse found no LCP element and reported the time of the ' +
      'last LCP invalidation instead): read that LCP as "none".',
  );

console.log(
  `\nThe second pass alone (puppeteer-core), medians, its script bytes (as received, the encoding each server chose) split by ` +
    `address: Pressbox's from the relay (${relayOrigin}), the framework's from the app's own server. HTML: the page's ` +
    `document on the wire / decoded (its inline scripts, such as hydration data, are in it, not in the script columns).\n`,
);
console.log(
  '| framework | variant | FCP | first paint with data | data after the script ran | CLS | script before data: Pressbox | ' +
    'script before data: framework | total script: Pressbox | total script: framework | HTML |',
);
console.log('| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
for (const app of apps) {
  const runs = browserRuns.get(app.name) ?? [];
  const of = (pick: (run: BrowserPass) => number) => median(runs.map(pick));
  const part = (pick: (parts: ReturnType<typeof split>) => number) => kib(of((run) => pick(split(run, relayOrigin))));
  const html = app.html ? `${kib(app.html.transfer)} ${app.html.encoding} / ${kib(app.html.decoded)}` : 'n/a';
  console.log(
    `| ${app.framework} | ${app.variant} | ${ms(of((run) => run.fcp))} | ${ms(of((run) => run.firstData))} | ` +
      `${runs.filter((run) => run.definedAtData).length}/${runs.length} | ${shift(of((run) => run.cls))} | ` +
      `${part((parts) => parts.pressboxBefore)} | ${part((parts) => parts.frameworkBefore)} | ` +
      `${part((parts) => parts.pressboxTotal)} | ${part((parts) => parts.frameworkTotal)} | ${html} |`,
  );
}

console.log(
  '\nThe scripts of each page in its first run: bytes as received (* before the first frame with data), whose, the ' +
    'encoding its server chose and its size decoded, its path:\n',
);
for (const app of apps) {
  const scripts = scriptLists.get(app.name) ?? [];
  console.log(`- ${app.name}: ${scripts.length} scripts`);
  for (const script of scripts) {
    const encoded = scriptWires.get(script.url);
    console.log(
      `  - ${script.beforeData ? '*' : ' '} ${kib(script.bytes)} ${script.url.startsWith(`${relayOrigin}/`) ? 'pressbox' : 'framework'} ` +
        `(${encoded ? `${encoded.encoding}, ${kib(encoded.decoded)} decoded` : '?'}) ${script.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')}`,
    );
  }
}
