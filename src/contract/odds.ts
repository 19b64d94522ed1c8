/** Odds arithmetic both sides need: the relay computes win probability, the elements display it. */

export function impliedProbability(american: number): number {
  return american < 0 ? -american / (-american + 100) : 100 / (american + 100);
}

/** Both sides' chances with the bookmaker's margin taken out, in proportion. */
export function noVigProbabilities(first: number, second: number): [number, number] {
  const a = impliedProbability(first);
  const b = impliedProbability(second);
  return [a / (a + b), b / (a + b)];
}
