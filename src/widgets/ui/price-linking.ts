import type { ReactiveElement } from 'lit';
import type { PriceClick } from '../../contract/clicks.js';

/** A price as its link names it, less what the element adds (the book, its own tag). */
export type Price = Omit<PriceClick, 'book' | 'element'>;

export interface PriceLinking {
  /** The books the key lists, in its order (the payload's `books`). */
  books: readonly string[] | undefined;
  element: PriceClick['element'];
  /** The element: its key and relay write the links, and it renders again when the reader picks another book. */
  host: ReactiveElement & { key: string; relay: string };
  /** "{price} at {book} (opens in a new tab)" in the reader's words. */
  label: (price: string, book: string) => string;
}
