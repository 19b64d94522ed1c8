import type { League } from '../leagues.js';
import type { Random } from '../random.js';
import { ClockTimeline, instantsIn } from './clock-timeline.js';
import { ordinal, type ExpectedScores, type GameScript, type Side } from './types.js';

const PERIOD_SECONDS = 1200;

export function hockeyScript(_league: League, expected: ExpectedScores, random: Random): GameScript {
  const timeline = new ClockTimeline();
  for (let number = 1; number <= 3; number++) {
    const label = ordinal(number);
    const period = timeline.addPeriod({ number, seconds: PERIOD_SECONDS, label, displayPrefix: label });
    for (const side of ['home', 'away'] as Side[]) {
      const goals = random.poisson(expected[side] / 3);
      for (const at of instantsIn(period.start, PERIOD_SECONDS, goals, random.next)) timeline.addEvent({ at, side, points: 1 });
    }
    if (number < 3) timeline.addBreak({ units: PERIOD_SECONDS * 0.3, segment: 'intermission', label: `${label} Intermission` });
  }
  timeline.closeRegulation();

  const score = timeline.score();
  if (score.home !== score.away) return timeline.finish();

  const homeShare = expected.home / (expected.home + expected.away);
  const winner = (): Side => (random.next() < homeShare ? 'home' : 'away');
  timeline.addBreak({ units: 240, segment: 'end', label: 'End of 3rd' });
  const overtime = timeline.addPeriod({ number: 4, seconds: 300, label: 'OT', displayPrefix: 'OT' });
  if (random.chance(0.6)) {
    const at = overtime.start + random.int(5, 295);
    timeline.addEvent({ at, side: winner(), points: 1 });
    return timeline.finish(at);
  }
  // The shootout winner is credited one goal, as final scores show it.
  timeline.addBreak({ units: 120, segment: 'end', label: 'End of OT' });
  const shootout = timeline.addPeriod({
    number: 5,
    seconds: 240,
    label: 'SO',
    displayPrefix: 'Shootout',
    untimed: true,
    segment: 'shootout',
  });
  timeline.addEvent({ at: shootout.start + 239, side: winner(), points: 1 });
  return timeline.finish();
}
