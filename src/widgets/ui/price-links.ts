import { html, nothing, type TemplateResult } from 'lit';
import { clickUrl } from '../../contract/clicks.js';
import { resolveConfig } from '../runtime/config.js';

// A chunk of its own, fetched by the first element on a page whose answer names books (ui/price-links-kit.ts): most keys
// list none, and their pages carry none of this.

import type { Price, PriceLinking } from './price-linking.js';

/** The book prices link to: the reader's choice while the key still lists it, else the key's first. */
export function linkedBook(books: readonly string[] | undefined, chosen: string | undefined): string | undefined {
  return chosen && books?.includes(chosen) ? chosen : books?.[0];
}

/**
 * A price as a link to the book (issue 72) through the relay's click route, which counts it and sends the reader on;
 * plain text where the key lists no book, and on the server (the page's copy is replaced by the browser's).
 */
export function priceLink(linking: PriceLinking, content: unknown, price: Price, spoken: string): unknown {
  const book = linkedBook(linking.books, linking.chosen);
  if (!book || typeof window === 'undefined') return content;
  const config = resolveConfig(linking.host);
  if (config instanceof Error) return content;
  const href = clickUrl(config.relay, config.key, { ...price, book, element: linking.element });
  return html`<a class="bet" href=${href} target="_blank" rel="sponsored noopener" aria-label=${linking.label(spoken, book)}
    >${content}</a
  >`;
}

/** With two books or more, the reader picks the one prices link to. */
export function bookChoice(linking: PriceLinking, label: string, choose: (book: string) => void): TemplateResult | typeof nothing {
  if (!linking.books || linking.books.length < 2) return nothing;
  const chosen = linkedBook(linking.books, linking.chosen);
  return html`<label class="book-choice" part="book"
    ><span>${label}</span>
    <select @change=${(event: Event) => choose((event.target as HTMLSelectElement).value)}>
      ${linking.books.map((book) => html`<option value=${book} ?selected=${book === chosen}>${book}</option>`)}
    </select></label
  >`;
}

// A plain string, as lazy views' sheets are (bet-state.ts): the template minifier and lit-analyzer read css``.
const css = String.raw;

/** The links' and the choice's styles, adopted by each element that shows them. */
export const sheet = new CSSStyleSheet();
sheet.replaceSync(css`
  a.bet {
    color: inherit;
    text-decoration: underline dotted;
    text-underline-offset: 3px;
    border-radius: 2px;
  }
  a.bet:hover {
    text-decoration-style: solid;
    color: var(--_accent, inherit);
  }
  a.bet:focus-visible {
    outline: 2px solid var(--_focus, currentColor);
    outline-offset: 1px;
  }
  .book-choice {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-size: 12px;
    color: var(--_muted);
  }
  .book-choice select {
    max-width: 9em;
    min-height: 24px;
    font: inherit;
    color: var(--_text, inherit);
    background: var(--_surface, transparent);
    border: 1px solid var(--_border, currentColor);
    border-radius: 4px;
    text-overflow: ellipsis;
  }
  /* A phone's column: the choice keeps its name for screen readers, and takes less of the title row. */
  @container (max-width: 400px) {
    .book-choice > span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    .book-choice select {
      max-width: 7em;
    }
  }
  @media (forced-colors: active) {
    a.bet {
      color: LinkText;
    }
  }
`);
