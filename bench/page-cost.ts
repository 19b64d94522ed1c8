// What the widgets cost the page that embeds them, in headless Chromium: main-thread blocking time (TBT) from
// navigation to every element's first data, the share of it spent in our scripts (Long Animation Frames name the
// script of each long frame), and the layout shift (CLS) over the same span. The demo gallery, served cross-origin.
import { launchChromium } from '../test/harness/reader-browser.js';
import { startDemoSite } from '../src/demo/server.js';
import { createKey } from '../src/relay/key-service/service.js';
import { silentLogger } from '../src/relay/base/logger.js';
import { startRelay } from '../src/relay/server.js';

const TAGS = ['score-ticker', 'score-strip', 'game-header', 'win-probability', 'player-props', 'last-five', 'injury-report'];
const RUNS = 3;

export interface PageCost {
  cpuSlowdown: number;
  /** Medians over the runs. */
  totalBlockingTimeMs: number;
  ourBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  firstDataEverywhereMs: number;
  /** What moved, when anything did. */
  shiftedNodes: string[];
}

interface Observed {
  longTasks: { start: number; duration: number }[];
  frames: { start: number; blocking: number; scripts: { url: string; duration: number }[] }[];
  shifts: { start: number; value: number; sources: string[] }[];
  loads: Record<string, number>;
}

/** Plain JavaScript (a string): functions passed from here would carry the TypeScript loader's helpers with them. */
const OBSERVER_SCRIPT = `
  const seen = { longTasks: [], frames: [], shifts: [], loads: {} };
  window.__pageCost = seen;
  const observe = (type, take) => new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
  observe('longtask', (entry) => seen.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('long-animation-frame', (entry) => seen.frames.push({
    start: entry.startTime,
    blocking: entry.blockingDuration,
    scripts: entry.scripts.map((script) => ({ url: script.sourceURL, duration: script.duration })),
  }));
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput)
      seen.shifts.push({ start: entry.startTime, value: entry.value, sources: entry.sources.map((source) => source.node ? (source.node.localName || source.node.nodeName) + (source.node.id ? '#' + source.node.id : '') : '?') });
  });
  addEventListener('pb-load', (event) => { seen.loads[event.target.localName] ??= performance.now(); }, true);
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function pageCost(cpuSlowdowns: number[] = [1, 4]): Promise<PageCost[]> {
  const relay = await startRelay({
    port: 0,
    db: ':memory:',
    logger: silentLogger,
    files: { bundleDir: 'dist/cdn' },
    sandbox: { calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 },
  });
  const key = (await createKey(relay.store, { plan: 'pro', domains: ['localhost'], name: 'bench', test: false }, Date.now())).key;
  const site = await startDemoSite({ demoDir: 'demo', relayOrigin: relay.origin, demoKey: () => key });
  const browser = await launchChromium();
  const results: PageCost[] = [];
  try {
    for (const slowdown of cpuSlowdowns) {
      const runs: { tbt: number; ours: number; cls: number; firstData: number }[] = [];
      const shiftedNodes = new Set<string>();
      for (let run = 0; run < RUNS; run++) {
        // A fresh context per run: nothing cached, as for a first visit.
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport({ width: 1040, height: 3400 });
        await page.emulateCPUThrottling(slowdown);
        await page.evaluateOnNewDocument(OBSERVER_SCRIPT);
        await page.goto(`${site.origin}/`);
        await page
          .waitForFunction((tags) => tags.every((tag) => (window as any).__pageCost.loads[tag] !== undefined), { timeout: 60_000 }, TAGS)
          .catch(async (error: Error) => {
            const loaded = await page.evaluate(() => Object.keys((window as any).__pageCost.loads));
            throw new Error(`Not every element showed data on the gallery (loaded: ${loaded.join(', ')}): ${error.message}`);
          });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const seen = (await page.evaluate(() => (window as any).__pageCost)) as Observed;
        const end = Math.max(...Object.values(seen.loads));
        const within = <T extends { start: number }>(entries: T[]) => entries.filter((entry) => entry.start <= end);
        const tbt = within(seen.longTasks).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
        // Long tasks do not say whose code ran; long animation frames list their scripts, so our share of script time
        // in long frames apportions the blocking time.
        const scripts = within(seen.frames).flatMap((frame) => frame.scripts);
        const scriptTime = scripts.reduce((sum, script) => sum + script.duration, 0);
        const ourTime = scripts.filter((script) => script.url.startsWith(relay.origin)).reduce((sum, script) => sum + script.duration, 0);
        const ours = scriptTime > 0 ? (tbt * ourTime) / scriptTime : 0;
        const cls = within(seen.shifts).reduce((sum, shift) => sum + shift.value, 0);
        runs.push({ tbt, ours, cls, firstData: end });
        for (const shift of within(seen.shifts)) shift.sources.forEach((source) => shiftedNodes.add(source.split(' ')[0]!));
        await context.close();
      }
      results.push({
        cpuSlowdown: slowdown,
        totalBlockingTimeMs: Math.round(median(runs.map((run) => run.tbt))),
        ourBlockingTimeMs: Math.round(median(runs.map((run) => run.ours))),
        cumulativeLayoutShift: Math.round(median(runs.map((run) => run.cls)) * 1000) / 1000,
        firstDataEverywhereMs: Math.round(median(runs.map((run) => run.firstData))),
        shiftedNodes: [...shiftedNodes],
      });
    }
  } finally {
    await browser.close();
    await site.close();
    await relay.close();
  }
  return results;
}
