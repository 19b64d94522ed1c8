// A relay and its sandbox stopped at one instant with games in every state, so pictures of the elements change only
// when the elements do: `npm run screenshots` and the visual check in `npm test` (test/e2e/visual.test.ts).
import { burstFor } from '../../src/relay/base/defaults.js';
import { createKey } from '../../src/relay/key-service/service.js';
import { silentLogger } from '../../src/relay/base/logger.js';
import { startRelay, type RunningRelay } from '../../src/relay/server.js';
import { featuredGame } from './publisher-page.js';

/** Sunday 22 November 2026, 18:00 UTC: NBA games live, others final and to come, an NFL injury report, MLB probables. */
export const SANDBOX_TIME = Date.parse('2026-11-22T18:00:00Z');

export interface FixedSlate {
  relay: RunningRelay;
  /** A key for the pages' hosts (localhost and 127.0.0.1). */
  key: string;
  /** A key for another site only: every element on these hosts shows the origin error. */
  foreignKey: string;
  /** The NBA game in progress, with its win-probability curve recorded since tip-off. */
  gameId: string;
  /** A scheduled MLB game (the pitching matchup's). */
  mlbGameId: string;
  close(): Promise<void>;
}

export async function startFixedSlate(): Promise<FixedSlate> {
  // Relay and sandbox share one clock, so the relay's win-probability history is stamped in game time.
  let now = SANDBOX_TIME;
  const relay = await startRelay({
    port: 0,
    db: ':memory:',
    logger: silentLogger,
    now: () => now,
    sandbox: { calendar: 'round-the-clock', now: SANDBOX_TIME, rate: 0 },
    files: { bundleDir: 'dist/cdn' },
    // One address loads many pages of eleven elements in a minute here, above a reader's limit.
    rateLimit: { perMinute: 100_000, burst: burstFor(100_000) },
  });
  const newKey = async (domains: string[], name: string, test: boolean) =>
    (await createKey(relay.store, { plan: 'pro', domains, name, test }, SANDBOX_TIME)).key;
  const key = await newKey(['localhost', '127.0.0.1'], 'fixed slate', true);
  // A live key: a test key also works on this machine's own hosts.
  const foreignKey = await newKey(['courier.example'], 'another site', false);
  const get = (path: string) =>
    fetch(`${relay.origin}${path}&key=${key}`, { headers: { origin: 'http://127.0.0.1' } }).then((response) => response.json());

  // Walks both clocks from tip-off to the instant, so the relay records the live game's probability curve.
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
  const mlbGameId = featuredGame((await get('/v1/scores?league=mlb')).games, 'scheduled');
  return { relay, key, foreignKey, gameId: game.id, mlbGameId, close: () => relay.close() };
}

/**
 * A page script that sets the reader's clock to the slate's instant (then lets it run), so "today", weekdays and ages
 * read the same on any day the pictures are taken.
 */
export function readerClockScript(at: number): string {
  return `<script>(() => { const Real = Date, offset = ${at} - Real.now();
globalThis.Date = class extends Real { constructor(...args) { super(...(args.length ? args : [Real.now() + offset])); } static now() { return Real.now() + offset; } };
})();</script>`;
}
