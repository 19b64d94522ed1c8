export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds (asked every 50 ms), or fails naming `what` (read as it fails) after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 15_000): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${typeof what === 'string' ? what : what()}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}
