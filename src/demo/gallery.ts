import {
  detailsOf,
  ELEMENT_BOXES,
  ELEMENT_REQUIRES,
  ELEMENT_TAGS,
  EXAMPLE_GAME,
  sizeProperty,
  type ElementTag,
} from '../contract/elements.js';
import { escapeHtml } from '../embed/html.js';

/** What the gallery puts in the slot of an element that takes a responsible-gambling line. */
const GAMBLING_LINE = '<p slot="gambling">21+ only. Gambling problem? Call 1-800-GAMBLER.</p>';

/** An element's tag as its registry example writes it, without the game a page fills in. */
function exampleMarkup(tag: ElementTag): string {
  const { example, gamblingLine } = detailsOf(tag);
  const attributes = Object.entries(example)
    .filter(([, value]) => value !== EXAMPLE_GAME)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<${tag}${attributes}>${gamblingLine ? GAMBLING_LINE : ''}</${tag}>`;
}

/**
 * The gallery's sections, one an element in the registry's order (contract/elements.ts), each its example and the tag
 * to copy. An element of one game waits in a slot of its reserved height, as a template, until the page has a game for
 * it: one of the strip's, or for an element of one league (the pitching matchup) that league's next.
 */
export function gallerySections(): string {
  return ELEMENT_TAGS.map((tag) => {
    const { example, leagues } = detailsOf(tag);
    const markup = exampleMarkup(tag);
    const ofOneLeague = leagues.length === 1 ? ` (${leagues[0]!.toUpperCase()})` : '';
    const ownLeague = example.league ? '' : ` data-league="${leagues[0]}"`;
    const element = Object.values(example).includes(EXAMPLE_GAME)
      ? `<div class="game-slot"${ownLeague} style="min-height: var(${sizeProperty(tag)}, ${ELEMENT_BOXES[tag].height}px)"><template>${markup}</template></div>`
      : markup;
    return `<h2>&lt;${tag}&gt;${ofOneLeague}</h2>
    ${element}
    <div class="snippet">
      <pre><code data-snippet-of="${tag}">${escapeHtml(markup)}</code></pre>
      <button type="button">Copy</button>
    </div>`;
  }).join('\n\n    ');
}

/** What the gallery's script follows of each element: the leagues it serves, its example and what it requires. */
export function galleryElements(): string {
  return JSON.stringify(
    Object.fromEntries(
      ELEMENT_TAGS.map((tag) => {
        const { leagues, example } = detailsOf(tag);
        return [tag, { leagues, example, requires: ELEMENT_REQUIRES[tag] ?? [] }];
      }),
    ),
  );
}
