/** Deterministic randomness: the same seed parts always give the same sequence, on every machine. */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Normally distributed (Box–Muller). */
  normal(mean: number, sd: number): number;
  poisson(mean: number): number;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

/** FNV-1a over the joined parts, so seeds can be built from readable pieces such as league, date and team. */
export function seedOf(...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  const text = parts.join('\u001f');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(...seedParts: Array<string | number>): Random {
  let state = seedOf(...seedParts);
  const next = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    normal: (mean, sd) => {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    poisson: (mean) => {
      const limit = Math.exp(-mean);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
  return random;
}

/** A 32-character lower-case hex identifier derived from the parts (the form the odds endpoints use). */
export function hexIdOf(...parts: Array<string | number>): string {
  let out = '';
  for (let i = 0; i < 4; i++)
    out += seedOf(i, ...parts)
      .toString(16)
      .padStart(8, '0');
  return out;
}
