// What the relay needs from Node and V8 whatever starts it (issue 73): `node bin/pressbox.js`, `npx pressbox`, a
// process manager, a container's CMD, `--workers` (whose workers run with the primary's flags) or `startRelay()` in
// another program (which must pass them itself: it is told at start).

/**
 * A 16 MiB young generation, as Node 20 had: Node 24's default (up to 64 MiB) holds about 100 MiB more in a relay with
 * 20,000 live streams, whose garbage is short-lived frames and buffers (docs/performance.md, "Memory").
 */
export const RUNTIME_FLAGS = ['--max-semi-space-size=16'] as const;

const nameOf = (flag: string) => flag.split('=')[0]!.replaceAll('_', '-');

/** The flags neither given on the command line nor in NODE_OPTIONS; one the operator set otherwise counts as given. */
export function missingRuntimeFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter((arg) => arg.startsWith('--')).map(nameOf));
  return RUNTIME_FLAGS.filter((flag) => !given.has(nameOf(flag)));
}

/** The young generation's semi-space in force, in MiB, as the flags set it; undefined for V8's own default. */
export function semiSpaceMebibytes(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): number | undefined {
  // The last one given wins, NODE_OPTIONS first (Node reads it before the command line).
  const given = [...nodeOptions.split(/\s+/), ...execArgv].filter((arg) => nameOf(arg) === '--max-semi-space-size');
  const value = Number(given.at(-1)?.split('=')[1]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
