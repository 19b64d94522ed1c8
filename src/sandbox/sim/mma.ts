import { BREAK_SECONDS, ROUND_SECONDS, type Bout } from '../cards.js';
import type { Random } from '../random.js';
import { ClockTimeline } from './clock-timeline.js';
import type { BoutResult, GameScript, Side } from './types.js';

/**
 * How bouts end, close to what the sport sees over a season of major-promotion cards: about a third by knockout, a
 * fifth by submission, the rest to the judges (mostly unanimous), and one or two in a hundred a draw or no contest.
 */
const METHODS: ReadonlyArray<readonly [method: BoutResult['method'], detail: BoutResult['detail'], share: number]> = [
  ['KO/TKO', null, 0.32],
  ['Submission', null, 0.19],
  ['Decision', 'Unanimous', 0.35],
  ['Decision', 'Split', 0.09],
  ['Decision', 'Majority', 0.02],
  ['Draw', 'Split', 0.015],
  ['No contest', null, 0.015],
];

/** Finishes come early more often than late: the share of a bout's finishes in each round. */
const FINISH_ROUND_WEIGHTS: Record<3 | 5, readonly number[]> = { 3: [0.5, 0.3, 0.2], 5: [0.38, 0.26, 0.16, 0.12, 0.08] };

function drawn<T>(random: Random, options: ReadonlyArray<readonly [...unknown[], number]>, pick: (index: number) => T): T {
  let roll = random.next() * options.reduce((sum, option) => sum + (option.at(-1) as number), 0);
  for (let index = 0; index < options.length; index++) {
    roll -= options[index]!.at(-1) as number;
    if (roll < 0) return pick(index);
  }
  return pick(options.length - 1);
}

/**
 * A bout on the game clock: rounds of five minutes counting down with a minute between them. A knockout or submission
 * ends it inside a round; decisions, draws and most no contests come only after the last round. The winner's side
 * scores one point at the end, so a final reads 1–0 (0–0 for a draw or no contest) and `result` says how.
 */
export function mmaScript(bout: Bout, strengthEdge: number, random: Random): GameScript {
  const timeline = new ClockTimeline();
  const rounds = Array.from({ length: bout.rounds }, (_, index) => {
    const number = index + 1;
    const round = timeline.addPeriod({ number, seconds: ROUND_SECONDS, label: `R${number}`, displayPrefix: `R${number}` });
    if (number < bout.rounds) timeline.addBreak({ units: BREAK_SECONDS, segment: 'end', label: `End of R${number}` });
    return round;
  });
  timeline.closeRegulation();

  const [method, detail] = drawn(random, METHODS, (index) => [METHODS[index]![0], METHODS[index]![1]] as const);
  // The red corner (home) is the favourite: the stronger the edge, the likelier it wins.
  const winner: Side | null =
    method === 'Draw' || method === 'No contest' ? null : random.next() < 1 / (1 + Math.exp(-strengthEdge)) ? 'home' : 'away';
  const finished = method === 'KO/TKO' || method === 'Submission' || (method === 'No contest' && random.chance(0.5));
  const round = finished
    ? drawn(
        random,
        FINISH_ROUND_WEIGHTS[bout.rounds].map((weight) => [weight] as const),
        (index) => index,
      )
    : bout.rounds - 1;
  const into = finished ? random.int(8, ROUND_SECONDS - 1) : ROUND_SECONDS;
  const endUnit = rounds[round]!.start + into;
  if (winner) timeline.addEvent({ at: endUnit, side: winner, points: 1 });
  const result: BoutResult = {
    winner,
    method,
    detail,
    round: round + 1,
    time: `${Math.floor(into / 60)}:${String(into % 60).padStart(2, '0')}`,
  };
  return { ...timeline.finish(endUnit), result };
}
