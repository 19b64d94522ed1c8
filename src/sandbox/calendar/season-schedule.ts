import { addDays, dayStartMs } from '../dates.js';
import type { ScheduledFixture } from '../game.js';
import type { League, Sport, Team } from '../leagues.js';
import { createRandom, type Random } from '../random.js';
import { RHYTHMS, type DailyRhythm, type StartTime, type WeeklyRhythm } from './rhythm.js';
import { isBreak, type Season } from './seasons.js';
import { EASTERN_TIME, homeZoneOf, zonedInstant } from './time-zones.js';
import { venueOf } from '../venues.js';

/** One regular-season game as the calendar places it: the Eastern date it is filed under and its first pitch or tip-off. */
export interface PlannedGame extends ScheduledFixture {
  date: string;
}

const weekdayOf = (date: string): number => new Date(dayStartMs(date)).getUTCDay();

function datesOf(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The fourth Thursday of November. */
function thanksgivingOf(year: number): string {
  const firstWeekday = weekdayOf(`${year}-11-01`);
  return `${year}-11-${String(1 + ((4 - firstWeekday + 7) % 7) + 21).padStart(2, '0')}`;
}

function instantOf(date: string, start: StartTime, home: Team): number {
  return zonedInstant(date, start.time, start.zone === 'eastern' ? EASTERN_TIME : homeZoneOf(home));
}

/**
 * Hands out each day's games so that every team's count stays within one of the others': the teams that have played
 * least go first, a team that played yesterday waits when it can, and the side with fewer home games hosts.
 */
class Rotation {
  private readonly played = new Map<Team, number>();
  private readonly hosted = new Map<Team, number>();
  private readonly lastDay = new Map<Team, number>();

  constructor(private readonly teams: readonly Team[]) {
    for (const team of teams) [this.played, this.hosted].forEach((counts) => counts.set(team, 0));
  }

  pairs(count: number, day: number, random: Random, among: readonly Team[] = this.teams): Array<[away: Team, home: Team]> {
    if (count <= 0) return [];
    const tiebreak = new Map(among.map((team) => [team, random.next()]));
    const rested = (team: Team) => (this.lastDay.get(team) === day - 1 ? 1 : 0);
    const chosen = [...among]
      .sort((a, b) => this.played.get(a)! - this.played.get(b)! || rested(a) - rested(b) || tiebreak.get(a)! - tiebreak.get(b)!)
      .slice(0, count * 2);
    const order = random.shuffle(chosen);
    const pairs: Array<[Team, Team]> = [];
    for (let i = 0; i + 1 < order.length; i += 2) {
      const [a, b] = [order[i]!, order[i + 1]!];
      const aHosts = this.hosted.get(a)! < this.hosted.get(b)! || (this.hosted.get(a) === this.hosted.get(b) && random.chance(0.5));
      const [away, home] = aHosts ? [b, a] : [a, b];
      for (const team of [a, b]) {
        this.played.set(team, this.played.get(team)! + 1);
        this.lastDay.set(team, day);
      }
      this.hosted.set(home, this.hosted.get(home)! + 1);
      pairs.push([away, home]);
    }
    return pairs;
  }

  /** Two teams that play each other twice today: a doubleheader, its first game the makeup of a rained-out one. */
  doubleheader(away: Team, home: Team, day: number): void {
    for (const team of [away, home]) {
      this.played.set(team, this.played.get(team)! + 1);
      this.lastDay.set(team, day);
    }
  }
}

/** Splits `total` over days by weight, no day above `cap`, the whole number kept. */
function spread(weights: readonly number[], total: number, cap: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const counts = weights.map((weight) => Math.min(cap, Math.floor((weight / sum) * total)));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (weight / sum) * total - counts[index]! }))
    .filter(({ index }) => weights[index]! > 0)
    .sort((a, b) => b.remainder - a.remainder);
  for (let pass = 0; missing > 0 && pass < 10; pass++) {
    for (const { index } of byRemainder) {
      if (missing === 0) break;
      if (counts[index]! < cap) {
        counts[index]!++;
        missing--;
      }
    }
  }
  return counts;
}

/** Days a league with a national Christmas leaves dark on top of its breaks: Thanksgiving and Christmas Eve (the NBA's). */
function isHolidayOff(rhythm: DailyRhythm, date: string): boolean {
  if (!rhythm.christmas) return false;
  return date === thanksgivingOf(Number(date.slice(0, 4))) || date.slice(5) === '12-24';
}

/** The share of open-air games rained out: about one baseball game in seventy, as MLB seasons run (a few dozen a year). */
const RAIN_OUTS: Partial<Record<Sport, number>> = { baseball: 0.014 };

function isRainedOut(league: League, home: Team, random: Random): boolean {
  const share = RAIN_OUTS[league.sport];
  return share !== undefined && venueOf(home).roof === 'OPEN_AIR' && random.chance(share);
}

function dailySeason(league: League, season: Season, rhythm: DailyRhythm): PlannedGame[] {
  const random = createRandom('season', league.code, season.year);
  const days = datesOf(season.regular.start, season.regular.end).filter((date) => !isBreak(season, date) && !isHolidayOff(rhythm, date));
  const isChristmas = (date: string) => rhythm.christmas !== undefined && date.slice(5) === '12-25';
  const weights = days.map((date) => {
    if (isChristmas(date)) return 0;
    return rhythm.weekdayWeights[weekdayOf(date)]! * (0.75 + random.next() * 0.5);
  });
  const cap = Math.floor(league.teams.length / 2);
  const christmas = days.filter(isChristmas);
  const windows = rhythm.christmas ?? [];
  const total = Math.round((league.teams.length * rhythm.gamesPerTeam) / 2) - christmas.length * windows.length;
  const counts = spread(weights, total, cap);
  christmas.forEach((date) => (counts[days.indexOf(date)] = windows.length));
  const rotation = new Rotation(league.teams);
  const games: PlannedGame[] = [];
  let rainedOut: Array<[Team, Team]> = [];
  days.forEach((date, day) => {
    const dayRandom = createRandom('day', league.code, date);
    // Yesterday's rainouts are made up today as the first game of a doubleheader between the same teams.
    const makeups = rainedOut;
    rainedOut = [];
    const busy = new Set(makeups.flat());
    makeups.forEach(([away, home]) => rotation.doubleheader(away, home, day));
    const pairs = rotation.pairs(
      counts[day]! - makeups.length,
      day,
      dayRandom,
      league.teams.filter((team) => !busy.has(team)),
    );
    for (const [away, home] of makeups) {
      games.push({ date, away, home, startMs: zonedInstant(date, '13:05', homeZoneOf(home)), plannedMs: rhythm.plannedMinutes * 60_000 });
      pairs.push([away, home]);
    }
    const weekday = weekdayOf(date);
    const starts = pairs.map(([, home], index) =>
      christmas.includes(date)
        ? instantOf(date, { time: windows[index]!, zone: 'eastern' }, home)
        : instantOf(date, rhythm.start(weekday, index, pairs.length, dayRandom), home),
    );
    pairs.forEach(([away, home], index) => {
      const postponed = !busy.has(home) && isRainedOut(league, home, dayRandom);
      if (postponed) rainedOut.push([away, home]);
      games.push({
        date,
        away,
        home,
        startMs: starts[index]!,
        plannedMs: rhythm.plannedMinutes * 60_000,
        ...(postponed ? { postponed } : {}),
      });
    });
  });
  return games;
}

const NFL_BYE_WEEKS = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
const NFL_BYES_PER_WEEK = [2, 4, 4, 2, 4, 2, 4, 4, 2, 4];

/**
 * The NFL's week: Thursday night, Sunday at 1 PM, 4:05 and 4:25 PM and 8:20 PM Eastern, Monday night; three games on
 * Thanksgiving; two Saturday games from week 15; byes in weeks 5 to 14 (every team one), as the 2025 and 2026 schedules run.
 */
function nflSeason(league: League, season: Season, rhythm: WeeklyRhythm): PlannedGame[] {
  const random = createRandom('season', league.code, season.year);
  const byeOrder = random.shuffle(league.teams);
  const byes = new Map<number, Set<Team>>();
  let taken = 0;
  NFL_BYE_WEEKS.forEach((week, index) => {
    byes.set(week, new Set(byeOrder.slice(taken, taken + NFL_BYES_PER_WEEK[index]!)));
    taken += NFL_BYES_PER_WEEK[index]!;
  });
  const rotation = new Rotation(league.teams);
  const thanksgiving = thanksgivingOf(season.year);
  const games: PlannedGame[] = [];
  for (let week = 1; week <= 18; week++) {
    const thursday = addDays(season.regular.start, (week - 1) * 7);
    const resting = byes.get(week) ?? new Set();
    const playing = league.teams.filter((team) => !resting.has(team));
    const pairs = rotation.pairs(playing.length / 2, week, createRandom('week', league.code, season.year, week), playing);
    const slots: Array<[string, string]> = [];
    const last = week === 18;
    if (thursday === thanksgiving) slots.push([thursday, '12:30'], [thursday, '16:30'], [thursday, '20:20']);
    else if (!last) slots.push([thursday, '20:15']);
    if (week >= 15) slots.push([addDays(thursday, 2), '16:30'], [addDays(thursday, 2), '20:00']);
    const lateSlots: Array<[string, string]> = last
      ? [[addDays(thursday, 3), '20:20']]
      : [
          [addDays(thursday, 3), '20:20'],
          [addDays(thursday, 4), '20:15'],
        ];
    const sundayCount = pairs.length - slots.length - lateSlots.length;
    const afternoon = Math.min(4, Math.max(0, sundayCount - 5));
    for (let i = 0; i < sundayCount; i++)
      slots.push([addDays(thursday, 3), i < sundayCount - afternoon ? '13:00' : i % 2 ? '16:25' : '16:05']);
    slots.push(...lateSlots);
    pairs.forEach(([away, home], index) => {
      const [date, time] = slots[index]!;
      games.push({ date, away, home, startMs: zonedInstant(date, time, EASTERN_TIME), plannedMs: rhythm.plannedMinutes * 60_000 });
    });
  }
  return games;
}

/**
 * College football's Saturday: Week 0 with a few games, then noon, 3:30 PM and 7:30 PM Eastern windows (7:30 PM local for
 * the West Coast's late kick), a Thursday night game most weeks and Friday nights in September and October.
 */
function collegeSeason(league: League, season: Season, rhythm: WeeklyRhythm): PlannedGame[] {
  const saturdays: string[] = [];
  // The last regular Saturday is rivalry week, the one before championship Saturday (the season's last day).
  for (let date = season.regular.start; date < season.regular.end; date = addDays(date, 7)) saturdays.push(date);
  const total = (league.teams.length * rhythm.gamesPerTeam) / 2;
  const weekZero = 3;
  const perWeek = spread(
    saturdays.slice(1).map(() => 1),
    total - weekZero,
    league.teams.length / 2,
  );
  const rotation = new Rotation(league.teams);
  const games: PlannedGame[] = [];
  saturdays.forEach((saturday, week) => {
    const random = createRandom('week', league.code, season.year, week);
    const pairs = rotation.pairs(week === 0 ? weekZero : perWeek[week - 1]!, week, random);
    pairs.forEach(([away, home], index) => {
      let date = saturday;
      let start: StartTime = eastern(random.pick(['12:00', '12:00', '15:30', '15:30', '19:30']));
      if (week > 0 && index === 0) [date, start] = [addDays(saturday, -2), eastern('19:30')];
      else if (week > 0 && week < 9 && index === 1) [date, start] = [addDays(saturday, -1), eastern('20:00')];
      else if (homeZoneOf(home) === 'America/Los_Angeles' && random.chance(0.5)) start = { time: '19:30', zone: 'home' };
      games.push({ date, away, home, startMs: instantOf(date, start, home), plannedMs: rhythm.plannedMinutes * 60_000 });
    });
  });
  return games;
}

function eastern(time: string): StartTime {
  return { time, zone: 'eastern' };
}

const cache = new Map<string, Map<string, PlannedGame[]>>();

/** A season's regular-season games by the Eastern date they are filed under, each date's games in start order. */
export function regularSeason(league: League, season: Season): Map<string, PlannedGame[]> {
  const id = `${league.code}:${season.year}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const rhythm = RHYTHMS[league.code];
  const games =
    rhythm.kind === 'daily'
      ? dailySeason(league, season, rhythm)
      : rhythm.kind === 'weekly'
        ? league.college
          ? collegeSeason(league, season, rhythm)
          : nflSeason(league, season, rhythm)
        : [];
  const byDate = new Map<string, PlannedGame[]>();
  for (const game of games.sort((a, b) => a.startMs - b.startMs)) {
    const list = byDate.get(game.date) ?? [];
    list.push(game);
    byDate.set(game.date, list);
  }
  if (cache.size > 40) cache.delete(cache.keys().next().value!);
  cache.set(id, byDate);
  return byDate;
}
