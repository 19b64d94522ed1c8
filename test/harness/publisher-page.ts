// The publisher page the end-to-end tests and the per-engine screenshots load: all ten elements as a newsroom would
// paste them, one script tag from the relay.
import { detailsOf, ELEMENT_TAGS, EXAMPLE_GAME, servesLeague, type ElementTag } from '../../src/contract/elements.js';

export const RIGHT_TO_LEFT = ['ar'];

export interface PublisherPageOptions {
  relay: string;
  key: string;
  /** An NBA game for the game elements, and an MLB game for pitching-matchup. */
  gameId: string;
  mlbGameId: string;
  lang?: string;
  /** false: the page as it is before the script runs (the reserved boxes alone). */
  script?: boolean;
  stylesheet?: boolean;
  /** A column of this many pixels instead of the full width. */
  column?: number;
  /** Extra markup at the top of <head> (a test's recorder). */
  head?: string;
  /** The newsroom's own wording for some messages, as a data-pressbox-messages script. */
  messages?: Record<string, Record<string, string>>;
  /** This element alone, as most article pages carry one widget. */
  only?: ElementTag;
  /**
   * A football page: every element that serves MLS shows it (a match for the game elements, the matchday of `date`
   * for the strip, none for the current one); the others keep their own leagues, as a sports section would.
   */
  soccer?: { gameId: string; date?: string };
  /**
   * A combat sports page: every element that serves MMA shows it (a fighter's last fights, the card of `date` for the
   * strip, none for the current slate); the others keep their own leagues.
   */
  mma?: { fighter: string; gameId?: string; date?: string };
}

/** The body's margin on each side, the browser's default, which the column style keeps. */
const BODY_MARGIN = 8;

/** The page's own style when it puts the elements in a column (a strict policy allows it by its hash). */
export function columnStyle(column: number): string {
  return `body { width: ${column}px; margin: ${BODY_MARGIN}px auto; }`;
}

/**
 * How a reader's `width` is shown by a browser whose window can be no narrower than `narrowestWidth` (MiniBrowser's):
 * a column as wide as that phone's body, which is what the elements size themselves by (container queries).
 * `column` is 0 when the window itself can be that narrow.
 */
export function readerLayout(width: number, narrowestWidth: number): { viewport: number; column: number } {
  return width < narrowestWidth ? { viewport: narrowestWidth, column: width - 2 * BODY_MARGIN } : { viewport: width, column: 0 };
}

/** The game a page features: the slate's first in `status`, else its first. */
export function featuredGame(games: ReadonlyArray<{ id: string; status: string }>, status: string): string {
  return (games.find((game) => game.status === status) ?? games[0]!).id;
}

function soccerElement(tag: ElementTag, { gameId, date }: { gameId: string; date?: string }): string {
  if (tag === 'score-ticker') return '<score-ticker leagues="mls"></score-ticker>';
  if (tag === 'score-strip') return `<score-strip league="mls"${date ? ` date="${date}"` : ''}></score-strip>`;
  if (tag === 'game-header') return `<game-header league="mls" game-id="${gameId}"></game-header>`;
  if (tag === 'last-five' || tag === 'standings-table') return `<${tag} league="mls" team="SEA"></${tag}>`;
  return `<${tag} league="mls"></${tag}>`;
}

/** The element on the MMA page; none for the game header without a bout to show (it then shows the NBA game). */
function mmaElement(tag: ElementTag, { fighter, gameId, date }: NonNullable<PublisherPageOptions['mma']>): string | undefined {
  if (tag === 'score-ticker') return '<score-ticker leagues="mma"></score-ticker>';
  if (tag === 'score-strip') return `<score-strip league="mma"${date ? ` date="${date}"` : ''}></score-strip>`;
  if (tag === 'last-five') return `<last-five league="mma" team="${fighter}"></last-five>`;
  if (tag === 'game-header') return gameId ? `<game-header league="mma" game-id="${gameId}"></game-header>` : undefined;
  return `<${tag} league="mma"></${tag}>`;
}

export function publisherPage(options: PublisherPageOptions): string {
  const { relay, key, gameId, mlbGameId, lang = 'en', script = true, stylesheet = true, column = 0 } = options;
  const elements = (options.only ? [options.only] : ELEMENT_TAGS).map((tag) => {
    if (options.soccer && servesLeague(tag, 'mls')) return soccerElement(tag, options.soccer);
    const combat = options.mma && servesLeague(tag, 'mma') ? mmaElement(tag, options.mma) : undefined;
    if (combat) return combat;
    // The registry's example, with the day's game of the element's league (baseball for the pitching matchup).
    const { example, leagues } = detailsOf(tag);
    const game = (example.league ?? leagues[0]) === 'mlb' ? mlbGameId : gameId;
    const attributes = Object.entries(example).map(([name, value]) => ` ${name}="${value === EXAMPLE_GAME ? game : value}"`);
    return `<${tag}${attributes.join('')}></${tag}>`;
  });
  const dir = RIGHT_TO_LEFT.includes(lang) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Daily Courier</title><link rel="icon" href="data:,">${options.head ?? ''}${stylesheet ? `<link rel="stylesheet" href="${relay}/pressbox.css">` : ''}
${script ? `<script type="module" src="${relay}/pressbox.js" data-key="${key}"></script>` : ''}
${column ? `<style>${columnStyle(column)}</style>` : ''}
${options.messages ? `<script type="application/json" data-pressbox-messages>${JSON.stringify(options.messages)}</script>` : ''}
</head><body>${elements.join('\n')}</body></html>`;
}
