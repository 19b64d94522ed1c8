import { WIDGET_LEAGUES } from '../../contract/leagues.js';
import type { InterestStore } from '../store/types.js';

/** A league counts as asked for again after this long (so a busy league costs the store one write a minute per process). */
const NOTE_EVERY_MS = 60_000;
const KNOWN = new Set<string>(WIDGET_LEAGUES);

/** Which leagues readers asked any relay or worker on the store for lately: the recorder's default leagues. */
export interface LeagueInterest {
  /** The leagues of one validated request (`nba` or `nba,nhl`); anything not a league is ignored. */
  note(leagues: string): void;
  /** Leagues asked for since `since` (ms). */
  since(since: number): Promise<string[]>;
}

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
    note(leagues) {
      for (const league of known(leagues)) {
        asked.set(league, now());
        if (now() - (written.get(league) ?? -Infinity) < NOTE_EVERY_MS) continue;
        written.set(league, now());
        store.noteLeagueAsked(league, now()).catch(() => written.delete(league));
      }
    },
    async since(since) {
      const shared = await store.leaguesAskedSince(since).catch(() => [] as string[]);
      const leagues = new Set(shared.filter((league) => KNOWN.has(league)));
      for (const [league, at] of asked) if (at >= since) leagues.add(league);
      return [...leagues].sort();
    },
  };
}
