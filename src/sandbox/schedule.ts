import { DAY_MS, addDays, dateOf, dayStartMs, isCalendarDate } from './dates.js';
import type { League, Team } from './leagues.js';
import { createRandom, seedOf } from './random.js';
import { cardOf, type Fixture } from './cards.js';
import { regularSeason } from './calendar/season-schedule.js';
import { phaseOf, seasonAt } from './calendar/seasons.js';
import { postseasonOf } from './calendar/postseason.js';
import { gameOf, remember, snapshot, type Game, type GameSnapshot, type ScheduledFixture } from './game.js';

export type { Game, GameIds, GameSnapshot } from './game.js';
export { scriptOf, snapshot, winnerOf } from './game.js';
export { postseasonOf } from './calendar/postseason.js';

/**
 * The sandbox schedule. On the `season` calendar each league plays its real season (src/sandbox/calendar): its weekly
 * rhythm, local start times, breaks and off-season; a game is filed under its US Eastern date, as North American
 * schedules are, even when it starts after midnight UTC. On the `round-the-clock` calendar every team plays once per
 * round and a league's games of a UTC date are spread evenly over the whole day, each lasting 1.35 times the gap
 * between starts, so at any moment every league has a game in progress, games already final and games still to come
 * (soccer keeps its matchdays there, MMA its event nights).
 */
const PLANNED_SHARE_OF_GAP = 1.35;

function pairRound(league: League, date: string, round: number): Array<[Team, Team]> {
  const random = createRandom('pairing', league.code, date, round);
  const order = random.shuffle(league.teams);
  const pairs: Array<[Team, Team]> = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    const [a, b] = [order[i]!, order[i + 1]!];
    pairs.push(random.chance(0.5) ? [a, b] : [b, a]);
  }
  return pairs;
}

function shareTeam(a: [Team, Team] | undefined, b: [Team, Team] | undefined): boolean {
  if (!a || !b) return false;
  return a.some((team) => b.includes(team));
}

/** Pairings of a date in start order; a team never starts a game before its previous one has ended. */
function isMatchday(league: League, date: string): boolean {
  return !league.matchdays || league.matchdays.includes(new Date(dayStartMs(date)).getUTCDay());
}

function orderedPairings(league: League, date: string): Array<[Team, Team]> {
  const rawDay = (day: string): Array<[Team, Team]> =>
    isMatchday(league, day) ? Array.from({ length: league.roundsPerDay }, (_, round) => pairRound(league, day, round)).flat() : [];
  const pairs = rawDay(date);
  const previousLast = rawDay(addDays(date, -1)).at(-1);
  // Games overlap only with the next slot, so only neighbours may not share a team. The last game of a day
  // never moves, which keeps the next day's check independent of this one.
  for (let i = 0; i < pairs.length - 1; i++) {
    const before = i === 0 ? previousLast : pairs[i - 1];
    if (!shareTeam(before, pairs[i])) continue;
    const swapWith = pairs.findIndex(
      (candidate, j) => j > i && j < pairs.length - 1 && !shareTeam(before, candidate) && !shareTeam(candidate, pairs[i + 1]),
    );
    if (swapWith > 0) [pairs[i], pairs[swapWith]] = [pairs[swapWith]!, pairs[i]!];
  }
  return pairs;
}

const slateCache = new Map<string, Game[]>();

/** Team sports: every team once a round, the day's games spread evenly over it (the sandbox's compressed time). */
function dayOfGames(league: League, date: string): Fixture[] {
  const pairs = orderedPairings(league, date);
  const gap = DAY_MS / pairs.length;
  const leagueOffset = (seedOf('offset', league.code) % 1000) / 1000;
  const dayStart = dayStartMs(date);
  return pairs.map(([away, home], slot) => ({
    away,
    home,
    startMs: Math.round(dayStart + (slot + leagueOffset) * gap),
    plannedMs: Math.round(gap * PLANNED_SHARE_OF_GAP),
  }));
}

function roundTheClock(league: League, date: string): ScheduledFixture[] {
  if (!isMatchday(league, date)) return [];
  return league.bouts ? cardOf(league, date) : dayOfGames(league, date);
}

function seasonDay(league: League, date: string): ScheduledFixture[] {
  const season = seasonAt(league.code, date);
  const phase = phaseOf(season, date);
  if (league.bouts) return phase === 'regular' ? cardOf(league, date) : [];
  const regular = regularSeason(league, season).get(date) ?? [];
  // The postseason's games, and any played on the regular season's last day (college football's championships).
  if (phase === 'postseason' || date === season.regular.end)
    return [...regular, ...postseasonOf(league, season).games.filter((game) => game.date === date)];
  return regular;
}

export function slate(league: League, date: string): Game[] {
  return remember(slateCache, `${league.calendar}:${league.code}:${date}`, () => {
    if (league.teams.length < 2) return [];
    const fixtures = league.calendar === 'round-the-clock' ? roundTheClock(league, date) : seasonDay(league, date);
    const meetings = new Map<string, number>();
    return fixtures.map((fixture, index) => {
      const pairKey = `${fixture.away.abbreviation}-${fixture.home.abbreviation}`;
      const meeting = (meetings.get(pairKey) ?? 0) + 1;
      meetings.set(pairKey, meeting);
      return gameOf(league, date, fixture, fixture.slot ?? index, meeting);
    });
  });
}

/** Finds a game from any of its identifier forms. */
export function findGame(league: League, id: string): Game | undefined {
  const value = id.trim().toLowerCase();
  const hex = /^(\d{8})([0-9a-f]{2})[0-9a-f]{22}$/.exec(value);
  if (hex) {
    const date = `${hex[1]!.slice(0, 4)}-${hex[1]!.slice(4, 6)}-${hex[1]!.slice(6)}`;
    if (!isCalendarDate(date)) return undefined;
    return slate(league, date).find((game) => game.ids.odds === value);
  }
  const live = /^g_([a-z]+)_(\d{8})(\d{3})$/.exec(value);
  if (live) {
    const date = `${live[2]!.slice(0, 4)}-${live[2]!.slice(4, 6)}-${live[2]!.slice(6)}`;
    if (!isCalendarDate(date)) return undefined;
    return slate(league, date).find((game) => game.ids.live === value);
  }
  const slug = /^(\d{4}-\d{2}-\d{2})-/.exec(value);
  if (slug && isCalendarDate(slug[1]!)) return slate(league, slug[1]!).find((game) => game.ids.slug === value);
  return undefined;
}

/** Final games of a team before an instant, newest first, looking back at most `maxDays`. */
export function pastGames(league: League, nowMs: number, maxDays: number, accept: (game: Game) => boolean, limit: number): GameSnapshot[] {
  const found: GameSnapshot[] = [];
  const today = dateOf(nowMs);
  for (let back = 0; back <= maxDays && found.length < limit; back++) {
    const games = slate(league, addDays(today, -back)).filter(accept).reverse();
    for (const game of games) {
      const snap = snapshot(game, nowMs);
      if (snap.status === 'final') found.push(snap);
      if (found.length >= limit) break;
    }
  }
  return found.sort((a, b) => b.game.startMs - a.game.startMs);
}

const WINDOW_MS = 12 * 3_600_000;

/**
 * The current slate as the live feed shows it: games starting within twelve hours either side of now.
 * A rolling window rather than the calendar date, so the feed always holds final, live and upcoming games.
 */
export function currentGames(league: League, nowMs: number): Game[] {
  const today = dateOf(nowMs);
  return [-1, 0, 1]
    .flatMap((offset) => slate(league, addDays(today, offset)))
    .filter((game) => game.startMs >= nowMs - WINDOW_MS && game.startMs < nowMs + WINDOW_MS);
}

/** Games the odds board still quotes: live now, or starting within the next day. */
export function boardGames(league: League, nowMs: number): GameSnapshot[] {
  const today = dateOf(nowMs);
  return [-1, 0, 1]
    .flatMap((offset) => slate(league, addDays(today, offset)))
    .filter((game) => game.startMs < nowMs + DAY_MS)
    .map((game) => snapshot(game, nowMs))
    .filter((snap) => snap.status !== 'final');
}
