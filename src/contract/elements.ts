// Types only: the loader bundles its own copy of this module, which must import nothing at run time.
import type { LEAGUES, WidgetLeague } from './leagues.js';

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
  'score-strip': { height: 136, formerName: 'strip', attributeHeights: { '[bet-state]': 168 } },
  // A football match or a bout has no betting line nor splits to show under the score: its box is the score's.
  'game-header': {
    height: 360,
    formerName: 'header',
    attributeHeights: { '[bet-state]': 384, '[league=mls i]': 150, '[league=mma i]': 150 },
  },
  'win-probability': { height: 330 },
  'player-props': { height: 400, formerName: 'props' },
  'last-five': { height: 188 },
  // One team's report holds a few players: its box is the heading and one player (two on a wide box), as most teams
  // list; longer lists scroll inside it.
  'injury-report': { height: 420, formerName: 'injuries', attributeHeights: { "[team]:not([team=''])": 180 } },
  'standings-table': { height: 420, formerName: 'standings' },
  'team-stats': { height: 280 },
  'pitching-matchup': { height: 300, formerName: 'matchup' },
  'fight-card': { height: 480 },
  'odds-board': { height: 420 },
  'betting-splits': { height: 420 },
  'line-movement': { height: 400 },
} as const satisfies Record<`${string}-${string}`, ElementBox>;

export interface ElementBox {
  height: number;
  formerName?: string;
  /**
   * Other heights, by the selector of the attributes that call for them, later ones first: a league whose data takes
   * another height (`[league=mls i]`), narrowed to one team (`[team]:not([team=''])`, a `team` with a value), or showing
   * each game's state against its closing line (`[bet-state]`, a line more).
   */
  attributeHeights?: Readonly<Record<string, number>>;
}

/** The selector of an element narrowed to one team: a `team` attribute with a value. */
const ONE_TEAM = `[team]:not([team=''])`;
const BET_STATE = '[bet-state]';

export type ElementTag = keyof typeof ELEMENT_BOXES;

export const ELEMENT_TAGS = /* @__PURE__ */ Object.keys(ELEMENT_BOXES) as ElementTag[];

export function isElementTag(tag: string): tag is ElementTag {
  return Object.hasOwn(ELEMENT_BOXES, tag);
}

/** The property a page sets to give an element another reserved height. */
export function sizeProperty(tag: ElementTag): `--pb-${ElementTag}-height` {
  return `--pb-${tag}-height`;
}

/** The attributes that choose the tag's box (`league`, `team`, `bet-state`; once for each of its `attributeHeights`). */
export function boxAttributes(tag: ElementTag): string[] {
  return Object.keys((ELEMENT_BOXES[tag] as ElementBox).attributeHeights ?? {}).map((selector) => /[\w-]+/.exec(selector)![0]);
}

/** The element's reserved height in CSS pixels for a league (its `league` attribute, in any case) and a `team`. */
export function reservedHeightOf(tag: ElementTag, league = '', team = '', betState = false): number {
  const box: ElementBox = ELEMENT_BOXES[tag];
  return (
    (team.trim() && box.attributeHeights?.[ONE_TEAM]) ||
    (betState && box.attributeHeights?.[BET_STATE]) ||
    box.attributeHeights?.[`[league=${league.trim().toLowerCase()} i]`] ||
    box.height
  );
}

/**
 * The element's reserved height as CSS rules, for its host style and for the loader's placeholder box: `select('')`
 * gives the selector of its own box, `select('[league=mls i]')` that of a league with a box of its own, and
 * `select(ONE_TEAM)` that of one team's (each of `attributeHeights`).
 */
function reservedHeightRules(tag: ElementTag, select: (league: string) => string, declarations = ''): string {
  const { height, formerName, attributeHeights }: ElementBox = ELEMENT_BOXES[tag];
  const boxes: Array<[string, number]> = [['', height], ...Object.entries(attributeHeights ?? {})];
  return boxes
    .map(
      ([attribute, px]) =>
        `${select(attribute)}{${declarations}height:var(${sizeProperty(tag)},${formerName ? `var(--pb-${formerName}-height,${px}px)` : `${px}px`});}`,
    )
    .join('');
}

/** The element's own host rules: its reserved box, and the box of each league that has one. */
export function hostBoxCss(tag: ElementTag): string {
  return reservedHeightRules(tag, (league) => (league ? `:host(${league})` : ':host'));
}

/**
 * Boxes for tags not yet defined; `:where` leaves the page's own rules in charge. Adopted by the loader, and served in
 * pressbox.css with what keeps a publisher's content inside them (below, and contract/gambling-line.ts).
 */
export function reservedSizesCss(): string {
  return ELEMENT_TAGS.map((tag) =>
    reservedHeightRules(tag, (league) => `:where(${tag}${league}:not(:defined))`, 'display:block;box-sizing:border-box;'),
  ).join('\n');
}

/**
 * For pressbox.css: what a publisher puts inside an element not yet defined stays inside its box (`overflow` also keeps
 * a child's margin from leaking through the box's edge and moving the page).
 */
export function containedContentCss(): string {
  return `:where(${ELEMENT_TAGS.join(',')}):not(:defined){overflow:hidden}`;
}

export interface ElementDetails {
  /** The leagues it serves; its route refuses any other with `bad_request` naming these (docs: element × league table). */
  leagues: readonly WidgetLeague[];
  /** What the element shows, for frame titles and the snippet builder's menu. */
  title: string;
  /**
   * The data route it reads, a path of `DataRoutes` (contract/routes.ts, which holds it to one: importing it here would
   * be a cycle); the route's elements, the leagues it serves and the docs follow.
   */
  route: `/v1/${string}`;
  /** The element's own attributes that a script-free embed may set, beside the ones every element takes. */
  embedAttributes: readonly string[];
  /** Says season words (standings, team statistics, pitchers): each locale's catalog ships those in a part of its own. */
  seasonWords: boolean;
  /** Follows games in progress: its page fetches the live kit once its data is live (widgets/ui/live.ts). */
  live: boolean;
  /** Shows betting data (odds, splits, props): a key set to hide odds is refused its route (relay/resources/hidden-odds.ts). */
  betting: boolean;
  /**
   * The attributes of a typical tag, as the docs show it and the test pages and screenshots write it; `GAME_ID` stands
   * for a game of the element's league the page finds on the day's slate.
   */
  example: Readonly<Record<string, string>>;
  /**
   * Takes a responsible-gambling line (`<p slot="gambling">`, or an embed's `gambling=`), which pressbox.css places at
   * the foot of its box from the first paint, where the element shows it in every state.
   */
  gamblingLine?: true;
}

/** An attribute without which an element can show nothing. */
export type RequiredAttribute = 'league' | 'game-id' | 'team';

/**
 * The attributes without which each element can show nothing, in the order it names them to a publisher who left one
 * out (ui/pressbox-element.ts); the snippet builder picks a first choice for a required `team`. Kept apart from the
 * details, as every element reads it. An element not listed requires none: `<score-ticker>` takes `leagues` or
 * `league`, `<fight-card>` shows MMA's card.
 */
export const ELEMENT_REQUIRES: Partial<Record<ElementTag, readonly RequiredAttribute[]>> = {
  'score-strip': ['league'],
  'game-header': ['league', 'game-id'],
  'win-probability': ['league', 'game-id'],
  'player-props': ['league', 'game-id'],
  'last-five': ['league', 'team'],
  'injury-report': ['league'],
  'standings-table': ['league'],
  'team-stats': ['league', 'team'],
  // Of MLB only: the relay takes its league from the game.
  'pitching-matchup': ['game-id'],
  'odds-board': ['league'],
  'betting-splits': ['league'],
  'line-movement': ['league', 'game-id'],
};

/** Whether an element can show nothing without this attribute. */
export function requiresAttribute(tag: ElementTag, name: RequiredAttribute): boolean {
  return ELEMENT_REQUIRES[tag]?.includes(name) ?? false;
}

/** In an element's example, the game a page fills in. */
export const EXAMPLE_GAME = 'GAME_ID';

/** The leagues whose record (contract/leagues.ts) has `Fact`. */
type LeaguesWith<Fact> = { [Code in WidgetLeague]: (typeof LEAGUES)[Code] extends Fact ? Code : never }[WidgetLeague];

/**
 * A list of exactly `Leagues`, written out as this module imports nothing at run time: the compiler refuses a list the
 * league table disagrees with, and names the league it lacks.
 */
const exactly =
  <Leagues extends WidgetLeague>() =>
  <const List extends readonly Leagues[]>(
    list: List & ([Exclude<Leagues, List[number]>] extends [never] ? unknown : { lacks: Exclude<Leagues, List[number]> }),
  ): List =>
    list;

/**
 * Leagues with betting markets: the data service's odds leagues, and college basketball, whose games the elements show
 * without a line when the service has none. Soccer and MMA have no lines, odds or props in the service.
 */
const MARKET_LEAGUES = /* @__PURE__ */ exactly<LeaguesWith<{ markets: true }>>()(['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'cfb', 'ncaab']);
/** The data service's odds leagues: lines, splits and their history (college basketball has none). */
const ODDS_LEAGUES = /* @__PURE__ */ exactly<LeaguesWith<{ odds: true }>>()(['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'cfb']);
/** Every league the widgets cover. */
const EVERY_LEAGUE = /* @__PURE__ */ exactly<WidgetLeague>()(['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'mls', 'mma', 'cfb', 'ncaab']);
/** Leagues of teams: all but MMA's bouts, whose sides are fighters (no injury report nor table in the data service). */
const TEAM_LEAGUES = /* @__PURE__ */ exactly<Exclude<WidgetLeague, LeaguesWith<{ bouts: true }>>>()([
  'nfl',
  'nba',
  'wnba',
  'mlb',
  'nhl',
  'mls',
  'cfb',
  'ncaab',
]);

/** What the relay, the build and the docs know of each element beyond its box. */
export const ELEMENT_DETAILS = {
  'score-ticker': {
    title: 'Live scores ticker',
    route: '/v1/scores',
    embedAttributes: ['leagues', 'as-of', 'bet-state'],
    live: true,
    betting: false,
    seasonWords: false,
    example: { leagues: 'nba,nhl,nfl' },
    leagues: EVERY_LEAGUE,
  },
  'score-strip': {
    title: 'Scores',
    route: '/v1/scores',
    embedAttributes: ['date', 'team', 'game-href', 'as-of', 'bet-state'],
    live: true,
    betting: false,
    seasonWords: false,
    example: { league: 'nba' },
    leagues: EVERY_LEAGUE,
  },
  'game-header': {
    title: 'Game',
    route: '/v1/games/{gameId}',
    embedAttributes: ['game-id', 'date', 'announce', 'bet-state'],
    live: true,
    betting: false,
    seasonWords: false,
    example: { league: 'nba', 'game-id': EXAMPLE_GAME },
    leagues: EVERY_LEAGUE,
  },
  'win-probability': {
    title: 'Win probability',
    route: '/v1/win-probability',
    embedAttributes: ['game-id', 'date'],
    live: true,
    betting: false,
    seasonWords: false,
    example: { league: 'nba', 'game-id': EXAMPLE_GAME },
    leagues: MARKET_LEAGUES,
  },
  'player-props': {
    title: 'Player props',
    route: '/v1/props',
    embedAttributes: ['game-id', 'markets', 'date'],
    live: false,
    betting: true,
    seasonWords: false,
    example: { league: 'nba', 'game-id': EXAMPLE_GAME },
    leagues: MARKET_LEAGUES,
  },
  'last-five': {
    title: 'Recent form',
    route: '/v1/form',
    embedAttributes: ['team', 'opponent', 'as-of'],
    live: false,
    betting: false,
    seasonWords: false,
    example: { league: 'nba', team: 'BOS' },
    leagues: EVERY_LEAGUE,
  },
  'injury-report': {
    title: 'Injury report',
    route: '/v1/injuries',
    embedAttributes: ['team', 'as-of'],
    live: false,
    betting: false,
    seasonWords: false,
    example: { league: 'nba' },
    leagues: TEAM_LEAGUES,
  },
  'standings-table': {
    title: 'Standings',
    route: '/v1/standings',
    embedAttributes: ['team', 'as-of'],
    live: false,
    betting: false,
    seasonWords: true,
    example: { league: 'nba', team: 'BOS' },
    leagues: TEAM_LEAGUES,
  },
  // The data service offers team statistics for these four only.
  'team-stats': {
    title: 'Team statistics',
    route: '/v1/team-stats',
    embedAttributes: ['team', 'layout', 'as-of'],
    live: false,
    betting: false,
    seasonWords: true,
    example: { league: 'nba', team: 'BOS' },
    leagues: ['nfl', 'nba', 'mlb', 'nhl'],
  },
  'pitching-matchup': {
    title: 'Pitching matchup',
    route: '/v1/pitching-matchup',
    embedAttributes: ['game-id', 'date'],
    live: false,
    betting: false,
    seasonWords: true,
    example: { 'game-id': EXAMPLE_GAME },
    leagues: ['mlb'],
  },
  'fight-card': {
    title: 'Fight card',
    route: '/v1/fight-card',
    embedAttributes: ['date'],
    live: true,
    betting: false,
    seasonWords: false,
    example: {},
    leagues: ['mma'],
  },
  'odds-board': {
    title: 'Odds board',
    route: '/v1/odds',
    embedAttributes: ['team', 'sort', 'markets'],
    live: true,
    betting: true,
    gamblingLine: true,
    seasonWords: false,
    example: { league: 'nba' },
    leagues: ODDS_LEAGUES,
  },
  'betting-splits': {
    title: 'Betting splits',
    route: '/v1/betting-splits',
    embedAttributes: ['game-id', 'team'],
    live: false,
    betting: true,
    gamblingLine: true,
    seasonWords: false,
    example: { league: 'nba' },
    leagues: ODDS_LEAGUES,
  },
  'line-movement': {
    title: 'Line movement',
    route: '/v1/line-movement',
    embedAttributes: ['game-id', 'date', 'market'],
    live: false,
    betting: true,
    gamblingLine: true,
    seasonWords: false,
    example: { league: 'nba', 'game-id': EXAMPLE_GAME },
    leagues: ODDS_LEAGUES,
  },
} as const satisfies Record<ElementTag, ElementDetails>;

/** An element's details as one shape, whichever element it is. */
export const detailsOf = (tag: ElementTag): ElementDetails => ELEMENT_DETAILS[tag];

/** The elements that take a responsible-gambling line, in the registry's order. */
export const GAMBLING_LINE_TAGS: readonly ElementTag[] = /* @__PURE__ */ ELEMENT_TAGS.filter((tag) => detailsOf(tag).gamblingLine);

/** Whether an element serves a league (a code as the relay writes it: `nba`, `cfb`). */
export function servesLeague(tag: ElementTag, league: string): boolean {
  return (ELEMENT_DETAILS[tag].leagues as readonly string[]).includes(league);
}
