import type { ReactiveElement } from 'lit';
import type { CLICK_SIDES } from '../../contract/clicks.js';
import type { Game } from '../../contract/scores.js';
import type { Translate } from '../i18n/translate.js';

/** What a price's link says of its game: the league, the day, the data service's id and the teams. */
export type Matchup = Pick<Game, 'id' | 'league' | 'startTime'> & {
  home: { team: { abbreviation: string } };
  away: { team: { abbreviation: string } };
};

export interface PriceLinking {
  /** The element: its tag, key and relay write the links, and it renders again when the reader picks another book. */
  host: ReactiveElement & { key: string; relay: string };
  t: Translate;
  /** The books the key lists, in its order (the payload's `books`). */
  books: readonly string[] | undefined;
}

/**
 * A price, as the element shows it and its link names it: what is shown, its game, the market (a prop's key), the side,
 * the points (none for a moneyline), what a screen reader says of it (what is shown, by default), a prop's player.
 */
export type PriceArgs = [
  content: unknown,
  game: Matchup,
  market: string,
  side: (typeof CLICK_SIDES)[number],
  line?: number,
  spoken?: string,
  player?: string,
];
