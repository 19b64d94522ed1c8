import { leagueRecord } from '../../contract/leagues.js';
import type { Team } from '../leagues.js';

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** Home time zone by the city a club carries in its name: public geography. */
const CITY_ZONES: Record<string, string> = {
  Anaheim: PACIFIC,
  Arizona: 'America/Phoenix',
  Atlanta: EASTERN,
  Austin: CENTRAL,
  Baltimore: EASTERN,
  Boston: EASTERN,
  Brooklyn: EASTERN,
  Buffalo: EASTERN,
  Calgary: 'America/Edmonton',
  Carolina: EASTERN,
  Charlotte: EASTERN,
  Chicago: CENTRAL,
  Cincinnati: EASTERN,
  Cleveland: EASTERN,
  Colorado: MOUNTAIN,
  Columbus: EASTERN,
  Connecticut: EASTERN,
  Dallas: CENTRAL,
  Denver: MOUNTAIN,
  Detroit: EASTERN,
  Edmonton: 'America/Edmonton',
  Florida: EASTERN,
  'Golden State': PACIFIC,
  'Green Bay': CENTRAL,
  Houston: CENTRAL,
  Indiana: 'America/Indiana/Indianapolis',
  Indianapolis: 'America/Indiana/Indianapolis',
  Jacksonville: EASTERN,
  'Kansas City': CENTRAL,
  'Las Vegas': PACIFIC,
  'Los Angeles': PACIFIC,
  Memphis: CENTRAL,
  Miami: EASTERN,
  Milwaukee: CENTRAL,
  Minnesota: CENTRAL,
  Montréal: 'America/Toronto',
  Nashville: CENTRAL,
  'New England': EASTERN,
  'New Jersey': EASTERN,
  'New Orleans': CENTRAL,
  'New York': EASTERN,
  'Oklahoma City': CENTRAL,
  Orlando: EASTERN,
  Ottawa: 'America/Toronto',
  Philadelphia: EASTERN,
  Phoenix: 'America/Phoenix',
  Pittsburgh: EASTERN,
  Portland: PACIFIC,
  Sacramento: PACIFIC,
  'Salt Lake': MOUNTAIN,
  'San Antonio': CENTRAL,
  'San Diego': PACIFIC,
  'San Francisco': PACIFIC,
  'San Jose': PACIFIC,
  Seattle: PACIFIC,
  'St. Louis': CENTRAL,
  'Tampa Bay': EASTERN,
  Tennessee: CENTRAL,
  Texas: CENTRAL,
  Toronto: 'America/Toronto',
  Utah: MOUNTAIN,
  Vancouver: 'America/Vancouver',
  Vegas: PACIFIC,
  Washington: EASTERN,
  Winnipeg: 'America/Winnipeg',
};

/** College campuses, where the school's name is not a city (or names another one than the pros'). */
const CAMPUS_ZONES: Record<string, string> = {
  ALA: CENTRAL,
  ARIZ: 'America/Phoenix',
  AUB: CENTRAL,
  BAY: CENTRAL,
  CLEM: EASTERN,
  CONN: EASTERN,
  CREI: CENTRAL,
  DUKE: EASTERN,
  FLA: EASTERN,
  FSU: EASTERN,
  GONZ: PACIFIC,
  HOU: CENTRAL,
  IOWA: CENTRAL,
  ISU: CENTRAL,
  IU: EASTERN,
  KSU: CENTRAL,
  KU: CENTRAL,
  LOU: EASTERN,
  LSU: CENTRAL,
  MARQ: CENTRAL,
  MIA: EASTERN,
  MICH: EASTERN,
  MISS: CENTRAL,
  MSU: EASTERN,
  ND: EASTERN,
  OKLA: CENTRAL,
  ORE: PACIFIC,
  OSU: EASTERN,
  PSU: EASTERN,
  PUR: EASTERN,
  SYR: EASTERN,
  TAMU: CENTRAL,
  TENN: EASTERN,
  TEX: CENTRAL,
  TTU: CENTRAL,
  UCLA: PACIFIC,
  UGA: EASTERN,
  UK: EASTERN,
  UNC: EASTERN,
  USC: PACIFIC,
  UTAH: MOUNTAIN,
  VILL: EASTERN,
  WASH: PACIFIC,
  WIS: CENTRAL,
};

export const EASTERN_TIME = EASTERN;

/** The time zone a team plays its home games in (Eastern for an MMA fighter: cards are billed in Eastern time). */
export function homeZoneOf(team: Team): string {
  if (leagueRecord(team.league)?.college) return CAMPUS_ZONES[team.abbreviation] ?? EASTERN;
  return CITY_ZONES[team.city] ?? EASTERN;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function zoneOffsetMs(zone: string, ms: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/** The instant a wall-clock time (`19:05`) on a date is in a time zone, daylight saving included. */
export function zonedInstant(date: string, time: string, zone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const guess = wall - zoneOffsetMs(zone, wall);
  return wall - zoneOffsetMs(zone, guess);
}

const easternDates = new Intl.DateTimeFormat('en-CA', { timeZone: EASTERN, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in US Eastern time: the date a North American schedule files a game under. */
export function easternDateOf(ms: number): string {
  return easternDates.format(ms);
}
