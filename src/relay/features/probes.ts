/** Whether a probe settles without an error (within its own timeout). */
export const answers = (probe: Promise<unknown>): Promise<boolean> =>
  probe.then(
    () => true,
    () => false,
  );

/** A probe asked at most once per `everyMs`: callers meanwhile share its answer (or the one in flight). */
export function sharedProbe(probe: () => Promise<boolean>, everyMs: number, now: () => number): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (!last || now() - last.at >= everyMs) last = { at: now(), answer: probe() };
    return last.answer;
  };
}
