import { CFB_TEAMS, MLB_TEAMS, MLS_TEAMS, NBA_TEAMS, NCAAB_TEAMS, NFL_TEAMS, NHL_TEAMS, WNBA_TEAMS, type TeamRow } from './data/teams.js';
import { LEAGUE_ALIASES, LEAGUES as RECORDS, WIDGET_LEAGUES, type League as LeagueRecord, type WidgetLeague } from '../contract/leagues.js';
import { createRandom } from './random.js';
import { buildFighters } from './fighters.js';
import type { WeightClass } from './data/fighters.js';

export type { Sport } from '../contract/leagues.js';

/** Upper-case codes as responses carry them. College football is `CFB` (alias `NCAAF`), college basketball `NCAAB` (alias `CBB`). */
export type LeagueCode = 'NFL' | 'NBA' | 'WNBA' | 'MLB' | 'NHL' | 'CFB' | 'NCAAB' | 'MLS' | 'MMA';

export interface Team {
  league: LeagueCode;
  index: number;
  abbreviation: string;
  city: string;
  nickname: string;
  fullName: string;
  primaryColor: string;
  secondaryColor: string;
  /** Numeric-string form used by /games. */
  numericId: string;
  /** Season-long strength on a standard-normal scale; drives scoring and therefore the lines. */
  strength: number;
  /** MMA fighters only: division, country and career record (shapes not shown in the spec: the sandbox's choice). */
  division?: WeightClass;
  country?: string;
  record?: { wins: number; losses: number; draws: number };
}

/**
 * `season`: each league plays its real calendar (src/sandbox/calendar). `round-the-clock`: every league plays every day,
 * its slate spread over the whole day, so one instant shows every state of every league (tests and screenshots pin one).
 */
export type CalendarName = 'season' | 'round-the-clock';
export const CALENDAR_NAMES: readonly CalendarName[] = ['season', 'round-the-clock'];

/**
 * A league as the sandbox plays it: its record (contract/leagues.ts: sport, periods, draws, markets…), which the
 * simulated service reads as the relay and the elements do (its `odds` leagues offer lines, odds-games and splits), and
 * what the data service alone knows.
 */
export interface League extends LeagueRecord {
  code: LeagueCode;
  calendar: CalendarName;
  /** `<sport>_<league>` as the odds endpoints show it. */
  sportKey: string;
  teams: readonly Team[];
  /** Rounds in which every team plays once; leagues with few teams play twice a day so one is always live. */
  roundsPerDay: number;
  /** UTC weekdays (0 = Sunday) with games; undefined = every day. Football plays matchdays with empty days between. */
  matchdays?: readonly number[];
  /** Standard deviation of the final margin, used to turn expected margins into win probabilities. */
  marginSd: number;
  /** Its injury reports are practice reports (the NFL's): the week, and each player's practice and game designation. */
  practiceReports?: true;
}

/** The widget leagues (contract/leagues.ts) and their aliases, plus the leagues only the data service covers. */
const ALIASES: Record<string, LeagueCode> = {
  ...Object.fromEntries(
    [...WIDGET_LEAGUES.map((code) => [code, code]), ...Object.entries(LEAGUE_ALIASES)].map(([name, code]) => [
      name,
      code.toUpperCase() as LeagueCode,
    ]),
  ),
  mma: 'MMA',
};

export const LEAGUE_PARAM_VALUES = Object.keys(ALIASES);

/** The numeric-string id /games shows: the league's thousand, then the team's place in it. */
function numericIdOf(leagueNumber: number, index: number): string {
  return String(leagueNumber * 1000 + index + 1);
}

function buildTeams(code: LeagueCode, leagueNumber: number, rows: readonly TeamRow[]): Team[] {
  return rows.map(([abbreviation, city, nickname, primaryColor, secondaryColor, fullName], index) => ({
    league: code,
    index,
    abbreviation,
    city,
    nickname,
    fullName: fullName ?? `${city} ${nickname}`,
    primaryColor,
    secondaryColor,
    numericId: numericIdOf(leagueNumber, index),
    strength: Math.max(-2.2, Math.min(2.2, createRandom('strength', code, abbreviation).normal(0, 1))),
  }));
}

function league(
  code: LeagueCode,
  leagueNumber: number,
  sportKey: string,
  rows: readonly TeamRow[],
  options: { roundsPerDay?: number; matchdays?: readonly number[]; marginSd: number; practiceReports?: true },
  teams: readonly Team[] = buildTeams(code, leagueNumber, rows),
): League {
  return {
    ...(RECORDS[code.toLowerCase() as WidgetLeague] as LeagueRecord),
    code,
    calendar: 'season',
    sportKey,
    teams,
    roundsPerDay: options.roundsPerDay ?? 1,
    ...(options.matchdays ? { matchdays: options.matchdays } : {}),
    marginSd: options.marginSd,
    ...(options.practiceReports ? { practiceReports: options.practiceReports } : {}),
  };
}

export const LEAGUES: Record<LeagueCode, League> = {
  NFL: league('NFL', 1, 'americanfootball_nfl', NFL_TEAMS, { marginSd: 13.5, practiceReports: true }),
  NBA: league('NBA', 2, 'basketball_nba', NBA_TEAMS, { marginSd: 12 }),
  WNBA: league('WNBA', 3, 'basketball_wnba', WNBA_TEAMS, { roundsPerDay: 2, marginSd: 10 }),
  MLB: league('MLB', 4, 'baseball_mlb', MLB_TEAMS, { marginSd: 4.3 }),
  NHL: league('NHL', 5, 'icehockey_nhl', NHL_TEAMS, { marginSd: 2.4 }),
  CFB: league('CFB', 6, 'americanfootball_ncaaf', CFB_TEAMS, { marginSd: 16 }),
  NCAAB: league('NCAAB', 7, 'basketball_ncaab', NCAAB_TEAMS, { marginSd: 11 }),
  // Wednesday, Saturday and Sunday matchdays, every club once each; Monday, Tuesday, Thursday and Friday have none.
  MLS: league('MLS', 8, 'soccer_usa_mls', MLS_TEAMS, { matchdays: [0, 3, 6], marginSd: 1.6 }),
  // Cards on event nights, which src/sandbox/cards.ts decides (every Saturday, and the Friday of every other week).
  MMA: league(
    'MMA',
    9,
    'mma_mixed_martial_arts',
    [],
    { marginSd: 1 },
    buildFighters().map((fighter, index) => ({ ...fighter, league: 'MMA', index, numericId: numericIdOf(9, index) })),
  ),
};

const ROUND_THE_CLOCK = Object.fromEntries(
  Object.entries(LEAGUES).map(([code, league]) => [code, { ...league, calendar: 'round-the-clock' }]),
) as Record<LeagueCode, League>;

/** The leagues as one calendar plays them; teams are the same objects on both. */
export function leaguesOn(calendar: CalendarName): Record<LeagueCode, League> {
  return calendar === 'season' ? LEAGUES : ROUND_THE_CLOCK;
}

/** League code from a request parameter, in either case and with the spec's aliases; undefined when unknown. */
export function parseLeague(value: string | undefined, calendar: CalendarName = 'season'): League | undefined {
  if (!value) return undefined;
  const code = ALIASES[value.trim().toLowerCase()];
  return code ? leaguesOn(calendar)[code] : undefined;
}

export function findTeam(league: League, value: string): Team | undefined {
  const wanted = value.trim().toLowerCase();
  return league.teams.find(
    (team) =>
      team.abbreviation.toLowerCase() === wanted ||
      team.numericId === wanted ||
      team.fullName.toLowerCase() === wanted ||
      team.nickname.toLowerCase() === wanted,
  );
}
