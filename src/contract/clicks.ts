// A click on a price (issue 72): the element links it to the relay's click route, which counts it and sends the reader
// on to the key's book. What the link carries, shared by the elements that write it and the relay that reads it.

export const CLICK_PATH = '/v1/click';

/** A game's markets; a player prop's market is its key (`points`, `passingYards`), as /v1/props names it. */
export const GAME_MARKETS = ['moneyline', 'spread', 'total'] as const;
export const CLICK_SIDES = ['home', 'away', 'over', 'under'] as const;
/** The elements whose prices link to books. */
export const PRICE_LINKING_ELEMENTS = ['odds-board', 'game-header', 'player-props'] as const;

/** A price as its link names it: the book's name as the key lists it, and what the book's link template may ask for. */
export interface PriceClick {
  book: string;
  element: (typeof PRICE_LINKING_ELEMENTS)[number];
  league: string;
  /** The game's day, YYYY-MM-DD (UTC); empty where the element does not know it (player props). */
  date: string;
  game: string;
  /** The teams' abbreviations. */
  home: string;
  away: string;
  market: (typeof GAME_MARKETS)[number] | (string & {});
  side: (typeof CLICK_SIDES)[number];
  /** The points (`-3.5`, `221.5`); empty for a moneyline. */
  line: string;
  /** A player prop's player, by name. */
  player?: string;
}

/** The link of a price: the click route with the key and the price's parameters. */
export function clickUrl(relay: string, key: string, click: PriceClick): string {
  const url = new URL(CLICK_PATH, relay);
  const { player, ...price } = click;
  url.search = new URLSearchParams({ key, ...price, ...(player && { player }) }).toString();
  return url.href;
}
