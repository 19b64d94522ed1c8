import { WIDGET_LEAGUES } from '../../contract/leagues.js';
import type { InterestStore } from '../store/types.js';

/** A league counts as asked for again after this long (so a busy league costs the store one write a minute per process). */
const NOTE_EVERY_MS = 60_000;
const KNOWN = new Set<string>(WIDGET_LEAGUES);

/**
 * Which leagues readers asked any relay or worker on the store for lately, per upstream (`live`, or `test`: the sandbox
 * test keys use): the recorder's default leagues. Kept apart so that what test keys ask for never makes the recorder
 * spend the paid upstream's units.
 */
export interface LeagueInterest {
  /** The leagues of one validated request (`nba` or `nba,nhl`) served from `upstream`; anything not a league is ignored. */
  note(leagues: string, upstream: string): void;
  /** Leagues asked for from `upstream` since `since` (ms). */
  since(since: number, upstream: string): Promise<string[]>;
}

/** How the store names a league asked for from one upstream (`test/nba`). */
const entryOf = (upstream: string, league: string) => `${upstream}/${league}`;

function known(leagues: string): string[] {
  return leagues.split(',').filter((league) => KNOWN.has(league));
}

/**
 * Kept in the store (SQLite or Redis), so the relay or worker that records knows what the others' readers asked for;
 * and in memory, so that while the store is away this process still knows its own.
 */
export function sharedLeagueInterest(store: InterestStore, now: () => number): LeagueInterest {
  const asked = new Map<string, number>();
  const written = new Map<string, number>();
  return {
    note(leagues, upstream) {
      for (const league of known(leagues)) {
        const entry = entryOf(upstream, league);
        asked.set(entry, now());
        if (now() - (written.get(entry) ?? -Infinity) < NOTE_EVERY_MS) continue;
        written.set(entry, now());
        store.noteLeagueAsked(entry, now()).catch(() => written.delete(entry));
      }
    },
    async since(since, upstream) {
      const shared = await store.leaguesAskedSince(since).catch(() => [] as string[]);
      const mine = (entry: string) => (entry.startsWith(`${upstream}/`) ? [entry.slice(upstream.length + 1)] : []);
      const leagues = new Set(shared.flatMap(mine).filter((league) => KNOWN.has(league)));
      for (const [entry, at] of asked) if (at >= since) mine(entry).forEach((league) => leagues.add(league));
      return [...leagues].sort();
    },
  };
}
