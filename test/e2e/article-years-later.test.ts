// A newsroom's recap, read a year later: the relay served a game from tip-off to the final (recording its win
// probability) and the day's standings; then it is restarted on the same store with its and the sandbox's clocks a
// year on, and an article page on another origin shows the game header, the whole curve and the standings pinned to
// that day, in each of the three engines readers use (PRESSBOX_ENGINES narrows them), at a phone's and a desktop's
// width, without costing the data service a unit. PRESSBOX_SCREENSHOTS=DIR keeps a picture of each page.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { selectedEngines } from '../harness/browser.js';
import { readerClockScript } from '../harness/fixed-slate.js';
import { launchReaderBrowser } from '../harness/reader-browser.js';
import { burstFor } from '../../src/relay/base/defaults.js';
import { createKey } from '../../src/relay/key-service/service.js';
import { silentLogger } from '../../src/relay/base/logger.js';
import { startRelay, type RunningRelay } from '../../src/relay/server.js';

const GAME_NIGHT = Date.parse('2026-11-22T18:00:00Z');
const A_YEAR_LATER = GAME_NIGHT + 365 * 86_400_000;
const DAY = new Date(GAME_NIGHT).toISOString().slice(0, 10);

let dir = '';
let key = '';
let gameId = '';
let relay: RunningRelay;
let pages: Server;
let pageOrigin = '';

/** A relay on the article's store whose clock and sandbox stand at `at` (moved by hand). */
async function relayAt(at: number): Promise<{ relay: RunningRelay; setNow(ms: number): void }> {
  let now = at;
  const started = await startRelay({
    port: 0,
    db: join(dir, 'relay.db'),
    journal: ':memory:',
    logger: silentLogger,
    now: () => now,
    sandbox: { calendar: 'round-the-clock', now: at, rate: 0 },
    recorder: { everyMs: 0 },
    files: { bundleDir: 'dist/cdn' },
    rateLimit: { perMinute: 100_000, burst: burstFor(100_000) },
  });
  return {
    relay: started,
    setNow(ms) {
      now = ms;
      started.sandbox.clock.set(ms);
      started.cache.clear();
    },
  };
}

const unitsSpent = async (running: RunningRelay): Promise<number> =>
  (
    (await (await fetch(`${running.sandbox.baseUrl}/me`, { headers: { 'x-api-key': 'sk_sandbox_pro' } })).json()) as {
      usage: { used: number };
    }
  ).usage.used;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pressbox-article-'));
  // Game night: the relay follows an NBA game from tip-off until it is final, and readers see the day's standings.
  const night = await relayAt(GAME_NIGHT);
  key = (await createKey(night.relay.store, { plan: 'pro', domains: ['127.0.0.1'], name: 'The Daily Courier', test: false }, GAME_NIGHT))
    .key;
  const get = async (path: string) =>
    (await fetch(`${night.relay.origin}${path}&key=${key}`, { headers: { origin: 'http://127.0.0.1' } })).json() as Promise<any>;
  const scores = await get('/v1/scores?league=nba');
  const game = scores.games.find((candidate: { status: string }) => candidate.status === 'live');
  gameId = game.id;
  let status = 'live';
  for (let at = Date.parse(game.startTime); status !== 'final'; at += 4 * 60_000) {
    assert.ok(at < GAME_NIGHT + 6 * 3_600_000, 'the game ends within six hours');
    night.setNow(at);
    status = (await get(`/v1/win-probability?league=nba&gameId=${gameId}`)).status;
  }
  assert.equal((await get(`/v1/games/${gameId}?league=nba`)).game.status, 'final');
  await get('/v1/standings?league=nba');
  // The day's snapshot is written after the answer has left.
  for (let tries = 0; !(await night.relay.store.keptPayload(`live:/v1/standings?league=nba@${DAY}`)); tries++) {
    assert.ok(tries < 100, 'the standings snapshot was kept');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await night.relay.close();

  // A year later, restarted on the same store.
  relay = (await relayAt(A_YEAR_LATER)).relay;
  pages = createServer((_, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Recap: a night to remember</title><link rel="icon" href="data:,">${readerClockScript(A_YEAR_LATER)}
<link rel="stylesheet" href="${relay.origin}/pressbox.css">
<script type="module" src="${relay.origin}/pressbox.js" data-key="${key}"></script>
<style>body{font:16px/1.5 Georgia,serif;margin:0 auto;max-width:46rem;padding:1rem}</style></head>
<body><article><h1>Recap: a night to remember</h1><p>Published ${DAY}.</p>
<game-header league="nba" game-id="${gameId}" date="${game.startTime.slice(0, 10)}"></game-header>
<p>How the chances moved:</p>
<win-probability league="nba" game-id="${gameId}" date="${game.startTime.slice(0, 10)}"></win-probability>
<p>The table that night:</p>
<standings-table league="nba" as-of="${DAY}"></standings-table>
</article></body></html>`);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise((resolve) => pages?.close(resolve));
  await relay?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the three elements show, read inside the page. */
function shown(): { status: string; day: string; points: number; source: string; notice: string; rows: number; errors: number } {
  const root = (tag: string) => document.querySelector(tag)!.shadowRoot!;
  return {
    status: root('game-header').querySelector('[part="status"]')?.textContent?.trim() ?? '',
    day: root('game-header').querySelector('.when')?.textContent?.trim() ?? '',
    points: root('win-probability').querySelectorAll('path').length,
    source: root('win-probability').querySelector('.source')?.textContent?.trim() ?? '',
    notice: root('standings-table').querySelector('[part="notice"]')?.textContent?.trim() ?? '',
    rows: root('standings-table').querySelectorAll('tbody tr').length,
    errors: [...document.querySelectorAll('game-header, win-probability, standings-table')].filter((element) =>
      element.shadowRoot?.querySelector('[part="message"]'),
    ).length,
  };
}

describe('an article read a year after its game', () => {
  for (const engine of selectedEngines()) {
    it(`${engine}: the final score, its day, the whole curve and the standings as of that day, at no upstream cost`, async () => {
      const browser = await launchReaderBrowser(engine);
      try {
        const spent = await unitsSpent(relay);
        for (const width of [375, 1280]) {
          const page = await browser.newPage(Math.max(width, browser.narrowestWidth), 1600);
          await page.goto(`${pageOrigin}/`);
          // Each element with its data (the part that only data has), or with a message saying why not.
          await page.waitFor(
            (parts: Record<string, string>) =>
              Object.entries(parts).every(([tag, part]) => {
                const root = document.querySelector(tag)?.shadowRoot;
                return Boolean(root?.querySelector(part) || root?.querySelector('[part="message"]')?.textContent?.trim());
              }),
            { 'game-header': '[part="status"]', 'win-probability': 'path', 'standings-table': '[part="notice"]' },
          );
          const seen = await page.evaluate(shown);
          assert.equal(seen.errors, 0, `${engine} ${width}px: no element shows an error`);
          assert.match(seen.status, /^Final(\/OT)?$/, `${engine} ${width}px: the final`);
          assert.equal(seen.day, 'Sun, Nov 22', `${engine} ${width}px: and its day`);
          assert.ok(seen.points > 0, `${engine} ${width}px: the curve is drawn`);
          assert.equal(seen.source, 'Final result · Nov 22', `${engine} ${width}px: the curve says its day`);
          assert.equal(seen.notice, 'As of Nov 22');
          assert.equal(seen.rows, 30);
          if (process.env.PRESSBOX_SCREENSHOTS)
            await page.screenshot('article', join(process.env.PRESSBOX_SCREENSHOTS, `article-a-year-later-${engine}-${width}.png`));
          await page.close();
        }
        assert.equal(await unitsSpent(relay), spent, 'kept answers cost the data service nothing');
      } finally {
        await browser.close();
      }
    });
  }
});
