/** The leagues the widgets cover, in one place: the relay validates against it, the elements and sandbox read it. */
export const WIDGET_LEAGUES = ['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'mls', 'mma', 'cfb', 'ncaab'] as const;
export type WidgetLeague = (typeof WIDGET_LEAGUES)[number];

/** Each league's name in English menus (the snippet builder, the demo gallery); elements say it in the reader's language. */
export const LEAGUE_TITLES: Readonly<Record<WidgetLeague, string>> = {
  nfl: 'NFL',
  nba: 'NBA',
  wnba: 'WNBA',
  mlb: 'MLB',
  nhl: 'NHL',
  mls: 'MLS (soccer)',
  mma: 'MMA',
  cfb: 'College football',
  ncaab: 'College basketball',
};

/** Other names publishers write for the same leagues. */
export const LEAGUE_ALIASES: Readonly<Record<string, WidgetLeague>> = { ncaaf: 'cfb', cbb: 'ncaab' };

/** Periods (or innings) in regulation; later ones are overtime. MMA's rounds are the bout's own (3, or 5): none is overtime. */
export const REGULATION_PERIODS: Readonly<Record<WidgetLeague, number>> = {
  nfl: 4,
  nba: 4,
  wnba: 4,
  mlb: 9,
  nhl: 3,
  mls: 2,
  mma: 5,
  cfb: 4,
  ncaab: 2,
};

/** Minutes of one regulation period where a clock runs down (a quarter, a half, a period): what a game's pace reads. */
export const PERIOD_MINUTES: Readonly<Partial<Record<WidgetLeague, number>>> = { nfl: 15, nba: 12, wnba: 10, nhl: 20, cfb: 15, ncaab: 20 };

/** The league a parameter names (`NBA`, `ncaaf`), or undefined. */
export function widgetLeague(value: string): WidgetLeague | undefined {
  const code = value.trim().toLowerCase();
  return (WIDGET_LEAGUES as readonly string[]).includes(code) ? (code as WidgetLeague) : LEAGUE_ALIASES[code];
}
