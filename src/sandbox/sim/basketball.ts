import type { League } from '../leagues.js';
import type { Random } from '../random.js';
import { ClockTimeline, instantsIn } from './clock-timeline.js';
import { splitIntoPlays } from './scoring.js';
import { ordinal, type ExpectedScores, type GameScript, type Side } from './types.js';

const OVERTIME_SECONDS = 300;
const MAX_OVERTIMES = 5;

function format(league: League): { periods: number; seconds: number; halves: boolean; totalSd: number; threeShare: number } {
  if (league.code === 'NCAAB') return { periods: 2, seconds: 1200, halves: true, totalSd: 10, threeShare: 0.28 };
  if (league.code === 'WNBA') return { periods: 4, seconds: 600, halves: false, totalSd: 9, threeShare: 0.27 };
  return { periods: 4, seconds: 720, halves: false, totalSd: 11, threeShare: 0.32 };
}

export function basketballScript(league: League, expected: ExpectedScores, random: Random): GameScript {
  const { periods, seconds, halves, totalSd, threeShare } = format(league);
  const plays = [
    [2, 1 - threeShare - 0.12],
    [3, threeShare],
    [1, 0.12],
  ] as const;
  const timeline = new ClockTimeline();

  const playPeriod = (start: number, length: number, means: ExpectedScores, sd: number): void => {
    for (const side of ['home', 'away'] as Side[]) {
      const points = Math.max(0, Math.round(random.normal(means[side], sd)));
      const values = splitIntoPlays(points, random, plays);
      const instants = instantsIn(start, length, values.length, random.next);
      values.forEach((value, i) => timeline.addEvent({ at: instants[i]!, side, points: value }));
    }
  };

  const perPeriod = { home: expected.home / periods, away: expected.away / periods };
  const periodSd = totalSd / Math.sqrt(periods);
  for (let number = 1; number <= periods; number++) {
    const label = ordinal(number);
    const period = timeline.addPeriod({ number, seconds, label, displayPrefix: halves ? `${label} Half` : `Q${number}` });
    playPeriod(period.start, seconds, perPeriod, periodSd);
    if (number === periods) break;
    const halftime = number === periods / 2;
    timeline.addBreak(
      halftime
        ? { units: seconds * 0.6, segment: 'halftime', label: 'Halftime' }
        : { units: seconds * 0.2, segment: 'end', label: `End of ${label}` },
    );
  }
  timeline.closeRegulation();

  const overtimeMeans = {
    home: (perPeriod.home * OVERTIME_SECONDS) / seconds,
    away: (perPeriod.away * OVERTIME_SECONDS) / seconds,
  };
  for (let overtime = 1; overtime <= MAX_OVERTIMES; overtime++) {
    const score = timeline.score();
    if (score.home !== score.away) break;
    const before = overtime === 1 ? `End of ${ordinal(periods)}` : `End of ${overtime === 2 ? 'OT' : `${overtime - 1}OT`}`;
    timeline.addBreak({ units: seconds * 0.2, segment: 'end', label: before });
    const label = overtime === 1 ? 'OT' : `${overtime}OT`;
    const period = timeline.addPeriod({ number: periods + overtime, seconds: OVERTIME_SECONDS, label, displayPrefix: label });
    playPeriod(period.start, OVERTIME_SECONDS, overtimeMeans, periodSd / 2);
    const after = timeline.score();
    if (overtime === MAX_OVERTIMES && after.home === after.away) {
      timeline.addEvent({ at: period.start + OVERTIME_SECONDS - 1, side: random.chance(0.5) ? 'home' : 'away', points: 1 });
    }
  }
  return timeline.finish();
}
