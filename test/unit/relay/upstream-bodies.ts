// Small bodies in the data service's shapes (upstream/schemas.ts), written for the resources' unit tests: a few teams
// and builders for the records every feed shares. Each test adds what its case is about and nothing more.
import type { z } from 'zod';
import type { liveGameSchema, lineRecordSchema, storedGamesSchema, teamSchema } from '../../../src/relay/upstream/schemas.js';

type TeamBody = z.input<typeof teamSchema>;
type LiveGameBody = z.input<typeof liveGameSchema>;
type StoredGameBody = z.input<typeof storedGamesSchema>['data'][number];
type LineRecordBody = z.input<typeof lineRecordSchema>;

/** Teams by league and abbreviation: city, nickname, colours (the real clubs'). */
export const TEAMS = {
  nba: {
    BOS: ['Boston', 'Celtics', '#007A33', '#BA9653'],
    NYK: ['New York', 'Knicks', '#006BB6', '#F58426'],
    LAL: ['Los Angeles', 'Lakers', '#552583', '#FDB927'],
    MIA: ['Miami', 'Heat', '#98002E', '#F9A01B'],
  },
  mlb: {
    NYY: ['New York', 'Yankees', '#0C2340', '#C4CED3'],
    BOS: ['Boston', 'Red Sox', '#BD3039', '#0C2340'],
  },
  mls: {
    SEA: ['Seattle', 'Sounders FC', '#5D9741', '#005595'],
    POR: ['Portland', 'Timbers', '#004812', '#D69A00'],
    LA: ['Los Angeles', 'Galaxy', '#00245D', '#FFD200'],
    ATX: ['Austin', 'FC', '#00B140', '#000000'],
  },
} as const satisfies Record<string, Record<string, readonly [string, string, string, string]>>;

type League = keyof typeof TEAMS;

/** The name the live feed and the odds feeds give a team: city and nickname (`Boston Celtics`). */
export function fullName(league: League, abbreviation: string): string {
  const row = (TEAMS[league] as Record<string, readonly string[]>)[abbreviation];
  return row ? `${row[0]} ${row[1]}` : abbreviation;
}

/** A /teams row, with standings when given. */
export function teamRow(league: League, abbreviation: string, standings?: TeamBody['standings']): TeamBody {
  const [city, name, primaryColor, secondaryColor] = (TEAMS[league] as Record<string, readonly string[]>)[abbreviation]!;
  return {
    teamId: abbreviation.toLowerCase(),
    league,
    city: city!,
    name: name!,
    abbreviation,
    primaryColor,
    secondaryColor,
    ...(standings && { standings }),
  };
}

/** The /teams answer for every team of a league (or those named). */
export function teamsBody(league: League, only?: string[]): { league: string; data: TeamBody[] } {
  return { league, data: (only ?? Object.keys(TEAMS[league])).map((abbreviation) => teamRow(league, abbreviation)) };
}

/** A live-feed game of `away` at `home` (abbreviations of `league`); a score is given as [away, home]. */
export function liveGame(
  league: League,
  gameId: string,
  [away, home]: [string, string],
  fields: Omit<Partial<LiveGameBody>, 'homeTeam' | 'awayTeam'> & { score?: [number, number] } = {},
): LiveGameBody {
  const { score, ...rest } = fields;
  return {
    gameId,
    status: 'scheduled',
    awayTeam: { name: fullName(league, away), abbreviation: away, score: score?.[0] ?? null },
    homeTeam: { name: fullName(league, home), abbreviation: home, score: score?.[1] ?? null },
    ...rest,
  };
}

/** A game of the stored schedule (/games) of `away` at `home`. */
export function storedGame(
  league: League,
  serviceGameId: string,
  [away, home]: [string, string],
  fields: Omit<Partial<StoredGameBody>, 'homeTeam' | 'awayTeam'> = {},
): StoredGameBody {
  const team = (abbreviation: string) => ({ name: fullName(league, abbreviation), abbreviation });
  return { serviceGameId, league, awayTeam: team(away), homeTeam: team(home), ...fields };
}

/** A /lines record of `away` at `home`, keyed by the teams' names as the odds feeds are. */
export function lineRecord(
  league: League,
  gameId: string,
  [away, home]: [string, string],
  lines: LineRecordBody['lines'],
  fields: Partial<LineRecordBody> = {},
): LineRecordBody {
  return { gameId, homeTeamName: fullName(league, home), awayTeamName: fullName(league, away), lines, ...fields };
}
