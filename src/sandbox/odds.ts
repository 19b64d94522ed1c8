/** Probability and price arithmetic shared by every market the sandbox quotes. */

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26 through erf). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const MIN_PROBABILITY = 0.02;
const MAX_PROBABILITY = 0.98;

/** American odds for an implied probability, rounded the way books print them (to 5 beyond ±100). */
function americanFromProbability(probability: number): number {
  const p = Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, probability));
  const raw = p >= 0.5 ? (-100 * p) / (1 - p) : (100 * (1 - p)) / p;
  const rounded = Math.round(raw / 5) * 5;
  if (rounded > -100 && rounded < 100) return raw < 0 ? -100 : 100;
  return rounded;
}

/** Both sides of a two-way market with the book's margin spread over them in proportion. */
export function priceTwoWay(probabilityFirst: number, margin: number): { first: number; second: number } {
  const p = Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, probabilityFirst));
  return {
    first: americanFromProbability(p * (1 + margin)),
    second: americanFromProbability((1 - p) * (1 + margin)),
  };
}

export function roundToHalf(value: number): number {
  return Math.round(value * 2) / 2;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
