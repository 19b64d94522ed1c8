import type { GameStatus } from './common.js';

/**
 * How often data is refreshed, in one place: the relay's cache and live polls, the sandbox, and the elements all read
 * it. A slate follows its games' state; other resources change on their own rhythm.
 */
export const REFRESH_MS = {
  /** A game in progress: scores move. */
  live: 10_000,
  /** Nothing live yet: start times and lines move slowly. */
  scheduled: 60_000,
  /** All final: corrections only. */
  final: 300_000,
  props: 60_000,
  injuries: 300_000,
  form: 600_000,
  /** Public betting percentages (5 upstream units a read) move over minutes, not seconds. */
  splits: 300_000,
} as const;

/** The season elements' rhythms, apart so that pages without them carry none of it. */
export const SEASON_REFRESH_MS = {
  /** Team statistics are compiled nightly. */
  seasonStats: 3_600_000,
  /** Probable starters firm up over the hours before a game. */
  starters: 300_000,
  weather: 1_800_000,
  /** Standings move when a game ends. */
  standings: 300_000,
} as const;

/** The refresh interval of data about these games: the liveliest game decides. */
export function refreshMsFor(states: Iterable<GameStatus>): number {
  let interval: number = REFRESH_MS.final;
  for (const state of states) interval = Math.min(interval, REFRESH_MS[state]);
  return interval;
}
