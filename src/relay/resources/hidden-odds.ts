import type { OddsHidden } from '../../contract/common.js';
import { RelayError } from '../base/errors.js';
import type { WidgetKey } from '../keys/model.js';
import { oddsShownIn } from '../keys/odds-regions.js';
import { ODDS_FREE_FIELDS } from './odds-free-fields.js';
import { payloadFields, payloadRoute } from './payload-route.js';
import type { Planned } from './routes.js';

// A key set to hide odds (`keys update KEY --hide-odds`: a publisher whose pages may not show betting data) sees only
// the fields odds-free-fields.ts names, on every route, live topic, kept answer and embed: the routes that show betting
// data alone refuse it before any work, as does a bet state asked of the scores. The payloads built and shared for other
// keys are untouched: the answer is cut per key on its way out. A key that lists the regions where odds may show
// (`--odds-regions`) is answered so for a reader elsewhere, or of unknown region, and the answers say why.

type Rule = true | null | { readonly [field: string]: Rule | undefined };

/** What the publisher reads in the console, for each reason betting data is withheld. */
const REFUSALS = {
  key: "Betting data is turned off for this widget key (its operator set it to hide odds, where odds may not be shown): show scores only, or ask the relay's operator to turn odds on (pressbox keys update KEY --no-hide-odds).",
  region:
    "Betting data is not available where this reader is: the widget key shows odds only in the regions its operator listed (pressbox keys update KEY --odds-regions US-NJ,GB), as the relay's --region-header names the reader's region, and this reader's is not one of them or is unknown. The element tells the reader so; to show odds there, the relay's operator adds the region (--no-odds-regions shows them everywhere).",
};

function hiddenOddsRefusal(hidden: OddsHidden): RelayError {
  const message = hidden === 'region' ? REFUSALS.region : REFUSALS.key;
  return new RelayError('plan_required', message, {}, undefined, { oddsHidden: hidden });
}

/** Why a request gets no betting data, if it does not: its key hides odds, or the reader is outside the key's regions. */
export function oddsHiddenFor(key: Pick<WidgetKey, 'hideOdds' | 'oddsRegions'>, readerRegion: string | undefined): OddsHidden | undefined {
  if (key.hideOdds) return true;
  return oddsShownIn(key.oddsRegions, readerRegion) ? undefined : 'region';
}

/** Throws the refusal when a request that may not have betting data asks for it. */
export function refuseHiddenOdds(hidden: OddsHidden | undefined, planned: Pick<Planned, 'pattern' | 'asksBetting'>): void {
  if (!hidden) return;
  // A bet state asked of the scores: a key that hides odds is told (its pages should not ask), while a reader outside the
  // key's regions gets the scores without it, as readers inside get them with it from the same page.
  if (!ODDS_FREE_FIELDS[planned.pattern] || (hidden === true && planned.asksBetting)) throw hiddenOddsRefusal(hidden);
}

/** A value cut to what its rule names; a value of another shape than the rule's is left out. */
function cut(value: unknown, rule: Rule): unknown {
  if (rule === null || value === null) return null;
  if (rule === true) return value;
  if (Array.isArray(value)) return value.map((item) => cut(item, rule));
  if (typeof value !== 'object') return undefined;
  const shown: Record<string, unknown> = {};
  for (const [field, fieldRule] of Object.entries(rule)) {
    if (fieldRule === null) shown[field] = null;
    else if (fieldRule !== undefined && field in value) shown[field] = cut((value as Record<string, unknown>)[field], fieldRule);
  }
  return shown;
}

/** A payload as a key that hides odds gets it: the fields its route's allow-list names, and why where it can say. */
export function withoutOdds<Payload extends object>(payload: Payload, hidden: OddsHidden = true): Payload {
  const route = payloadRoute(payload);
  const rule = ODDS_FREE_FIELDS[route] as Rule | undefined;
  if (!rule) throw hiddenOddsRefusal(hidden);
  const shown = cut(payload, rule) as Payload;
  return payloadFields(route).has('oddsHidden') ? { ...shown, oddsHidden: hidden } : shown;
}

/** The same, for a payload already serialised (a live update). */
export function jsonWithoutOdds(json: string, hidden: OddsHidden = true): string {
  return JSON.stringify(withoutOdds(JSON.parse(json) as object, hidden));
}
