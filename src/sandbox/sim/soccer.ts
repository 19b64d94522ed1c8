import type { League } from '../leagues.js';
import type { Random } from '../random.js';
import type { ExpectedScores, GameScript, PlayState, ScoreEvent, Side } from './types.js';

const HALF_SECONDS = 45 * 60;
const HALFTIME_UNITS = 15 * 60;
/** More goals come after the break, as in the real game (tired legs, chasing teams). */
const FIRST_HALF_SHARE = 0.45;

interface Half {
  number: 1 | 2;
  start: number;
  /** Regulation play plus the stoppage time the fourth official shows. */
  seconds: number;
}

/**
 * The minute as football writes it: the minute being played counts from 1' (not the minutes completed), and time
 * added at the end of a half counts on from the half's last minute: `45+2'`, `90+4'`.
 */
export function footballMinute(half: 1 | 2, secondsIntoHalf: number): string {
  const minute = Math.floor(secondsIntoHalf / 60) + 1;
  const base = half === 1 ? 0 : 45;
  return minute > 45 ? `${base + 45}+${minute - 45}'` : `${base + minute}'`;
}

/**
 * A match counts up, unlike the clock sports: two halves of 45 minutes, each with stoppage time drawn like the real
 * league's (one to four minutes before the break, two to seven after it), a fifteen-minute half-time, and goals drawn
 * per half from each side's expected goals. A level score stands: MLS regular-season matches end in a draw.
 */
export function soccerScript(_league: League, expected: ExpectedScores, random: Random): GameScript {
  const first: Half = { number: 1, start: 0, seconds: HALF_SECONDS + random.int(1, 4) * 60 };
  const secondStart = first.seconds + HALFTIME_UNITS;
  const second: Half = { number: 2, start: secondStart, seconds: HALF_SECONDS + random.int(2, 7) * 60 };
  const end = second.start + second.seconds;

  const events: ScoreEvent[] = [];
  for (const half of [first, second]) {
    const share = half.number === 1 ? FIRST_HALF_SHARE : 1 - FIRST_HALF_SHARE;
    for (const side of ['home', 'away'] as Side[]) {
      const goals = random.poisson(expected[side] * share);
      for (let goal = 0; goal < goals; goal++) {
        events.push({ at: half.start + 1 + Math.floor(random.next() * (half.seconds - 2)), side, points: 1 });
      }
    }
  }
  events.sort((a, b) => a.at - b.at);

  const stateAt = (unit: number): PlayState => {
    const at = Math.min(Math.max(unit, 0), end);
    if (at >= first.seconds && at < second.start) {
      return { period: 1, periodLabel: '1st', segment: 'halftime', segmentLabel: 'Halftime', display: 'HT' };
    }
    const half = at < first.seconds ? first : second;
    const minute = footballMinute(half.number, Math.min(at - half.start, half.seconds - 1));
    return {
      period: half.number,
      periodLabel: half.number === 1 ? '1st' : '2nd',
      segment: 'play',
      segmentLabel: 'Play',
      minute,
      display: minute,
    };
  };

  const playedShare = (unit: number): number => {
    const played = Math.min(first.seconds, Math.max(0, unit)) + Math.min(second.seconds, Math.max(0, unit - second.start));
    return Math.min(1, played / (first.seconds + second.seconds));
  };

  return { regulationUnits: end, endUnit: end, events, stateAt, playedShare };
}
