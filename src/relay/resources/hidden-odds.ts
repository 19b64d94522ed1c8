import { RelayError } from '../base/errors.js';
import type { WidgetKey } from '../keys/model.js';
import { ODDS_FREE_FIELDS } from './odds-free-fields.js';
import { payloadFields, payloadRoute } from './payload-route.js';
import type { Planned } from './routes.js';

// A key set to hide odds (`keys update KEY --hide-odds`: a publisher whose pages may not show betting data) sees only
// the fields odds-free-fields.ts names, on every route, live topic, kept answer and embed: the routes that show betting
// data alone refuse it before any work, as does a bet state asked of the scores. The payloads built and shared for other
// keys are untouched: the answer is cut per key on its way out.

type Rule = true | null | { readonly [field: string]: Rule | undefined };

function hiddenOddsRefusal(): RelayError {
  return new RelayError(
    'plan_required',
    "Betting data is turned off for this widget key (its operator set it to hide odds, where odds may not be shown): show scores only, or ask the relay's operator to turn odds on (pressbox keys update KEY --no-hide-odds).",
  );
}

/** Throws the refusal when a key that hides odds asks for betting data. */
export function refuseHiddenOdds(key: Pick<WidgetKey, 'hideOdds'>, planned: Pick<Planned, 'pattern' | 'asksBetting'>): void {
  if (key.hideOdds && (!ODDS_FREE_FIELDS[planned.pattern] || planned.asksBetting)) throw hiddenOddsRefusal();
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

/** A payload as a key that hides odds gets it: the fields its route's allow-list names, and said so where it can be. */
export function withoutOdds<Payload extends object>(payload: Payload): Payload {
  const route = payloadRoute(payload);
  const rule = ODDS_FREE_FIELDS[route] as Rule | undefined;
  if (!rule) throw hiddenOddsRefusal();
  const shown = cut(payload, rule) as Payload;
  return payloadFields(route).has('oddsHidden') ? { ...shown, oddsHidden: true } : shown;
}

/** The same, for a payload already serialised (a live update). */
export function jsonWithoutOdds(json: string): string {
  return JSON.stringify(withoutOdds(JSON.parse(json) as object));
}
