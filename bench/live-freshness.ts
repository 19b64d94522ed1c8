// How soon a live score reaches a reader, and what it costs upstream (issue 42): the embedded sandbox on a real-time
// clock as the upstream, one reader following the leagues' scores over the relay's live stream. Every score change is
// timed from the moment the sandbox has it (read every 250 ms from the sandbox's own schedule, as its /live-games
// would answer) to the stream event that carries it; the relay's upstream units are read from the sandbox's account.
import { REFRESH_MS } from '../src/contract/refresh.js';
import { createKey } from '../src/relay/key-service/service.js';
import { silentLogger } from '../src/relay/base/logger.js';
import { startRelay } from '../src/relay/server.js';
import { leaguesOn } from '../src/sandbox/leagues.js';
import { liveGame } from '../src/sandbox/present.js';
import { currentGames, snapshot } from '../src/sandbox/schedule.js';

const ORIGIN = 'https://example.com';
const WATCH_MS = 250;

export interface LiveFreshness {
  rhythm: LiveRhythm;
  leagues: string[];
  changes: number;
  delivered: number;
  p50Ms: number;
  p95Ms: number;
  unitsPerMinute: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;

/** The calendar the relay's sandbox plays below: every league every day, so seven leagues are live at once. */
const CALENDAR = 'round-the-clock';
const PLAYED = leaguesOn(CALENDAR);

/** The sandbox's own scores now, on the relay's calendar: `league/gameId` → "home-away", for games in progress. */
function sandboxScores(league: string, now: number): Map<string, string> {
  const scores = new Map<string, string>();
  for (const game of currentGames(PLAYED[league.toUpperCase() as keyof typeof PLAYED], now)) {
    const shown = liveGame(snapshot(game, now), now);
    if (shown.status === 'live') scores.set(`${league}/${shown.gameId}`, `${shown.homeTeam.score}-${shown.awayTeam.score}`);
  }
  return scores;
}

/** Follows the topics over the relay's live stream and calls `onScores` with each event's games and its arrival. */
async function follow(url: string, onScores: (scores: Map<string, string>, at: number) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { headers: { origin: ORIGIN, accept: 'text/event-stream' }, signal });
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (!event.startsWith('event: update') || !data) continue;
        const { data: payload } = JSON.parse(data) as {
          data: {
            games: Array<{ id: string; league: string; status: string; home: { score: number | null }; away: { score: number | null } }>;
          };
        };
        const scores = new Map<string, string>();
        for (const game of payload.games)
          if (game.status === 'live') scores.set(`${game.league}/${game.id}`, `${game.home.score}-${game.away.score}`);
        onScores(scores, performance.now());
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/** `fixed`: every watched live topic polled every 10 s, as before the pace (REFRESH_MS.live); `paced`: live/pace.ts. */
export type LiveRhythm = 'fixed' | 'paced';

export async function liveFreshness(options: {
  start: string;
  durationMs: number;
  leagues: string[];
  rhythm: LiveRhythm;
}): Promise<LiveFreshness> {
  const fixed = { floorMs: REFRESH_MS.live, ceilingMs: REFRESH_MS.live };
  const relay = await startRelay({
    port: 0,
    db: ':memory:',
    logger: silentLogger,
    sandbox: { calendar: CALENDAR, now: Date.parse(options.start), rate: 1 },
    live: { pace: options.rhythm === 'fixed' ? fixed : {} },
  });
  const abort = new AbortController();
  try {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
    const url = new URL('/v1/live', relay.origin);
    url.searchParams.set('key', key);
    for (const league of options.leagues) {
      url.searchParams.append('topic', `/v1/scores?league=${league}`);
      url.searchParams.append('have', '');
    }
    /** When the sandbox first had each score, and when the reader first got it. */
    const upstreamAt = new Map<string, number>();
    const readerAt = new Map<string, number>();
    const unitsBefore = relay.sandbox.accounts.used('sk_sandbox_pro');
    const startedAt = performance.now();
    const reading = follow(
      url.toString(),
      (scores, at) => {
        for (const [game, score] of scores) if (!readerAt.has(`${game} ${score}`)) readerAt.set(`${game} ${score}`, at);
      },
      abort.signal,
    );
    const seen = new Map<string, string>();
    while (performance.now() - startedAt < options.durationMs) {
      const now = relay.sandbox.clock.now();
      const at = performance.now();
      for (const league of options.leagues)
        for (const [game, score] of sandboxScores(league, now)) {
          // A change, not the first look: the reader's first event carries the scores it started with.
          if (seen.has(game) && seen.get(game) !== score && !upstreamAt.has(`${game} ${score}`)) upstreamAt.set(`${game} ${score}`, at);
          seen.set(game, score);
        }
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    }
    // The last changes get the longest poll interval to arrive.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const minutes = (performance.now() - startedAt) / 60_000;
    const units = relay.sandbox.accounts.used('sk_sandbox_pro') - unitsBefore;
    abort.abort();
    await reading;
    const delays = [...upstreamAt]
      .filter(([change]) => readerAt.has(change))
      .map(([change, at]) => Math.max(0, readerAt.get(change)! - at))
      .sort((a, b) => a - b);
    return {
      rhythm: options.rhythm,
      leagues: options.leagues,
      changes: upstreamAt.size,
      delivered: delays.length,
      p50Ms: percentile(delays, 0.5),
      p95Ms: percentile(delays, 0.95),
      unitsPerMinute: units / minutes,
    };
  } finally {
    abort.abort();
    await relay.close();
  }
}

// `node --import tsx bench/live-freshness.ts [minutes] [fixed|paced]`: one run on its own, printed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const minutes = Number(process.argv[2] ?? 4);
  const result = await liveFreshness({
    start: '2026-11-22T01:30:00Z',
    durationMs: minutes * 60_000,
    leagues: ['nba', 'nhl', 'ncaab', 'nfl', 'cfb', 'wnba', 'mls'],
    rhythm: process.argv[3] === 'fixed' ? 'fixed' : 'paced',
  });
  console.log(JSON.stringify(result));
}
