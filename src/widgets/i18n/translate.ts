import type { FormatOptions } from '../runtime/format.js';

/** A message's English forms by plural category (`one`, `other`…), selected by the `count` or `nth` parameter. */
export type PluralEnglish = { [category in Intl.LDMLPluralRule]?: string } & { other: string };
export type English = string | PluralEnglish;
export type MessageParams = Record<string, string | number>;
/** Flat id → text; a plural message has one entry per category of its locale: `injuries.players_one`. */
export type Catalog = Record<string, string>;
/**
 * A catalog as the built bundle ships it (scripts/messages.ts `packCatalog`): the messages written in `t()` calls by
 * number, a plural one as its forms by category, then the rest (ids made at run time) as a flat catalog.
 */
export type PackedCatalog = Array<string | Record<string, string>>;
/** A message id; the built bundle writes the ids of `t()` calls as numbers (scripts/messages.ts `messageNumbers`). */
export type MessageId = string | number;

/**
 * Looks up a message by id in the element's locale; `english` is the source text, written where it is used (so an
 * English page carries no catalog) and the fallback. `{name}` placeholders take `params`; numbers are formatted for
 * the locale. A plural message picks its form by `params.count` (cardinal) or `params.nth` (ordinal: 1st, 2nd).
 */
export type Translate = (id: MessageId, english: English, params?: MessageParams) => string;

/** What an element's templates need to speak the reader's language: Intl options and its messages. */
export interface Localized extends FormatOptions {
  locale: string;
  t: Translate;
  /** Whether the element reads right to left. */
  rtl: boolean;
}

/**
 * A signed number (a price, a spread) kept left to right inside right-to-left text, so it reads -110, not 110-.
 * Score pairs are left to the bidi algorithm: there the right-hand number is the first one an Arabic reader meets.
 */
export function signedText(text: string, { rtl }: Localized): string {
  // Arabic number formats put a right-to-left mark before the sign; inside a left-to-right run it would flip it back.
  return rtl ? `\u2066${text.replace(/[\u061c\u200e\u200f]/g, '')}\u2069` : text;
}

/** A message for each key of a known set (error codes, market keys): ids are `prefix.key`; unknown keys give undefined. */
export function term(t: Translate, prefix: string, english: Record<string, string>, key: string): string | undefined {
  const text = english[key];
  return text === undefined ? undefined : t(`${prefix}.${key}`, text);
}

/** The key of a word the relay passes as written (Day-To-Day, Light Heavyweight): day-to-day, light-heavyweight. */
export const termKey = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/**
 * A word the relay passes as the upstream writes it (a market's name, an injury status): that text is the English, so
 * English pages carry no table of them. Translations are listed by `prefix.key` in i18n/relay-terms.json's order.
 */
export function relayTerm(t: Translate, prefix: string, key: string, relayText: string): string {
  return t(`${prefix}.${key}`, relayText);
}

/** A locale's words by message id (and plural category); undefined where the English source stands (i18n/words.ts). */
export type Words = (id: MessageId, category: string | undefined) => string | undefined;

/** The translate function of one locale: its words (a publisher's wording, then the catalog), else the English source. */
export function translator(locale: string, words?: Words): Translate {
  const cardinal = new Intl.PluralRules(locale);
  const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' });
  const numbers = new Intl.NumberFormat(locale);
  return (id, english, params = {}) => {
    let category: Intl.LDMLPluralRule | undefined;
    let source = english;
    if (typeof english !== 'string') {
      category = params.nth === undefined ? cardinal.select(Number(params.count)) : ordinal.select(Number(params.nth));
      source = english[category] ?? english.other;
    }
    const text = words?.(id, category) ?? (source as string);
    return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = params[name];
      return value === undefined ? placeholder : typeof value === 'number' ? numbers.format(value) : value;
    });
  };
}
