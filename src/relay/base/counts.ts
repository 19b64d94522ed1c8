/** Counts by name that forget a name at zero: what is held now, never every name once seen. */
export function adjustCount(counts: Map<string, number>, name: string, by: number): void {
  const count = (counts.get(name) ?? 0) + by;
  if (count > 0) counts.set(name, count);
  else counts.delete(name);
}
