import type { Cached } from '../cache/resource-cache.js';

/** A payload is as old as its oldest part, and stale if any part is. */
export function freshnessOf(...parts: Array<Cached<unknown> | undefined>): { updatedAt: string; stale: boolean } {
  const present = parts.filter((part): part is Cached<unknown> => part !== undefined);
  const oldest = Math.min(...present.map((part) => part.fetchedAt));
  return { updatedAt: new Date(Number.isFinite(oldest) ? oldest : Date.now()).toISOString(), stale: present.some((part) => part.stale) };
}
