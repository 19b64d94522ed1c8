import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import { clickUrl, type PriceClick } from '../../contract/clicks.js';
import { resolveConfig } from '../runtime/config.js';
import type { PriceArgs, PriceLinking } from './price-linking.js';

// A chunk of its own, fetched by the first element on a page whose answer names books (ui/price-links-kit.ts): most keys
// list none, and their pages carry none of this.

/** The book the reader picked on this page: every element of the page links to it (until the page is left). */
let pageChoice: string | undefined;
/** The elements that link prices on this page, to render again when the reader picks another book. */
const linkingHosts = new Set<WeakRef<ReactiveElement>>();
const known = new WeakSet<ReactiveElement>();

function follows(host: ReactiveElement): void {
  if (known.has(host)) return;
  known.add(host);
  linkingHosts.add(new WeakRef(host));
}

/** The book prices link to: the reader's choice while the key still lists it, else the key's first. */
function linkedBook(books: readonly string[] | undefined): string | undefined {
  return pageChoice && books?.includes(pageChoice) ? pageChoice : books?.[0];
}

function choose(book: string): void {
  pageChoice = book;
  for (const reference of linkingHosts) {
    const host = reference.deref();
    if (host) host.requestUpdate();
    else linkingHosts.delete(reference);
  }
}

/**
 * A price as a link to the book (issue 72) through the relay's click route, which counts it and sends the reader on;
 * plain text where the key lists no book, and on the server (the page's copy is replaced by the browser's).
 */
export function priceLink(linking: PriceLinking, ...[content, game, market, side, line, spoken, player]: PriceArgs): unknown {
  const book = linkedBook(linking.books);
  if (!book || typeof window === 'undefined') return content;
  follows(linking.host);
  const config = resolveConfig(linking.host);
  if (config instanceof Error) return content;
  const href = clickUrl(config.relay, config.key, {
    book,
    element: linking.host.localName as PriceClick['element'],
    league: game.league,
    date: game.startTime?.slice(0, 10) ?? '',
    game: game.id,
    home: game.home.team.abbreviation,
    away: game.away.team.abbreviation,
    market,
    side,
    line: line === undefined ? '' : String(line),
    player,
  });
  const label = linking.t('odds.betLink', '{price} at {book} (opens in a new tab)', { price: spoken ?? String(content), book });
  return html`<a class="bet" href=${href} target="_blank" rel="sponsored noopener" aria-label=${label}>${content}</a>`;
}

/**
 * Which book the prices link to, in sight: "Bet with Book" for one, a choice for several (the page's other elements
 * follow the reader's pick). Book names may be written right to left or left to right, whatever the page's direction.
 */
export function bookChoice(linking: PriceLinking): TemplateResult | typeof nothing {
  if (!linking.books?.length) return nothing;
  const label = linking.t('odds.betWith', 'Bet with');
  follows(linking.host);
  const books = linking.books ?? [];
  const chosen = linkedBook(books);
  if (books.length < 2)
    return html`<span class="book-choice" part="book"><span class="book-label">${label} </span><bdi>${chosen}</bdi></span>`;
  return html`<label class="book-choice" part="book"
    ><span class="book-label">${label}</span>
    <select dir="auto" @change=${(event: Event) => choose((event.target as HTMLSelectElement).value)}>
      ${books.map((book) => html`<option dir="auto" value=${book} ?selected=${book === chosen}>${book}</option>`)}
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
  span.book-choice {
    display: inline-block;
    max-width: 12em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    vertical-align: middle;
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
    .book-choice > .book-label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    .book-choice select,
    span.book-choice {
      max-width: 7em;
    }
  }
  @container (max-width: 340px) {
    .book-choice select,
    span.book-choice {
      max-width: 5.5em;
    }
  }
  @media (forced-colors: active) {
    a.bet {
      color: LinkText;
    }
  }
`);
