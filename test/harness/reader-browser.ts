// One way to drive the three engines readers use, for the end-to-end pages and the screenshots: Chromium and Firefox
// through puppeteer-core (CDP, WebDriver BiDi), WebKit through WebKitWebDriver (WebDriver classic). Only what every
// engine's driver can do is offered; anything else is measured inside the page.
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { remote } from 'webdriverio';
import { CHROMIUM_ARGS, findBrowser, findFirefox, type Engine } from './browser.js';
import { startWebKitDriver, type WebKitDriver } from './webkit-driver.js';

export interface ReaderPage {
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (sent as source: it must not use anything from outside its own body). */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  waitFor<A>(fn: (arg: A) => boolean, arg: A, timeoutMs?: number): Promise<void>;
  screenshot(selector: string, path: string): Promise<void>;
  /** A reader's click (the driver's, with the user activation a script's click() lacks) on `inner` in `host`'s shadow root. */
  clickInShadow(host: string, inner: string): Promise<void>;
  close(): Promise<void>;
}

export interface ReaderBrowser {
  engine: Engine;
  /** The narrowest layout viewport the engine's window can have here (0: any). */
  narrowestWidth: number;
  /** A page whose layout viewport is `width` × `height` CSS pixels. */
  newPage(width: number, height?: number): Promise<ReaderPage>;
  close(): Promise<void>;
}

export interface ReaderBrowserOptions {
  /** A made-up host name the browser reaches at `server` (an HTTP server on this machine that also answers proxy-form requests). */
  alias?: { host: string; server: { host: string; port: number } };
}

/** tsx compiles functions with esbuild's keepNames, whose helper a page does not have: each page gets it on arrival. */
export const KEEP_NAMES_HELPER = 'globalThis.__name = (target) => target;';

/**
 * Run in the page before anything else (`page.evaluateOnNewDocument(recordLayoutShifts)`): sums the layout shifts a
 * reader would have seen (not those right after input) in `window.__layout.shift`, and says what moved in `sources`
 * (its element, with the element whose shadow root holds it, and where it went).
 */
export function recordLayoutShifts(): void {
  type Rect = { x: number; y: number; width: number; height: number };
  const seen = { shift: 0, sources: [] as string[] };
  Object.assign(window, { __layout: seen });
  const box = (rect: Rect) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      seen.shift += entry.value;
      const moved = entry.sources.map((source) => {
        const node = source.node instanceof Element ? source.node : (source.node?.parentNode as Element | null | undefined);
        const host = (node?.getRootNode() as ShadowRoot | undefined)?.host;
        const where = node ? `${host ? `${host.localName} ` : ''}${node.localName}` : '(gone)';
        return `${where} ${box(source.previousRect)} → ${box(source.currentRect)}`;
      });
      seen.sources.push(`${entry.value.toFixed(4)}: ${moved.join('; ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** What `recordLayoutShifts` has seen so far (`page.evaluate(layoutShifts)`). */
export function layoutShifts(): { shift: number; sources: string[] } {
  return (window as unknown as { __layout: { shift: number; sources: string[] } }).__layout;
}

/** As a screenshot tool's "animations disabled": pictures of one instant, the same each run. */
export const STILL_RULES = ['*, *::before, *::after { animation: none !important; transition: none !important; }'];

/**
 * Run in the page (`page.evaluate(adoptInElements, …)`): adopts `rules` in the document and in the shadow root of the
 * first element of each of `tags`, where a re-render cannot take them out again.
 */
export function adoptInElements({ tags, rules }: { tags: readonly string[]; rules: readonly string[] }): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(rules.join('\n'));
  for (const root of [document, ...tags.map((tag) => document.querySelector(tag)!.shadowRoot!)])
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * How long a page may take to reach a state before the test says it never did: a guard against a page that hangs,
 * not a speed check, so generous enough for a machine running two suites at once.
 */
const PAGE_STATE_WAIT_MS = 90_000;

async function waitInPage(evaluate: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await evaluate())) {
    if (Date.now() - started > timeoutMs) throw new Error(`the page did not reach the expected state within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function puppeteerPage(page: PuppeteerPage): ReaderPage {
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> =>
    (await page.evaluate(fn as (arg: unknown) => unknown, arg as unknown)) as R;
  return {
    goto: async (url) => {
      await page.goto(url);
      await page.evaluate(KEEP_NAMES_HELPER);
    },
    evaluate,
    waitFor: (fn, arg, timeoutMs = PAGE_STATE_WAIT_MS) => waitInPage(() => evaluate(fn, arg), timeoutMs),
    screenshot: async (selector, path) => {
      const element = await page.$(selector);
      if (!element) throw new Error(`no ${selector} on the page to take a picture of`);
      await element.screenshot({ path: path as `${string}.png` });
    },
    clickInShadow: async (host, inner) => {
      await page.click(`${host} >>> ${inner}`);
    },
    close: () => page.close(),
  };
}

/**
 * Chromium with puppeteer's whole page API, for the checks that only Chromium can make (layout shift, CPU throttling,
 * media emulation) and the Chromium-only suites: `hosts` are made-up names it resolves to `address`.
 */
export function launchChromium(hosts: string[] = [], address = '127.0.0.1'): Promise<PuppeteerBrowser> {
  return puppeteer.launch({
    executablePath: findBrowser(),
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      ...(hosts.length ? [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} ${address}`).join(', ')}`] : []),
    ],
  });
}

/**
 * Holds back a Chromium page's requests that `slow` picks by `ms`, then lets them through (or fails them, where
 * `fail`), as a slow or broken network would; every other request goes at once.
 */
export async function slowRequests(page: PuppeteerPage, slow: (url: URL) => boolean, ms: number, fail = false): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (!slow(new URL(request.url()))) return void request.continue();
    setTimeout(() => void (fail ? request.abort() : request.continue()), ms);
  });
}

async function launchPuppeteer(engine: 'chromium' | 'firefox', options: ReaderBrowserOptions): Promise<ReaderBrowser> {
  const alias = options.alias;
  const browser: PuppeteerBrowser =
    engine === 'chromium'
      ? await launchChromium(alias ? [alias.host] : [], alias?.server.host)
      : await puppeteer.launch({
          browser: 'firefox',
          executablePath: findFirefox(),
          headless: true,
          // Firefox resolves the listed names to this machine (the server listens on the loopback address).
          extraPrefsFirefox: alias ? { 'network.dns.localDomains': alias.host } : {},
        });
  return {
    engine,
    narrowestWidth: 0,
    newPage: async (width, height = 900) => {
      const page = await browser.newPage();
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      return puppeteerPage(page);
    },
    close: () => browser.close(),
  };
}

/** Tries to start MiniBrowser this many times, each with a new driver and display, before it gives up. */
const WEBKIT_SESSION_TRIES = 3;
/** A session normally starts within seconds, even on a loaded machine. */
const WEBKIT_SESSION_TIMEOUT_MS = 60_000;

/**
 * One WebKit session. MiniBrowser under WebKitWebDriver sometimes never answers its first session request (seen once
 * in CI after the browser suite): that driver is stopped and a fresh one started, rather than the whole run failing.
 */
async function startWebKitSession(options: ReaderBrowserOptions): Promise<{ driver: WebKitDriver; browser: WebdriverIO.Browser }> {
  const alias = options.alias;
  // WebKitGTK has no host-mapping switch: the made-up host is reached through the server acting as its proxy.
  const proxy = alias && {
    proxy: { proxyType: 'manual', httpProxy: `${alias.server.host}:${alias.server.port}`, noProxy: ['127.0.0.1', 'localhost'] },
  };
  for (let attempt = 1; ; attempt++) {
    const driver = await startWebKitDriver();
    const session = remote({
      hostname: driver.hostname,
      port: driver.port,
      path: '/',
      logLevel: 'error',
      connectionRetryTimeout: 60_000,
      capabilities: { ...driver.capabilities, ...proxy } as WebdriverIO.Capabilities,
    });
    // webdriver retries a session request that gets no answer, each time with another MiniBrowser: bounded here.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no session within ${WEBKIT_SESSION_TIMEOUT_MS / 1000} s`)), WEBKIT_SESSION_TIMEOUT_MS);
    });
    try {
      return { driver, browser: await Promise.race([session, gaveUp]) };
    } catch (error) {
      session.catch(() => undefined);
      driver.stop();
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt === WEBKIT_SESSION_TRIES)
        throw new Error(`MiniBrowser did not start under WebKitWebDriver in ${attempt} tries: ${reason}`);
      console.error(`webkit: MiniBrowser did not start (${reason}); trying again with a new driver`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The layout viewport's size once a resize has settled: MiniBrowser has been seen to answer right after one with the
 * size before it (a 1280 px viewport in a window just made 320 px wide), or with nothing.
 */
async function settledViewportOf(browser: WebdriverIO.Browser): Promise<[number, number]> {
  let previous = '';
  for (let attempt = 1; ; attempt++) {
    const size: unknown = await browser.execute(() => [window.innerWidth, window.innerHeight]);
    const valid = Array.isArray(size) && size.length === 2 && size.every((value) => Number.isFinite(value) && value > 0);
    if (valid && JSON.stringify(size) === previous) return size as [number, number];
    if (attempt === 20) throw new Error(`MiniBrowser's viewport did not settle (last read ${JSON.stringify(size)})`);
    previous = valid ? JSON.stringify(size) : '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function launchWebKit(options: ReaderBrowserOptions): Promise<ReaderBrowser> {
  // One session (one window) for every page: starting a MiniBrowser per page is slow and piles up processes.
  const { driver, browser } = await startWebKitSession(options);
  // MiniBrowser's toolbar keeps its window from getting narrower than this (447 px here).
  await browser.setWindowSize(200, 900);
  const narrowestWidth = (await browser.execute(() => window.innerWidth)) as number;
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> =>
    (await browser.execute(fn as (arg: unknown) => unknown, arg as unknown)) as R;
  const page: ReaderPage = {
    goto: async (url) => {
      await browser.url(url);
      await browser.execute(KEEP_NAMES_HELPER);
    },
    evaluate,
    waitFor: (fn, arg, timeoutMs = PAGE_STATE_WAIT_MS) => waitInPage(() => evaluate(fn, arg), timeoutMs),
    screenshot: async (selector, path) => {
      await evaluate((target) => document.querySelector(target)!.scrollIntoView({ block: 'start' }), selector);
      await browser.$(selector).saveScreenshot(path);
    },
    clickInShadow: async (host, inner) => {
      await browser.$(host).shadow$(inner).click();
    },
    close: async () => {
      await browser.url('about:blank');
    },
  };
  return {
    engine: 'webkit',
    narrowestWidth,
    newPage: async (width, height = 900) => {
      if (width < narrowestWidth) throw new Error(`MiniBrowser's window is at least ${narrowestWidth} px wide; ${width} px was asked for`);
      await browser.url('about:blank');
      // The window size includes its frame: grow it until the layout viewport is what was asked for.
      await browser.setWindowSize(width, height);
      const [innerWidth, innerHeight] = await settledViewportOf(browser);
      if (innerWidth !== width || innerHeight !== height)
        await browser.setWindowSize(width + (width - innerWidth), height + (height - innerHeight));
      return page;
    },
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      driver.stop();
    },
  };
}

/** A browser of `engine` as a reader has it: headless where the engine can be, a virtual display where not. */
export function launchReaderBrowser(engine: Engine, options: ReaderBrowserOptions = {}): Promise<ReaderBrowser> {
  return engine === 'webkit' ? launchWebKit(options) : launchPuppeteer(engine, options);
}
