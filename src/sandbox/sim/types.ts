export type Side = 'home' | 'away';

/** Points scored at one moment of a game's own timeline (units are game seconds plus breaks). */
export interface ScoreEvent {
  at: number;
  side: Side;
  points: number;
}

/** Period-level detail of a game in progress: the `state` object of /live-games. */
export interface PlayState {
  period: number;
  periodLabel: string;
  segment: string;
  segmentLabel: string;
  /** Baseball only. */
  outs?: number;
  /** Clock sports only: time left in the period, `m:ss`. */
  clock?: string;
  /** Soccer only: the minute being played, `67'`, `45+2'`. Not shown in the spec; written down in sim/soccer.ts. */
  minute?: string;
  display: string;
}

/**
 * How an MMA bout ended. Not shown in the spec: the sandbox's shape, sent on a final bout of /live-games (`result`) and
 * in /recent-form. `time` is the time elapsed in the last round, `m:ss` (5:00 when the bout went the distance).
 */
export interface BoutResult {
  winner: Side | null;
  method: 'KO/TKO' | 'Submission' | 'Decision' | 'Draw' | 'No contest';
  /** A decision's or a draw's scorecards: `Unanimous`, `Split`, `Majority`. */
  detail: 'Unanimous' | 'Split' | 'Majority' | null;
  round: number;
  time: string;
}

/** A whole game decided in advance from its seed; every question about it is a pure function of time. */
export interface GameScript {
  /** Units of regulation play and breaks; the planned wall duration covers exactly these. */
  regulationUnits: number;
  /** The game is final from this unit on (later than regulation after overtime or extra innings). */
  endUnit: number;
  /** Sorted by `at`. */
  events: readonly ScoreEvent[];
  stateAt(unit: number): PlayState;
  /** Share of regulation play already played, 0 to 1 (1 in overtime). */
  playedShare(unit: number): number;
  /** MMA only: how the bout ended. */
  result?: BoutResult;
}

export interface ExpectedScores {
  home: number;
  away: number;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

export function scoreAt(events: readonly ScoreEvent[], unit: number): { home: number; away: number } {
  const score = { home: 0, away: 0 };
  for (const event of events) {
    if (event.at > unit) break;
    score[event.side] += event.points;
  }
  return score;
}
