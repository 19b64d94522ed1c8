import type { LeagueCode } from '../leagues.js';
import type { Random } from '../random.js';

/** A start on a game's date: a wall-clock time in the home team's zone, or in US Eastern time (national windows). */
export interface StartTime {
  time: string;
  zone: 'home' | 'eastern';
}

/** How a league that plays most days spreads its games over a week and an evening. */
export interface DailyRhythm {
  kind: 'daily';
  gamesPerTeam: number;
  /** Relative share of a week's games on each weekday, Sunday first; 0 = none. */
  weekdayWeights: readonly number[];
  /** Wall-clock length of regulation, breaks included. */
  plannedMinutes: number;
  /**
   * A national Christmas: the Eastern starts of Christmas Day's games, one each, the league dark on Thanksgiving and
   * Christmas Eve (the NBA's).
   */
  christmas?: readonly string[];
  /** The start of the `index`th of `count` games on a weekday. */
  start(weekday: number, index: number, count: number, random: Random): StartTime;
}

/** Football: a week of games around one day (NFL Sunday, college Saturday), each team at most once a week. */
export interface WeeklyRhythm {
  kind: 'weekly';
  gamesPerTeam: number;
  plannedMinutes: number;
}

/** MMA: cards on event nights (src/sandbox/cards.ts). */
export interface CardRhythm {
  kind: 'cards';
}

export type Rhythm = DailyRhythm | WeeklyRhythm | CardRhythm;

const SATURDAY = 6;
const SUNDAY = 0;
const local = (time: string): StartTime => ({ time, zone: 'home' });
const eastern = (time: string): StartTime => ({ time, zone: 'eastern' });

/**
 * Weekly shapes and start times from the leagues' published 2025-26 schedules: NBA and NHL heavy on Tuesday, Wednesday,
 * Friday and Saturday, 7 PM local with weekend matinees; MLB off-days Monday and Thursday, getaway-day afternoon games,
 * Sunday 1:35 PM and Sunday Night Baseball; college basketball Saturday afternoons; MLS Saturday nights with midweek rounds.
 */
export const RHYTHMS: Record<LeagueCode, Rhythm> = {
  NBA: {
    kind: 'daily',
    gamesPerTeam: 82,
    weekdayWeights: [7, 8, 7, 10, 5, 10, 8],
    plannedMinutes: 135,
    // Five national games, noon to 10:30 PM Eastern.
    christmas: ['12:00', '14:30', '17:00', '20:00', '22:30'],
    start: (weekday, index, count, random) => {
      if (weekday === SUNDAY && index === 0 && count > 3) return eastern('15:30');
      return local(random.pick(['19:00', '19:00', '19:30', '19:30', '20:00']));
    },
  },
  NHL: {
    kind: 'daily',
    gamesPerTeam: 82,
    weekdayWeights: [5, 4, 10, 5, 10, 5, 13],
    plannedMinutes: 150,
    start: (weekday, index, count, random) => {
      if (weekday === SATURDAY && count > 8 && index < 2) return local(['13:00', '16:00'][index]!);
      if (weekday === SUNDAY) return local(random.pick(['12:30', '15:00', '17:00', '19:00']));
      return local(random.pick(['19:00', '19:00', '19:30']));
    },
  },
  MLB: {
    kind: 'daily',
    gamesPerTeam: 162,
    weekdayWeights: [15, 9, 15, 15, 8, 15, 15],
    plannedMinutes: 165,
    start: (weekday, index, count, random) => {
      if (weekday === SUNDAY) return index === count - 1 ? eastern('19:10') : local(random.pick(['13:35', '13:40', '13:10', '16:10']));
      if (weekday === SATURDAY) return local(random.pick(['13:05', '16:05', '18:10', '19:15', '19:15']));
      // Getaway days: a series ends and teams travel, so some Wednesday and Thursday games are played by day.
      if ((weekday === 3 || weekday === 4) && random.chance(0.3)) return local(random.pick(['12:35', '13:05', '13:10']));
      return local(random.pick(['18:40', '18:45', '19:05', '19:07', '19:10']));
    },
  },
  WNBA: {
    kind: 'daily',
    gamesPerTeam: 44,
    weekdayWeights: [8, 2, 6, 4, 6, 8, 6],
    plannedMinutes: 120,
    start: (weekday, _index, _count, random) =>
      weekday === SATURDAY || weekday === SUNDAY
        ? local(random.pick(['13:00', '15:00', '18:00', '20:00']))
        : local(random.pick(['19:00', '19:30', '19:30'])),
  },
  NCAAB: {
    kind: 'daily',
    gamesPerTeam: 31,
    weekdayWeights: [4, 3, 8, 8, 3, 2, 12],
    plannedMinutes: 120,
    start: (weekday, _index, _count, random) =>
      weekday === SATURDAY
        ? local(random.pick(['12:00', '14:00', '16:00', '18:00', '20:00']))
        : weekday === SUNDAY
          ? local(random.pick(['12:00', '14:00', '16:00']))
          : local(random.pick(['18:30', '19:00', '20:00', '21:00'])),
  },
  MLS: {
    kind: 'daily',
    gamesPerTeam: 34,
    weekdayWeights: [2, 0, 0, 2, 0, 0, 13],
    plannedMinutes: 115,
    start: (weekday, _index, _count, random) =>
      weekday === SUNDAY ? local(random.pick(['14:00', '18:00'])) : local(random.pick(['19:30', '19:30', '19:30', '16:30', '20:30'])),
  },
  NFL: { kind: 'weekly', gamesPerTeam: 17, plannedMinutes: 190 },
  CFB: { kind: 'weekly', gamesPerTeam: 12, plannedMinutes: 210 },
  MMA: { kind: 'cards' },
};
