import type { OddsHidden } from '../../contract/common.js';
import type { DataRoute } from '../../contract/routes.js';
import type { WidgetKey } from '../keys/model.js';
import { payloadFields, payloadRoute } from './payload-route.js';

/**
 * The names of the books a key's prices link to (issue 72), for a route whose payload carries `books`: the element
 * links each price to /v1/click with one of them. None where the reader may not see odds, and none without books.
 */
export function booksFor(key: Pick<WidgetKey, 'betLinks'>, route: DataRoute, hidden: OddsHidden | undefined): string[] | undefined {
  if (hidden || !key.betLinks?.length || !payloadFields(route).has('books')) return undefined;
  return key.betLinks.map((book) => book.name);
}

/** Each live update's JSON with a key's books, made once per update and set of books however many streams carry it. */
const withBooks = new WeakMap<object, Map<string, string>>();

/** A live update as a stream of a key with books gets it: with `books` where its route's payload carries them. */
export function jsonWithBooks(update: { readonly json: string }, books: readonly string[]): string {
  const id = JSON.stringify(books);
  let made = withBooks.get(update);
  if (!made) withBooks.set(update, (made = new Map()));
  let json = made.get(id);
  if (json === undefined) {
    const payload = JSON.parse(update.json) as object;
    json = payloadFields(payloadRoute(payload)).has('books') ? JSON.stringify({ ...payload, books }) : update.json;
    made.set(id, json);
  }
  return json;
}
