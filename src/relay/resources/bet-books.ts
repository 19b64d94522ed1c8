import type { OddsHidden } from '../../contract/common.js';
import type { DataRoute } from '../../contract/routes.js';
import type { WidgetKey } from '../keys/model.js';
import { payloadFields } from './payload-route.js';

/**
 * The names of the books a key's prices link to (issue 72), for a route whose payload carries `books`: the element
 * links each price to /v1/click with one of them. None where the reader may not see odds, and none without books.
 */
export function booksFor(key: Pick<WidgetKey, 'betLinks'>, route: DataRoute, hidden: OddsHidden | undefined): string[] | undefined {
  if (hidden || !key.betLinks?.length || !payloadFields(route).has('books')) return undefined;
  return key.betLinks.map((book) => book.name);
}
