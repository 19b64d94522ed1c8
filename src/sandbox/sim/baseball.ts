import type { League } from '../leagues.js';
import type { Random } from '../random.js';
import { ordinal, type ExpectedScores, type GameScript, type PlayState, type ScoreEvent, type Side } from './types.js';

const HALF_INNING = 600;
const BREAK = 90;
const REGULATION_HALVES = 18;
const LAST_INNING = 15;

interface HalfInning {
  inning: number;
  top: boolean;
  start: number;
  /** Where the half stops: its third out, or a walk-off run. */
  end: number;
  outTimes: number[];
}

function halfName(half: HalfInning): string {
  return `${half.top ? 'Top' : 'Bot'} ${ordinal(half.inning)}`;
}

export function baseballScript(_league: League, expected: ExpectedScores, random: Random): GameScript {
  const events: ScoreEvent[] = [];
  const halves: HalfInning[] = [];
  const score = { home: 0, away: 0 };
  let cursor = 0;
  let end = 0;

  const playHalf = (inning: number, top: boolean, forceWalkOff: boolean): boolean => {
    const side: Side = top ? 'away' : 'home';
    const start = cursor;
    const outTimes = [
      start + Math.round(HALF_INNING * (0.2 + random.next() * 0.15)),
      start + Math.round(HALF_INNING * (0.5 + random.next() * 0.15)),
      start + HALF_INNING,
    ];
    const extraInnings = inning > 9;
    const runs = forceWalkOff ? 1 : random.poisson(expected[side] / 9 + (extraInnings ? 0.6 : 0));
    const instants = Array.from({ length: runs }, () => start + random.int(5, HALF_INNING - 5)).sort((a, b) => a - b);
    let halfEnd = start + HALF_INNING;
    let walkOff = false;
    for (const at of instants) {
      events.push({ at, side, points: 1 });
      score[side] += 1;
      if (!top && inning >= 9 && score.home > score.away) {
        halfEnd = at;
        walkOff = true;
        break;
      }
    }
    halves.push({ inning, top, start, end: halfEnd, outTimes: outTimes.filter((t) => t <= halfEnd) });
    cursor = halfEnd + BREAK;
    end = halfEnd;
    return walkOff;
  };

  for (let inning = 1; inning <= LAST_INNING; inning++) {
    playHalf(inning, true, false);
    if (inning >= 9 && score.home > score.away) break;
    const forceWalkOff = inning === LAST_INNING && score.home === score.away;
    const walkOff = playHalf(inning, false, forceWalkOff);
    if (walkOff || (inning >= 9 && score.home !== score.away)) break;
  }

  const regulationUnits = REGULATION_HALVES * HALF_INNING + (REGULATION_HALVES - 1) * BREAK;

  const stateAt = (unit: number): PlayState => {
    const at = Math.min(Math.max(unit, 0), end);
    let half = halves[0]!;
    for (const candidate of halves) if (candidate.start <= at) half = candidate;
    const label = ordinal(half.inning);
    if (at < half.end || at === end) {
      const outs = Math.min(2, half.outTimes.filter((t) => t <= at).length);
      return {
        period: half.inning,
        periodLabel: label,
        segment: half.top ? 'top' : 'bottom',
        segmentLabel: half.top ? 'Top' : 'Bottom',
        outs,
        display: `${halfName(half)}, ${outs} out${outs === 1 ? '' : 's'}`,
      };
    }
    return {
      period: half.inning,
      periodLabel: label,
      segment: half.top ? 'middle' : 'end',
      segmentLabel: half.top ? 'Middle' : 'End',
      outs: 0,
      display: `${half.top ? 'Mid' : 'End'} ${label}`,
    };
  };

  const playedShare = (unit: number): number => {
    let played = 0;
    for (const half of halves.slice(0, REGULATION_HALVES)) played += Math.min(HALF_INNING, Math.max(0, unit - half.start));
    return Math.min(1, played / (REGULATION_HALVES * HALF_INNING));
  };

  return { regulationUnits, endUnit: end, events: events.sort((a, b) => a.at - b.at), stateAt, playedShare };
}
