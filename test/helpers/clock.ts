import { MIDDAY } from './sandbox.js';

/**
 * A clock that starts at `start` and runs at the real pace: dates are the test's (never the wall clock's), while
 * timeouts, rate-limit refills and cache freshness still see time pass.
 */
export function runningClock(start: string | number = MIDDAY): () => number {
  const origin = typeof start === 'number' ? start : Date.parse(start);
  const started = performance.now();
  return () => origin + Math.floor(performance.now() - started);
}

/** `YYYY-MM` of an instant, as usage is bucketed. */
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);
