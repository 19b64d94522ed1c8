import { isSoccer } from '../../contract/soccer.js';

export type Side = 'home' | 'away';

/**
 * The order a game's sides are written in: football names the home side first ("Seattle 2–1 Portland"), North
 * American sports the visitors ("Celtics at Knicks").
 */
export function sideOrder(league: string): readonly [Side, Side] {
  return isSoccer(league) ? ['home', 'away'] : ['away', 'home'];
}
