import type { WidgetLeague } from './leagues.js';

/**
 * Leagues that play association football: minutes that count up, draws, and tables ranked by points. A module of its
 * own, so that elements asking it do not carry the league table (contract/leagues.ts) that the live kit reads.
 */
export const SOCCER_LEAGUES: readonly string[] = ['mls'] satisfies readonly WidgetLeague[];

/** Leagues that write the home side first: football's, and MMA's (the home side is the red corner, billed first). */
export const HOME_FIRST_LEAGUES: readonly string[] = ['mls', 'mma'] satisfies readonly WidgetLeague[];

/** Whether a league code, as the relay writes it (`mls`), is football's. */
export function isSoccer(league: string): boolean {
  return SOCCER_LEAGUES.includes(league);
}
