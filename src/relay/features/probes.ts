/** Whether a probe settles without an error (within its own timeout). */
export const answers = (probe: Promise<unknown>): Promise<boolean> =>
  probe.then(
    () => true,
    () => false,
  );

/** A probe asked at most once per `everyMs`: callers meanwhile share its answer (or the one in flight). */
export function sharedProbe<T>(probe: () => Promise<T>, everyMs: number, now: () => number): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (!last || now() - last.at >= everyMs) last = { at: now(), answer: probe() };
    return last.answer;
  };
}
