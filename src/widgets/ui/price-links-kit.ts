import { nothing } from 'lit';
import { lazyView } from './lazy-view.js';
import type { Price, PriceLinking } from './price-linking.js';

export type { Price, PriceLinking };

/** The price links and the choice of books (ui/price-links.ts), fetched once per page by the first element with books. */
export const priceLinksKit = lazyView(() => import('./price-links.js'));

/**
 * An element's layout wait (PressboxElement.layoutReady) while its answer names books: the kit is fetched and its styles
 * adopted before the render that shows them, so the links and the choice of books come with the data, not after it. A
 * failed fetch leaves prices plain text, tried again at the next update.
 */
export function priceLinksReady(root: ShadowRoot | null, books: readonly string[] | undefined): Promise<void> | void {
  if (books?.length) return priceLinksKit.ready(root);
}

/** A price as a link to the key's book, once the kit is here; plain until then. */
export function priceLink(linking: PriceLinking, content: unknown, price: Price, spoken: string): unknown {
  return linking.books?.length && priceLinksKit.current ? priceLinksKit.current.priceLink(linking, content, price, spoken) : content;
}

/** Which book the prices link to ("Bet with Book", or the reader's choice of several), once the kit is here. */
export function bookChoice(linking: PriceLinking, label: string): unknown {
  return linking.books?.length && priceLinksKit.current ? priceLinksKit.current.bookChoice(linking, label) : nothing;
}
