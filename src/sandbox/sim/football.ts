import type { League } from '../leagues.js';
import type { Random } from '../random.js';
import { ClockTimeline } from './clock-timeline.js';
import { ordinal, type ExpectedScores, type GameScript, type Side } from './types.js';

const QUARTER_SECONDS = 900;
const MAX_COLLEGE_OVERTIMES = 8;

function touchdownPoints(random: Random): number {
  const roll = random.next();
  return roll < 0.88 ? 7 : roll < 0.94 ? 6 : 8;
}

function winnerBy(expected: ExpectedScores, random: Random): Side {
  return random.next() < expected.home / (expected.home + expected.away) ? 'home' : 'away';
}

export function footballScript(league: League, expected: ExpectedScores, random: Random): GameScript {
  const college = league.code === 'CFB';
  const fieldGoalRate = college ? 1.4 : 1.6;
  const timeline = new ClockTimeline();
  const quarterStarts: number[] = [];
  for (let number = 1; number <= 4; number++) {
    const label = ordinal(number);
    quarterStarts.push(timeline.addPeriod({ number, seconds: QUARTER_SECONDS, label, displayPrefix: `Q${number}` }).start);
    if (number === 4) break;
    timeline.addBreak(
      number === 2
        ? { units: QUARTER_SECONDS * 0.6, segment: 'halftime', label: 'Halftime' }
        : { units: QUARTER_SECONDS * 0.2, segment: 'end', label: `End of ${label}` },
    );
  }
  timeline.closeRegulation();

  const randomInstant = (): number => {
    const quarter = random.int(0, 3);
    return quarterStarts[quarter]! + random.int(1, QUARTER_SECONDS - 1);
  };
  for (const side of ['home', 'away'] as Side[]) {
    const touchdowns = random.poisson(Math.max(0.3, (expected[side] - 3 * fieldGoalRate) / 6.95));
    for (let i = 0; i < touchdowns; i++) timeline.addEvent({ at: randomInstant(), side, points: touchdownPoints(random) });
    const fieldGoals = random.poisson(fieldGoalRate);
    for (let i = 0; i < fieldGoals; i++) timeline.addEvent({ at: randomInstant(), side, points: 3 });
    if (random.chance(0.03)) timeline.addEvent({ at: randomInstant(), side, points: 2 });
  }

  const tied = (): boolean => {
    const score = timeline.score();
    return score.home === score.away;
  };
  if (!tied()) return timeline.finish();

  timeline.addBreak({ units: QUARTER_SECONDS * 0.2, segment: 'end', label: 'End of 4th' });
  if (!college) {
    // NFL regular season: one sudden-death period that may end level.
    const overtime = timeline.addPeriod({ number: 5, seconds: 600, label: 'OT', displayPrefix: 'OT' });
    if (!random.chance(0.8)) return timeline.finish();
    const at = overtime.start + random.int(30, 590);
    timeline.addEvent({ at, side: winnerBy(expected, random), points: random.chance(0.6) ? 6 : 3 });
    return timeline.finish(at);
  }

  // College overtime: untimed possessions for each side until one round leaves them apart.
  for (let round = 1; round <= MAX_COLLEGE_OVERTIMES; round++) {
    if (round > 1) timeline.addBreak({ units: 90, segment: 'end', label: `End of ${round === 2 ? 'OT' : `${round - 1}OT`}` });
    const label = round === 1 ? 'OT' : `${round}OT`;
    const period = timeline.addPeriod({ number: 4 + round, seconds: 300, label, displayPrefix: label, untimed: true });
    for (const side of ['away', 'home'] as Side[]) {
      const roll = random.next();
      const points = round >= 3 ? (roll < 0.45 ? 2 : 0) : roll < 0.45 ? 7 : roll < 0.7 ? 3 : 0;
      if (points > 0) timeline.addEvent({ at: period.start + (side === 'away' ? 100 : 250), side, points });
    }
    if (!tied()) return timeline.finish();
    if (round === MAX_COLLEGE_OVERTIMES) {
      timeline.addEvent({ at: period.start + 299, side: winnerBy(expected, random), points: 2 });
    }
  }
  return timeline.finish();
}
