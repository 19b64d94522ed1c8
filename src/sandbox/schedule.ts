import type { GameStatus } from '../contract/common.js';
import { DAY_MS, addDays, dateOf, dayStartMs, isCalendarDate } from './dates.js';
import type { League, Team } from './leagues.js';
import { createRandom, hexIdOf, seedOf } from './random.js';
import { baseballScript } from './sim/baseball.js';
import { basketballScript } from './sim/basketball.js';
import { expectedScores } from './sim/expectations.js';
import { footballScript } from './sim/football.js';
import { hockeyScript } from './sim/hockey.js';
import { soccerScript } from './sim/soccer.js';
import { mmaScript } from './sim/mma.js';
import { cardOf, type Bout, type Fixture } from './cards.js';
import { scoreAt, type ExpectedScores, type GameScript, type PlayState } from './sim/types.js';
import { regularSeason } from './calendar/season-schedule.js';
import { phaseOf, seasonAt } from './calendar/seasons.js';

/**
 * The sandbox schedule. On the `season` calendar each league plays its real season (src/sandbox/calendar): its weekly
 * rhythm, local start times, breaks and off-season; a game is filed under its US Eastern date, as North American
 * schedules are, even when it starts after midnight UTC. On the `round-the-clock` calendar every team plays once per
 * round and a league's games of a UTC date are spread evenly over the whole day, each lasting 1.35 times the gap
 * between starts, so at any moment every league has a game in progress, games already final and games still to come
 * (soccer keeps its matchdays there, MMA its event nights).
 */
export interface Game {
  league: League;
  date: string;
  slot: number;
  home: Team;
  away: Team;
  startMs: number;
  /** Wall-clock length of regulation; overtime and extra innings run longer. */
  plannedMs: number;
  expected: ExpectedScores;
  ids: GameIds;
  /** MMA: the bout's place on its card. */
  bout?: Bout;
}

/** One game, three identifier forms, as the spec says different endpoints show different forms. */
export interface GameIds {
  /** 32-character hex, used by /lines, /odds-games, /splits and the props endpoints. */
  odds: string;
  /** Prefixed string, used by /live-games. */
  live: string;
  /** Date-and-teams slug, used by /games, /injuries and the form endpoints. */
  slug: string;
}

export interface GameSnapshot {
  game: Game;
  status: GameStatus;
  score: { home: number; away: number };
  /** Null unless live. */
  state: PlayState | null;
  /** Share of regulation played, 0 to 1. */
  played: number;
  /** Instant the game became (or will become) final. */
  endMs: number;
  /** The instant this snapshot shows. */
  atMs: number;
}

const PLANNED_SHARE_OF_GAP = 1.35;
const CACHE_LIMIT = 4000;

function remember<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
  return value;
}

function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

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

function roundTheClock(league: League, date: string): Fixture[] {
  if (!isMatchday(league, date)) return [];
  return league.sport === 'mma' ? cardOf(league, date) : dayOfGames(league, date);
}

function seasonDay(league: League, date: string): Fixture[] {
  const season = seasonAt(league.code, date);
  if (league.sport === 'mma') return phaseOf(season, date) === 'regular' ? cardOf(league, date) : [];
  return regularSeason(league, season).get(date) ?? [];
}

export function slate(league: League, date: string): Game[] {
  return remember(slateCache, `${league.calendar}:${league.code}:${date}`, () => {
    if (league.teams.length < 2) return [];
    const fixtures = league.calendar === 'round-the-clock' ? roundTheClock(league, date) : seasonDay(league, date);
    const meetings = new Map<string, number>();
    return fixtures.map(({ away, home, startMs, plannedMs, bout }, slot) => {
      const pairKey = `${away.abbreviation}-${home.abbreviation}`;
      const meeting = (meetings.get(pairKey) ?? 0) + 1;
      meetings.set(pairKey, meeting);
      const slug = `${date}-${away.abbreviation}-at-${home.abbreviation}`.toLowerCase() + (meeting > 1 ? `-${meeting}` : '');
      const slotHex = slot.toString(16).padStart(2, '0');
      return {
        league,
        date,
        slot,
        home,
        away,
        startMs: Math.round(startMs),
        plannedMs,
        expected: expectedScores(league, home, away),
        ids: {
          // Date and slot lead the hex form so the sandbox can find the game again; clients must treat it as opaque.
          odds: `${compactDate(date)}${slotHex}${home.index.toString(16).padStart(2, '0')}${hexIdOf(league.code, date, slot).slice(0, 20)}`,
          live: `g_${league.code.toLowerCase()}_${compactDate(date)}${String(slot).padStart(3, '0')}`,
          slug,
        },
        ...(bout ? { bout } : {}),
      };
    });
  });
}

const scriptCache = new Map<string, GameScript>();

export function scriptOf(game: Game): GameScript {
  return remember(scriptCache, `${game.league.calendar}:${game.ids.odds}`, () => {
    const random = createRandom('game', game.league.code, game.date, game.slot);
    switch (game.league.sport) {
      case 'basketball':
        return basketballScript(game.league, game.expected, random);
      case 'football':
        return footballScript(game.league, game.expected, random);
      case 'hockey':
        return hockeyScript(game.league, game.expected, random);
      case 'soccer':
        return soccerScript(game.league, game.expected, random);
      case 'mma':
        return mmaScript(game.bout!, game.home.strength - game.away.strength, random);
      default:
        return baseballScript(game.league, game.expected, random);
    }
  });
}

export function snapshot(game: Game, nowMs: number): GameSnapshot {
  const script = scriptOf(game);
  const msPerUnit = game.plannedMs / script.regulationUnits;
  const endMs = game.startMs + Math.round(script.endUnit * msPerUnit);
  if (nowMs < game.startMs) {
    return { game, status: 'scheduled', score: { home: 0, away: 0 }, state: null, played: 0, endMs, atMs: nowMs };
  }
  if (nowMs >= endMs) {
    return { game, status: 'final', score: scoreAt(script.events, script.endUnit), state: null, played: 1, endMs, atMs: nowMs };
  }
  const unit = (nowMs - game.startMs) / msPerUnit;
  return {
    game,
    status: 'live',
    score: scoreAt(script.events, unit),
    state: script.stateAt(unit),
    played: script.playedShare(unit),
    endMs,
    atMs: nowMs,
  };
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
