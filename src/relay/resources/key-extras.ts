import type { OddsHidden } from '../../contract/common.js';
import type { DataRoute } from '../../contract/routes.js';
import { gamblingLineFor } from '../keys/gambling-lines.js';
import type { WidgetKey } from '../keys/model.js';
import { payloadFields, payloadRoute } from './payload-route.js';

// What an answer carries for one key and reader beside the shared data (issue 72): the books its prices link to
// (`books`), and the responsible-gambling line of the reader's region (`gamblingLine`). Only where the route's payload
// has the field, and never where the reader may not see odds.

export interface KeyExtras {
  books?: string[];
  gamblingLine?: string;
}

/** Everything the key has for a reader of `region`, whatever the route; undefined when there is nothing (most keys). */
export function keyExtras(
  key: Pick<WidgetKey, 'betLinks' | 'gamblingLines'>,
  hidden: OddsHidden | undefined,
  region: string | undefined,
): KeyExtras | undefined {
  if (hidden) return undefined;
  const books = key.betLinks?.length ? key.betLinks.map((book) => book.name) : undefined;
  const gamblingLine = gamblingLineFor(key.gamblingLines, region);
  return books || gamblingLine ? { ...(books && { books }), ...(gamblingLine && { gamblingLine }) } : undefined;
}

/** The extras a route's payload carries (only fields it has). */
function forRoute(extras: KeyExtras | undefined, route: DataRoute): KeyExtras | undefined {
  if (!extras) return undefined;
  const fields = payloadFields(route);
  const carried = Object.fromEntries(Object.entries(extras).filter(([field]) => fields.has(field))) as KeyExtras;
  return Object.keys(carried).length ? carried : undefined;
}

/** The key's extras for a reader of `region` on `route`. */
export function extrasFor(
  key: Pick<WidgetKey, 'betLinks' | 'gamblingLines'>,
  route: DataRoute,
  hidden: OddsHidden | undefined,
  region: string | undefined,
): KeyExtras | undefined {
  return forRoute(keyExtras(key, hidden, region), route);
}

/** A name for the extras, for answers shared between requests: keys with the same extras share one build. */
export const extrasName = (extras: KeyExtras | undefined): string => (extras ? `|extras:${JSON.stringify(extras)}` : '');

/** Each live update's JSON with a key's extras, made once per update and set of extras however many streams carry it. */
const withExtras = new WeakMap<object, Map<string, string>>();

/** A live update as a stream of a key with extras gets it: with them where its route's payload carries them. */
export function jsonWithExtras(update: { readonly json: string }, extras: KeyExtras): string {
  const id = JSON.stringify(extras);
  let made = withExtras.get(update);
  if (!made) withExtras.set(update, (made = new Map()));
  let json = made.get(id);
  if (json === undefined) {
    const payload = JSON.parse(update.json) as object;
    const carried = forRoute(extras, payloadRoute(payload));
    json = carried ? JSON.stringify({ ...payload, ...carried }) : update.json;
    made.set(id, json);
  }
  return json;
}
