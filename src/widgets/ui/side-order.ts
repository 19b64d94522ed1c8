import { HOME_FIRST_LEAGUES } from '../../contract/soccer.js';

export type Side = 'home' | 'away';

/**
 * The order a game's sides are written in: football names the home side first ("Seattle 2–1 Portland") and MMA the red
 * corner (the home side), North American sports the visitors ("Celtics at Knicks").
 */
export function sideOrder(league: string): readonly [Side, Side] {
  return HOME_FIRST_LEAGUES.includes(league) ? ['home', 'away'] : ['away', 'home'];
}
