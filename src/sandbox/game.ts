import type { GameStatus } from '../contract/common.js';
import type { League, Sport, Team } from './leagues.js';
import { createRandom, hexIdOf, type Random } from './random.js';
import { baseballScript } from './sim/baseball.js';
import { basketballScript } from './sim/basketball.js';
import { expectedScores } from './sim/expectations.js';
import { footballScript } from './sim/football.js';
import { hockeyScript } from './sim/hockey.js';
import { soccerScript } from './sim/soccer.js';
import { mmaScript } from './sim/mma.js';
import type { Bout, Fixture } from './cards.js';
import { scoreAt, type ExpectedScores, type GameScript, type PlayState } from './sim/types.js';

/** One game: who, when, and a script that decides every moment of it from its seed. */
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
  /** Postseason: the game's series (src/sandbox/calendar/postseason.ts). */
  series?: SeriesState;
  /** Never played: it stays scheduled, and the feeds say postponed. */
  postponed?: boolean;
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

/**
 * Where a postseason game stands in its series. Not shown in the spec: the sandbox's shape, sent as `series` on
 * /live-games and /games; `statusDetail` says the same in words ("Game 5 · BOS leads 3–1").
 */
export interface SeriesState {
  round: string;
  /** 1 for a single game. */
  bestOf: number;
  gameNumber: number;
  /** Wins before this game, by the teams' abbreviations. */
  wins: Record<string, number>;
}

/** A fixture as a calendar places it, with what the season calendar adds. */
export interface ScheduledFixture extends Fixture {
  series?: SeriesState;
  /** Where the game sits among its date's ids, when the calendar fixes it (postseason games, decided before the day). */
  slot?: number;
  /** Rained out: never played, shown as postponed (a real feed says so in `statusDetail`). */
  postponed?: boolean;
}

const CACHE_LIMIT = 4000;

export function remember<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
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

export function gameOf(league: League, date: string, fixture: ScheduledFixture, slot: number, meeting = 1): Game {
  const { away, home, startMs, plannedMs, bout, series, postponed } = fixture;
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
    ...(series ? { series } : {}),
    ...(postponed ? { postponed } : {}),
  };
}

const scriptCache = new Map<string, GameScript>();

/** Each sport's simulation (src/sandbox/sim/), by the sport its league's record names. */
const SCRIPTS: Readonly<Record<Sport, (game: Game, random: Random) => GameScript>> = {
  basketball: (game, random) => basketballScript(game.league, game.expected, random),
  football: (game, random) => footballScript(game.league, game.expected, random),
  hockey: (game, random) => hockeyScript(game.league, game.expected, random),
  soccer: (game, random) => soccerScript(game.league, game.expected, random),
  mma: (game, random) => mmaScript(game.bout!, game.home.strength - game.away.strength, random),
  baseball: (game, random) => baseballScript(game.league, game.expected, random),
};

export function scriptOf(game: Game): GameScript {
  return remember(scriptCache, `${game.league.calendar}:${game.ids.odds}`, () => {
    return SCRIPTS[game.league.sport](game, createRandom('game', game.league.code, game.date, game.slot));
  });
}

export function snapshot(game: Game, nowMs: number): GameSnapshot {
  const script = scriptOf(game);
  const msPerUnit = game.plannedMs / script.regulationUnits;
  const endMs = game.startMs + Math.round(script.endUnit * msPerUnit);
  if (nowMs < game.startMs || game.postponed) {
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

/** Who wins a game that must have a winner: the higher score, and when level after extra time, a penalty shootout. */
export function winnerOf(game: Game): Team {
  const { score } = snapshot(game, Number.MAX_SAFE_INTEGER);
  if (score.home !== score.away) return score.home > score.away ? game.home : game.away;
  return createRandom('shootout', game.ids.odds).chance(0.55) ? game.home : game.away;
}
