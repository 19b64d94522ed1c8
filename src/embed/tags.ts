import { RESERVED_SIZES } from '../widgets/reserved-sizes.js';

/**
 * What an embed page may put on its element: the attributes every element takes, except `key` and `relay` (the
 * embed's own key parameter and the relay serving it decide those), and each element's own.
 */
export const COMMON_ATTRIBUTES = ['league', 'theme', 'locale', 'time-zone', 'odds-format', 'live'] as const;

export const EMBED_TAGS = {
  'score-ticker': ['leagues'],
  'score-strip': ['date', 'team', 'game-href'],
  'game-header': ['game-id', 'announce'],
  'win-probability': ['game-id'],
  'player-props': ['game-id', 'markets'],
  'last-five': ['team', 'opponent'],
  'injury-report': ['team'],
  'standings-table': ['team'],
  'team-stats': ['team', 'layout'],
  'pitching-matchup': ['game-id'],
} as const satisfies Record<keyof typeof RESERVED_SIZES, readonly string[]>;

export type EmbedTag = keyof typeof EMBED_TAGS;

export function isEmbedTag(tag: string): tag is EmbedTag {
  return Object.hasOwn(EMBED_TAGS, tag);
}

export function attributesOf(tag: EmbedTag): readonly string[] {
  return [...COMMON_ATTRIBUTES, ...EMBED_TAGS[tag]];
}

/** The element's reserved height in CSS pixels: what a frame around it starts at, before the page reports its own. */
export function reservedHeight(tag: EmbedTag): number {
  return Number(/(\d+)px/.exec(RESERVED_SIZES[tag])![1]);
}

/** Width a frame gets when nothing else says: wide enough for every element's full layout, narrower pages shrink it. */
export const DEFAULT_FRAME_WIDTH = 600;
