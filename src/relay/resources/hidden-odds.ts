import { ELEMENT_DETAILS } from '../../contract/elements.js';
import { DATA_ROUTE_PATHS, DATA_ROUTES } from '../../contract/routes.js';
import { RelayError } from '../base/errors.js';
import type { Planned } from './routes.js';
import type { WidgetKey } from '../keys/model.js';

// A key set to hide odds (`keys update KEY --hide-odds`: a publisher whose pages may not show betting data) gets no
// betting data from any route: the routes that show nothing else refuse it before any work, as does a bet state asked
// of the scores, and the game header answers with its score alone. The payloads built and shared for other keys are
// untouched: the answer is cut per key on its way out.

/** Routes whose elements all show betting data (the element registry's `betting`). */
const BETTING_ROUTES = new Set<string>(
  DATA_ROUTE_PATHS.filter((route) => DATA_ROUTES[route].elements.every((tag) => ELEMENT_DETAILS[tag].betting)),
);

/** Throws the refusal when a key that hides odds asks for betting data. */
export function refuseHiddenOdds(key: Pick<WidgetKey, 'hideOdds'>, planned: Pick<Planned, 'pattern' | 'asksBetting'>): void {
  if (!key.hideOdds || !(BETTING_ROUTES.has(planned.pattern) || planned.asksBetting)) return;
  throw new RelayError(
    'plan_required',
    "Betting data is turned off for this widget key (its operator set it to hide odds, where odds may not be shown): show scores only, or ask the relay's operator to turn odds on (pressbox keys update KEY --no-hide-odds).",
  );
}

/** A payload as a key that hides odds gets it: a game's line and splits left out, and said so (`oddsHidden`). */
export function withoutOdds<Payload extends object>(payload: Payload): Payload {
  if (!('line' in payload) && !('splits' in payload)) return payload;
  return { ...payload, line: null, splits: null, oddsHidden: true };
}

/** The same, for a payload already serialised (a live update). */
export function jsonWithoutOdds(json: string): string {
  return JSON.stringify(withoutOdds(JSON.parse(json) as object));
}
