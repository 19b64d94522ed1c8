import { addDays } from '../dates.js';
import type { LeagueCode } from '../leagues.js';
import { RHYTHMS } from './rhythm.js';

export interface DateSpan {
  /** First day, US Eastern calendar date. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

export type SeasonPhase = 'preseason' | 'regular' | 'postseason' | 'offseason';

export interface Season {
  league: LeagueCode;
  /** The year the season opens in. */
  year: number;
  /** As the upstream labels seasons: `2026` within a year, `2026-27` across two. */
  label: string;
  preseason?: DateSpan;
  regular: DateSpan;
  /** Days of the regular season without games: All-Star, Olympic and World Cup breaks. */
  breaks: readonly DateSpan[];
  postseason?: DateSpan;
}

type SeasonRow = [
  year: number,
  regular: [string, string],
  postseason?: [string, string],
  breaks?: Array<[string, string]>,
  preseason?: [string, string],
];

/**
 * Season windows as the leagues published them (league schedule releases for 2025, 2026 and 2026-27; the 2027
 * rows follow each league's usual pattern and are the sandbox's estimate). Years outside the table repeat the
 * 2026 row moved by whole weeks, so weekdays stay what the league plays on.
 */
const TABLE: Record<LeagueCode, readonly SeasonRow[]> = {
  // NFL: Thursday kickoff, 18 weeks, Super Bowl LX 8 Feb 2026, LXI 14 Feb 2027.
  NFL: [
    [2025, ['2025-09-04', '2026-01-04'], ['2026-01-10', '2026-02-08'], [], ['2025-07-31', '2025-08-24']],
    [2026, ['2026-09-10', '2027-01-10'], ['2027-01-16', '2027-02-14'], [], ['2026-08-06', '2026-08-30']],
    [2027, ['2027-09-09', '2028-01-09'], ['2028-01-15', '2028-02-13'], [], ['2027-08-05', '2027-08-29']],
  ],
  // NBA: opening night the third Tuesday of October, All-Star break mid-February, Finals into June.
  NBA: [
    [2025, ['2025-10-21', '2026-04-12'], ['2026-04-14', '2026-06-19'], [['2026-02-13', '2026-02-18']], ['2025-10-02', '2025-10-17']],
    [2026, ['2026-10-20', '2027-04-11'], ['2027-04-13', '2027-06-18'], [['2027-02-12', '2027-02-17']], ['2026-10-02', '2026-10-16']],
    [2027, ['2027-10-19', '2028-04-09'], ['2028-04-11', '2028-06-16'], [['2028-02-11', '2028-02-16']], ['2027-10-01', '2027-10-15']],
  ],
  // NHL: early October to mid-April (the 2026 Winter Olympics break), Stanley Cup Final in June.
  NHL: [
    [
      2025,
      ['2025-10-07', '2026-04-16'],
      ['2026-04-18', '2026-06-20'],
      [
        ['2025-12-24', '2025-12-26'],
        ['2026-02-06', '2026-02-24'],
      ],
      ['2025-09-20', '2025-10-04'],
    ],
    [
      2026,
      ['2026-10-07', '2027-04-15'],
      ['2027-04-17', '2027-06-19'],
      [
        ['2026-12-24', '2026-12-26'],
        ['2027-01-29', '2027-02-02'],
      ],
      ['2026-09-19', '2026-10-03'],
    ],
    [
      2027,
      ['2027-10-06', '2028-04-13'],
      ['2028-04-15', '2028-06-17'],
      [
        ['2027-12-24', '2027-12-26'],
        ['2028-01-28', '2028-02-01'],
      ],
      ['2027-09-18', '2027-10-02'],
    ],
  ],
  // MLB: Opening Day late March (26 March 2026), All-Star break mid-July, World Series ending around 1 November.
  MLB: [
    [2025, ['2025-03-27', '2025-09-28'], ['2025-09-30', '2025-11-01'], [['2025-07-14', '2025-07-17']], ['2025-02-20', '2025-03-25']],
    [2026, ['2026-03-26', '2026-09-27'], ['2026-09-29', '2026-10-31'], [['2026-07-13', '2026-07-16']], ['2026-02-20', '2026-03-24']],
    [2027, ['2027-03-25', '2027-09-26'], ['2027-09-28', '2027-10-30'], [['2027-07-12', '2027-07-15']], ['2027-02-26', '2027-03-23']],
  ],
  // WNBA: mid-May to mid-September, 44 games, Finals in October.
  WNBA: [
    [2025, ['2025-05-16', '2025-09-11'], ['2025-09-14', '2025-10-10'], [['2025-07-18', '2025-07-21']]],
    [2026, ['2026-05-15', '2026-09-13'], ['2026-09-16', '2026-10-16'], [['2026-07-23', '2026-07-27']]],
    [2027, ['2027-05-14', '2027-09-12'], ['2027-09-15', '2027-10-15'], [['2027-07-22', '2027-07-26']]],
  ],
  // College football: Week 0 the last Saturday of August, conference championships the first Saturday of December,
  // the 12-team playoff from the third week of December to the title game in January.
  CFB: [
    [2025, ['2025-08-23', '2025-12-06'], ['2025-12-19', '2026-01-19']],
    [2026, ['2026-08-29', '2026-12-05'], ['2026-12-18', '2027-01-18']],
    [2027, ['2027-08-28', '2027-12-04'], ['2027-12-17', '2028-01-17']],
  ],
  // College basketball: the first Monday of November to Selection Sunday, the tournament ending the first Monday of April.
  NCAAB: [
    [2025, ['2025-11-03', '2026-03-15'], ['2026-03-17', '2026-04-06']],
    [2026, ['2026-11-02', '2027-03-14'], ['2027-03-16', '2027-04-05']],
    [2027, ['2027-11-01', '2028-03-12'], ['2028-03-14', '2028-04-03']],
  ],
  // MLS: late February to Decision Day, paused for the 2026 World Cup (11 June to 19 July), MLS Cup in early December.
  MLS: [
    [2025, ['2025-02-22', '2025-10-18'], ['2025-10-22', '2025-12-06']],
    [2026, ['2026-02-21', '2026-10-31'], ['2026-11-04', '2026-12-05'], [['2026-05-25', '2026-07-16']]],
    [2027, ['2027-02-20', '2027-10-16'], ['2027-10-20', '2027-12-04']],
  ],
  // MMA has no season: events all year, dark from the week before Christmas to the second week of January.
  MMA: [
    [2025, ['2025-01-11', '2025-12-19']],
    [2026, ['2026-01-10', '2026-12-19']],
    [2027, ['2027-01-09', '2027-12-18']],
  ],
};

const WEEK_DAYS = 7;

function shifted(row: SeasonRow, years: number): SeasonRow {
  const days = Math.round((years * 365.25) / WEEK_DAYS) * WEEK_DAYS;
  const move = ([start, end]: [string, string]): [string, string] => [addDays(start, days), addDays(end, days)];
  return [row[0] + years, move(row[1]), row[2] && move(row[2]), row[3]?.map(move), row[4] && move(row[4])];
}

/** `2026` for a season within a year, and for football's weeks, named by the year they open in; `2026-27` for others. */
function labelOf(league: LeagueCode, year: number, regular: DateSpan): string {
  if (regular.start.slice(0, 4) === regular.end.slice(0, 4) || RHYTHMS[league].kind === 'weekly') return String(year);
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

const cache = new Map<string, Season>();

/** The season of a league that opens in `year`. */
export function seasonOpening(league: LeagueCode, year: number): Season {
  const id = `${league}:${year}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const rows = TABLE[league];
  const row =
    rows.find((candidate) => candidate[0] === year) ??
    shifted(
      rows.find((candidate) => candidate[0] === 2026)!,
      year - 2026,
    );
  const span = (pair: [string, string]): DateSpan => ({ start: pair[0], end: pair[1] });
  const regular = span(row[1]);
  const season: Season = {
    league,
    year,
    label: labelOf(league, year, regular),
    regular,
    breaks: (row[3] ?? []).map(span),
    ...(row[2] ? { postseason: span(row[2]) } : {}),
    ...(row[4] ? { preseason: span(row[4]) } : {}),
  };
  cache.set(id, season);
  return season;
}

function firstDay(season: Season): string {
  return season.preseason?.start ?? season.regular.start;
}

function lastDay(season: Season): string {
  return season.postseason?.end ?? season.regular.end;
}

/** The season a date belongs to: the one under way, else the last one played (its table stands until the next opens). */
export function seasonAt(league: LeagueCode, date: string): Season {
  const year = Number(date.slice(0, 4));
  for (const candidate of [seasonOpening(league, year), seasonOpening(league, year - 1)]) {
    if (firstDay(candidate) <= date && date <= lastDay(candidate)) return candidate;
  }
  const thisYear = seasonOpening(league, year);
  return date < firstDay(thisYear) ? seasonOpening(league, year - 1) : thisYear;
}

/** The season that opens next after a date (the one under way when it has not started its regular season). */
export function nextSeason(league: LeagueCode, date: string): Season {
  const year = Number(date.slice(0, 4));
  const thisYear = seasonOpening(league, year);
  return date <= thisYear.regular.start ? thisYear : seasonOpening(league, year + 1);
}

export function phaseOf(season: Season, date: string): SeasonPhase {
  const within = (span: DateSpan | undefined) => !!span && span.start <= date && date <= span.end;
  if (within(season.regular)) return 'regular';
  if (within(season.postseason)) return 'postseason';
  if (within(season.preseason)) return 'preseason';
  return 'offseason';
}

export function isBreak(season: Season, date: string): boolean {
  return season.breaks.some((span) => span.start <= date && date <= span.end);
}
