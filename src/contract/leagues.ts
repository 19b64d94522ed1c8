/** The sports the leagues play: the sandbox simulates each, and a college league is named by its sport. */
export type Sport = 'football' | 'basketball' | 'baseball' | 'hockey' | 'soccer' | 'mma';

/**
 * How a game's progress reads: a clock running down through `quarters` (Q3), `halves` (2nd Half) or hockey's `periods`
 * (2nd); football's `minutes`, counted up (67', HT) to full time (FT); `innings` and outs (Top 7th, 2 outs); a bout's
 * `rounds` (R2), which are never overtime.
 */
export type Progress = 'quarters' | 'halves' | 'periods' | 'minutes' | 'innings' | 'rounds';

/**
 * What one league does differently, as facts the relay, the sandbox and the elements read: no other module tests a
 * league's code or sport (test/unit/contract/leagues.test.ts). Browsers get the table: facts, never words.
 */
export interface League {
  sport: Sport;
  progress: Progress;
  /** Periods (or innings) in regulation; later ones are overtime. MMA: a bout's most rounds (it is scheduled for 3, or 5). */
  regulationPeriods: number;
  /** Minutes of one regulation period where a clock runs down: what a game's pace reads. */
  periodMinutes?: number;
  /** Points within which a game in its last regulation period is close (a score or two): its topic is polled faster. */
  closeMargin?: number;
  /** Games can end level: a `tie` (the NFL's: its tables always have the column) or a `draw` (football's, a fight's). */
  endsLevel?: 'tie' | 'draw';
  /** Tables ranked by `points` (three for a win, one for a draw), then goal difference; otherwise by winning percentage. */
  standings?: 'points';
  /** Writes the home side first: football's, and MMA's red corner, billed first; otherwise the visitors first. */
  homeFirst?: true;
  /** Its sides are fighters on cards of bouts, not teams: no table, injury report or team statistics. */
  bouts?: true;
  /** A college league, named by its sport ("College football") in menus and in the reader's language. */
  college?: true;
  /** Betting markets in the data service (lines, props, win probability): the relay asks for them. */
  markets?: true;
  /** One of the data service's odds leagues: odds, splits and their history too (college basketball is not). */
  odds?: true;
}

/** The leagues the widgets cover, each with its record, in the order menus and lists show them. */
export const LEAGUES = {
  nfl: {
    sport: 'football',
    progress: 'quarters',
    regulationPeriods: 4,
    periodMinutes: 15,
    closeMargin: 8,
    endsLevel: 'tie',
    markets: true,
    odds: true,
  },
  nba: { sport: 'basketball', progress: 'quarters', regulationPeriods: 4, periodMinutes: 12, closeMargin: 6, markets: true, odds: true },
  wnba: { sport: 'basketball', progress: 'quarters', regulationPeriods: 4, periodMinutes: 10, closeMargin: 6, markets: true, odds: true },
  mlb: { sport: 'baseball', progress: 'innings', regulationPeriods: 9, closeMargin: 2, markets: true, odds: true },
  nhl: { sport: 'hockey', progress: 'periods', regulationPeriods: 3, periodMinutes: 20, closeMargin: 1, markets: true, odds: true },
  mls: {
    sport: 'soccer',
    progress: 'minutes',
    regulationPeriods: 2,
    closeMargin: 1,
    endsLevel: 'draw',
    standings: 'points',
    homeFirst: true,
  },
  mma: { sport: 'mma', progress: 'rounds', regulationPeriods: 5, endsLevel: 'draw', homeFirst: true, bouts: true },
  cfb: {
    sport: 'football',
    progress: 'quarters',
    regulationPeriods: 4,
    periodMinutes: 15,
    closeMargin: 8,
    college: true,
    markets: true,
    odds: true,
  },
  ncaab: {
    sport: 'basketball',
    progress: 'halves',
    regulationPeriods: 2,
    periodMinutes: 20,
    closeMargin: 6,
    college: true,
    markets: true,
  },
} as const satisfies Record<string, League>;

export type WidgetLeague = keyof typeof LEAGUES;

/** The leagues' codes, in the table's order: the relay validates against it, lists and menus follow it. */
export const WIDGET_LEAGUES = /* @__PURE__ */ Object.keys(LEAGUES) as readonly WidgetLeague[];

/** Other names publishers write for the same leagues. */
export const LEAGUE_ALIASES: Readonly<Record<string, WidgetLeague>> = { ncaaf: 'cfb', cbb: 'ncaab' };

/** The league a parameter names (`NBA`, `ncaaf`), or undefined. */
export function widgetLeague(value: string): WidgetLeague | undefined {
  const code = value.trim().toLowerCase();
  if (Object.hasOwn(LEAGUES, code)) return code as WidgetLeague;
  return Object.hasOwn(LEAGUE_ALIASES, code) ? LEAGUE_ALIASES[code] : undefined;
}

/** The record of a league as payloads, attributes and the data service write it (`mls`, `NCAAF`, `MLB`), if it is one. */
export function leagueRecord(code: string): League | undefined {
  const league = widgetLeague(code);
  return league && LEAGUES[league];
}

/** Whether the data service has betting markets (lines, props) for a league: the relay asks for none otherwise. */
export function hasBettingMarkets(league: string): boolean {
  return leagueRecord(league)?.markets === true;
}

/** A league's name in English menus (the snippet builder, the demo gallery); elements say it in the reader's language. */
export function leagueTitle(code: WidgetLeague): string {
  const { sport, college }: League = LEAGUES[code];
  if (college) return `College ${sport}`;
  // Football, to a reader of North American sports, is the other game.
  return sport === 'soccer' ? `${code.toUpperCase()} (soccer)` : code.toUpperCase();
}
