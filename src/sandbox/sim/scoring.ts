import type { Random } from '../random.js';

/** Splits a points total into scoring plays of the given values, drawn by weight; the last play is trimmed to fit. */
export function splitIntoPlays(total: number, random: Random, plays: ReadonlyArray<readonly [points: number, weight: number]>): number[] {
  const weightSum = plays.reduce((sum, [, weight]) => sum + weight, 0);
  const out: number[] = [];
  let left = total;
  while (left > 0) {
    let roll = random.next() * weightSum;
    let points = plays[0]![0];
    for (const [value, weight] of plays) {
      roll -= weight;
      if (roll < 0) {
        points = value;
        break;
      }
    }
    points = Math.min(points, left);
    out.push(points);
    left -= points;
  }
  return out;
}
