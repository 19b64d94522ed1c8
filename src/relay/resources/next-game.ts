import type { NextGameDay } from '../../contract/scores.js';
import { fromUpstream } from '../upstream/page-errors.js';
import { forEveryReader } from '../upstream/spend.js';
import type { ResourceContext } from './context.js';

const DAY_MS = 86_400_000;
/** The longest off-season the look-ahead must cross: college football's, from January to late August. */
const HORIZON_DAYS = 240;
/** Days read one by one first: within a season the next game day is rarely further. */
const NEAR_DAYS = 7;
/**
 * Past the first week, every fifth day: five shares no factor with seven, so a league that plays one weekday is met
 * within five weeks of its season opening; the days before that find are then read back one by one to the break.
 */
const STRIDE = 5;
/** Leagues × days remembered; a day's answer is kept until the date changes. */
const REMEMBERED = 64;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const found = new Map<string, Promise<NextGameDay | null>>();

/**
 * The first day after today with games in a league, from its schedule (/games, read hourly): at most about
 * seventy upstream calls once a day per league, whoever asks and however many readers do, and none per reader.
 */
export function nextGameDay(ctx: ResourceContext, league: string): Promise<NextGameDay | null> {
  const today = dayOf(ctx.now);
  const id = `${ctx.upstream.name}:${league}:${today}`;
  const known = found.get(id);
  if (known) return known;
  const search = forEveryReader(() => searchFrom(ctx, league, today));
  if (found.size >= REMEMBERED) found.delete(found.keys().next().value!);
  found.set(id, search);
  // A failed search is not remembered: the next reader's asks again (each day's answer stays in the upstream cache).
  search.catch(() => found.delete(id));
  return search;
}

async function firstStart(ctx: ResourceContext, league: string, date: string, daysAhead: number): Promise<NextGameDay | null> {
  const schedule = await ctx.upstream.schedule(league, date).catch((error) => {
    throw fromUpstream(error);
  });
  const games = schedule.value.data;
  if (games.length === 0) return null;
  const starts = games.map((game) => game.startTime).filter((start): start is string => !!start);
  return { league, date, startTime: starts.sort()[0] ?? null, daysAhead };
}

async function searchFrom(ctx: ResourceContext, league: string, today: string): Promise<NextGameDay | null> {
  const start = Date.parse(`${today}T00:00:00Z`);
  const dayAt = (offset: number) => firstStart(ctx, league, dayOf(start + offset * DAY_MS), offset);
  for (let offset = 1; offset <= NEAR_DAYS; offset++) {
    const next = await dayAt(offset);
    if (next) return next;
  }
  for (let offset = NEAR_DAYS + STRIDE; offset <= HORIZON_DAYS; offset += STRIDE) {
    let earliest = await dayAt(offset);
    if (!earliest) continue;
    // A season may have opened on a day between two samples: read back until a week without games, the break.
    for (let back = offset - 1, empty = 0; back > NEAR_DAYS && empty < NEAR_DAYS; back--) {
      const day = await dayAt(back);
      empty = day ? 0 : empty + 1;
      earliest = day ?? earliest;
    }
    return earliest;
  }
  return null;
}

/** Each league's next day with games, for an empty current slate; a league whose search fails is left out. */
export async function nextDays(ctx: ResourceContext, leagues: string[]): Promise<NextGameDay[]> {
  const days = await Promise.all(leagues.map((league) => nextGameDay(ctx, league).catch(() => null)));
  return days.filter((day): day is NextGameDay => day !== null);
}
