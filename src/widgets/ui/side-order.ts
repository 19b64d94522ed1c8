import { leagueRecord } from '../../contract/leagues.js';

export type Side = 'home' | 'away';

/**
 * The order a game's sides are written in: football names the home side first ("Seattle 2–1 Portland") and MMA the red
 * corner (the home side), North American sports the visitors ("Celtics at Knicks"): the league's `homeFirst`.
 */
export function sideOrder(league: string): readonly [Side, Side] {
  return leagueRecord(league)?.homeFirst ? ['home', 'away'] : ['away', 'home'];
}
