import { ELEMENT_DETAILS, GAMBLING_LINE_TAGS, reservedHeightOf, type ElementTag } from '../contract/elements.js';

/**
 * What an embed page may put on its element: the attributes every element takes, except `key` and `relay` (the
 * embed's own key parameter and the relay serving it decide those), and each element's own.
 */
const COMMON_ATTRIBUTES = ['league', 'theme', 'locale', 'time-zone', 'odds-format', 'live'] as const;

export function attributesOf(tag: ElementTag): readonly string[] {
  return [...COMMON_ATTRIBUTES, ...ELEMENT_DETAILS[tag].embedAttributes];
}

/** The element's reserved height in CSS pixels: what a frame around it starts at, before the page reports its own. */
export function reservedHeight(tag: ElementTag, attributes: Readonly<Record<string, string | undefined>>): number {
  return reservedHeightOf(tag, attributes.league, attributes.team, attributes['bet-state'] !== undefined);
}

/** Width a frame gets when nothing else says: wide enough for every element's full layout, narrower pages shrink it. */
export const DEFAULT_FRAME_WIDTH = 600;

/** The narrowest column every element lays out in (DESIGN.md: pages we do not control). */
export const MIN_FRAME_WIDTH = 280;

/** The longest responsible-gambling line an embed carries (`gambling=`): a helpline and an age notice fit in far less. */
export const GAMBLING_LINE_LIMIT = 200;

/** Whether the element takes a responsible-gambling line (the betting elements' `gambling` slot). */
export function takesGamblingLine(tag: ElementTag): boolean {
  return GAMBLING_LINE_TAGS.includes(tag);
}

/** The elements that take a responsible-gambling line, as a message names them: `<odds-board>, <betting-splits> and …`. */
export function gamblingLineTakers(): string {
  const tags = GAMBLING_LINE_TAGS.map((tag) => `<${tag}>`);
  return tags.length > 1 ? `${tags.slice(0, -1).join(', ')} and ${tags.at(-1)}` : (tags[0] ?? '');
}
