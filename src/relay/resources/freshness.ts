import type { Cached } from '../cache/resource-cache.js';

/** A payload is as old as its oldest part (`now`, the relay's clock, when it has none), and stale if any part is. */
export function freshnessOf(now: number, ...parts: Array<Cached<unknown> | undefined>): { updatedAt: string; stale: boolean } {
  const present = parts.filter((part): part is Cached<unknown> => part !== undefined);
  const oldest = Math.min(...present.map((part) => part.fetchedAt));
  return { updatedAt: new Date(Number.isFinite(oldest) ? oldest : now).toISOString(), stale: present.some((part) => part.stale) };
}
