import { WEIGHT_CLASSES, type WeightClass } from './data/fighters.js';
import { dayStartMs } from './dates.js';
import type { League, Team } from './leagues.js';
import { createRandom } from './random.js';

/** Where a bout sits on its card. Not shown in the spec: the sandbox's shape, sent with each MMA game. */
export interface Bout {
  /** 1 opens the card; the highest is the main event. */
  order: number;
  card: 'prelims' | 'main';
  /** Scheduled rounds of five minutes: five for the main event, three for the rest. */
  rounds: 3 | 5;
  weightClass: WeightClass;
  event: { id: string; name: string };
}

/** Two sides, when they start and how long regulation runs: what a slate is made of, whatever the sport. */
export interface Fixture {
  away: Team;
  home: Team;
  startMs: number;
  plannedMs: number;
  bout?: Bout;
}

const BOUTS = 12;
const PRELIMS = 6;
/** Cards start at 23:00 UTC (6 pm in New York, in winter); a bout every 25 minutes, walkouts included. */
const CARD_START_HOUR_UTC = 23;
const SLOT_MS = 25 * 60_000;
export const ROUND_SECONDS = 300;
export const BREAK_SECONDS = 60;
/** The first card the sandbox numbers its events from (a Saturday). */
const FIRST_EVENT = Date.parse('2020-01-04T00:00:00Z');
const WEEK_MS = 7 * 86_400_000;

/** Regulation of a bout in seconds of its own timeline: every round and the minute between them. */
export function boutSeconds(rounds: number): number {
  return rounds * ROUND_SECONDS + (rounds - 1) * BREAK_SECONDS;
}

/** The series every card is billed in, as a promotion names its events: a name, kept in every language. */
export const EVENT_SERIES = 'Fight Night';

function weekOf(date: string): number {
  return Math.floor((dayStartMs(date) - FIRST_EVENT) / WEEK_MS);
}

/** Every Saturday, and the Friday of every other week: event nights, mostly weekends. */
export function isEventNight(date: string): boolean {
  const weekday = new Date(dayStartMs(date)).getUTCDay();
  return weekday === 6 || (weekday === 5 && weekOf(date) % 2 === 0);
}

/**
 * One event's card: twelve bouts, six prelims then the main card, the main event last and over five rounds. Each bout
 * is two fighters of one division who fight nobody else that night; the favourite (the stronger) is in the red corner,
 * the spec's home side.
 */
export function cardOf(league: League, date: string): Fixture[] {
  if (!isEventNight(date)) return [];
  const random = createRandom('card', date);
  const used = new Set<Team>();
  const start = dayStartMs(date) + CARD_START_HOUR_UTC * 3_600_000;
  const pairs = Array.from({ length: BOUTS }, () => {
    const division = random.pick(WEIGHT_CLASSES);
    const free = random.shuffle(league.teams.filter((fighter) => fighter.division === division && !used.has(fighter)));
    const [a, b] = [free[0]!, free[1]!];
    used.add(a).add(b);
    return { division, sides: a.strength >= b.strength ? ([b, a] as const) : ([a, b] as const) };
  });
  const [blue, red] = pairs.at(-1)!.sides;
  const event = {
    id: `e_${date.replaceAll('-', '')}`,
    name: `${EVENT_SERIES} ${weekOf(date) + 1}: ${red.nickname} vs. ${blue.nickname}`,
  };
  return pairs.map(({ division, sides: [away, home] }, index) => {
    const rounds = index === BOUTS - 1 ? 5 : 3;
    return {
      away,
      home,
      startMs: start + index * SLOT_MS,
      plannedMs: boutSeconds(rounds) * 1000,
      bout: { order: index + 1, card: index < PRELIMS ? 'prelims' : 'main', rounds, weightClass: division, event },
    };
  });
}
