/**
 * Every Pressbox element, once: the loader, pressbox.css, the elements' host styles, embeds, snippets, the snippet
 * builder, screenshots, the docs and the tests derive their lists from here (docs/contributing.md, "Adding an
 * element"). In the order the snippet builder offers them.
 *
 * Each element's box before its data arrives: its height in CSS pixels, overridable with `--pb-<tag>-height`, and the
 * name that property had before, `--pb-<formerName>-height` (still honoured). Kept apart from the details below, which browser bundles never need.
 */
export const ELEMENT_BOXES = {
  'score-ticker': { height: 48, formerName: 'ticker' },
  'score-strip': { height: 136, formerName: 'strip' },
  'game-header': { height: 360, formerName: 'header' },
  'win-probability': { height: 330 },
  'player-props': { height: 400, formerName: 'props' },
  'last-five': { height: 188 },
  'injury-report': { height: 420, formerName: 'injuries' },
  'standings-table': { height: 420, formerName: 'standings' },
  'team-stats': { height: 280 },
  'pitching-matchup': { height: 300, formerName: 'matchup' },
} as const satisfies Record<`${string}-${string}`, { height: number; formerName?: string }>;

export type ElementTag = keyof typeof ELEMENT_BOXES;

export const ELEMENT_TAGS = /* @__PURE__ */ Object.keys(ELEMENT_BOXES) as ElementTag[];

export function isElementTag(tag: string): tag is ElementTag {
  return Object.hasOwn(ELEMENT_BOXES, tag);
}

/** The property a page sets to give an element another reserved height. */
export function sizeProperty(tag: ElementTag): `--pb-${ElementTag}-height` {
  return `--pb-${tag}-height`;
}

/** The element's reserved height as a declaration, for its host style and for the loader's placeholder box. */
export function reservedHeightCss(tag: ElementTag): string {
  const box: { height: number; formerName?: string } = ELEMENT_BOXES[tag];
  const fallback = box.formerName ? `var(--pb-${box.formerName}-height,${box.height}px)` : `${box.height}px`;
  return `height:var(${sizeProperty(tag)},${fallback});`;
}

/** Boxes for tags not yet defined; `:where` leaves the page's own rules in charge. Also served as pressbox.css. */
export function reservedSizesCss(): string {
  return ELEMENT_TAGS.map((tag) => `:where(${tag}:not(:defined)){display:block;box-sizing:border-box;${reservedHeightCss(tag)}}`).join(
    '\n',
  );
}

interface ElementDetails {
  /** What the element shows, for frame titles and the snippet builder's menu. */
  title: string;
  /** The element's own attributes that a script-free embed may set, beside the ones every element takes. */
  embedAttributes: readonly string[];
  /** Says season words (standings, team statistics, pitchers): each locale's catalog ships those in a part of its own. */
  seasonWords: boolean;
}

/** What the relay, the build and the docs know of each element beyond its box. */
export const ELEMENT_DETAILS = {
  'score-ticker': { title: 'Live scores ticker', embedAttributes: ['leagues'], seasonWords: false },
  'score-strip': { title: 'Scores', embedAttributes: ['date', 'team', 'game-href'], seasonWords: false },
  'game-header': { title: 'Game', embedAttributes: ['game-id', 'announce'], seasonWords: false },
  'win-probability': { title: 'Win probability', embedAttributes: ['game-id'], seasonWords: false },
  'player-props': { title: 'Player props', embedAttributes: ['game-id', 'markets'], seasonWords: false },
  'last-five': { title: 'Recent form', embedAttributes: ['team', 'opponent'], seasonWords: false },
  'injury-report': { title: 'Injury report', embedAttributes: ['team'], seasonWords: false },
  'standings-table': { title: 'Standings', embedAttributes: ['team'], seasonWords: true },
  'team-stats': { title: 'Team statistics', embedAttributes: ['team', 'layout'], seasonWords: true },
  'pitching-matchup': { title: 'Pitching matchup', embedAttributes: ['game-id'], seasonWords: true },
} as const satisfies Record<ElementTag, ElementDetails>;
