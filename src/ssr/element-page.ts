// What the relay's `GET /v1/render/{tag}?{attributes}` needs (relay/features/render.ts): which data an element's
// attributes name, asked of the element itself, and its HTML once the relay has that data.
import type { ElementTag } from '../contract/elements.js';
import { LIVE_CHOICES, ODDS_FORMATS, THEMES } from '../contract/choices.js';
import { jsonScript, renderElement } from './render-element.js';
import { isElementTag, renderedAttributes, serverElement } from './server-elements.js';
import { scoreText, sportsEvents } from './structured-data.js';

/** A rendering the relay can serve: the element, its attributes, and the data route and query its data comes from. */
export interface RenderPlan {
  tag: ElementTag;
  attributes: Record<string, string>;
  path: string;
  /** The data route's query (without the key), as the element would send it. */
  search: string;
}

/** Why a rendering cannot be planned: what the publisher should change, and whether the element exists at all. */
export interface RenderRefusal {
  problem: string;
  code: 'not_found' | 'bad_request';
}

const MAX_ATTRIBUTES = 16;
const MAX_VALUE_LENGTH = 200;

/** Attribute values the element would read wrong: checked here, since the element trusts a page's own markup. */
const VALUE_RULES: Record<string, (value: string) => string | undefined> = {
  theme: (value) => oneOf('theme', THEMES, value),
  'odds-format': (value) => oneOf('odds-format', ODDS_FORMATS, value),
  live: (value) => oneOf('live', LIVE_CHOICES, value),
  'time-zone': (value) => (validTimeZone(value) ? undefined : 'time-zone is an IANA time zone, such as America/New_York'),
  locale: (value) => (validLocale(value) ? undefined : 'locale is a BCP 47 tag, such as de or pt-BR'),
  // A link the relay writes into someone's page: a path or an http(s) address, never a script.
  'game-href': (value) =>
    /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value) ? 'game-href is a path or an http(s) address' : undefined,
};

export async function planRendering(tag: string, query: URLSearchParams): Promise<RenderPlan | RenderRefusal> {
  if (!isElementTag(tag)) return { code: 'not_found', problem: `There is no element <${tag.slice(0, 40)}> to render.` };
  const allowed = await renderedAttributes(tag);
  const attributes: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!allowed.includes(name))
      return { code: 'bad_request', problem: `<${tag}> has no attribute "${name.slice(0, 40)}": it takes ${allowed.join(', ')}.` };
    if (name in attributes) return { code: 'bad_request', problem: `"${name}" is given twice: give each attribute once.` };
    if (value.length > MAX_VALUE_LENGTH)
      return { code: 'bad_request', problem: `"${name}" is longer than ${MAX_VALUE_LENGTH} characters.` };
    const wrong = VALUE_RULES[name]?.(value);
    if (wrong) return { code: 'bad_request', problem: `${wrong}, not "${value.slice(0, 40)}".` };
    attributes[name] = value;
  }
  if (Object.keys(attributes).length > MAX_ATTRIBUTES) return { code: 'bad_request', problem: `At most ${MAX_ATTRIBUTES} attributes.` };
  const element = await serverElement(tag, attributes);
  const request = (element as unknown as { resource: { options: { request(): unknown } } }).resource.options.request();
  if (request instanceof Error) return { code: 'bad_request', problem: request.message };
  const { path, params } = request as { path: string; params: Record<string, string | undefined> };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, 'as-of': attributes['as-of'] })) if (value) search.set(name, value);
  return { tag, attributes, path, search: search.toString() };
}

/**
 * The element's HTML for one answer: its declarative shadow root, then, in the host's light DOM (which its shadow
 * root does not show), the schema.org SportsEvent data of the games it shows and a line saying their scores, for
 * crawlers and for browsers without declarative shadow DOM.
 */
export function renderPlanned(plan: RenderPlan, answer: { data: unknown; etag: string; clockOffsetMs: number }): Promise<string> {
  const events = sportsEvents(plan.tag, answer.data);
  const light = events.length
    ? `${jsonScript('application/ld+json', events.length === 1 ? events[0] : events)}<p>${escapeText(scoreText(plan.tag, answer.data))}</p>`
    : '';
  return renderElement(plan.tag, plan.attributes, answer as typeof answer & { data: never }, light);
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function oneOf(name: string, choices: readonly string[], value: string): string | undefined {
  return choices.includes(value) ? undefined : `${name} is one of ${choices.join(', ')}`;
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function validLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}
