import { SandboxClock } from '../../sandbox/clock.js';
import type { MachineSharing, RelayBaseOptions } from './feature.js';

/**
 * The relay's clocks. Where the embedded sandbox is the upstream, `now` is the sandbox's clock (`--time`, its control
 * routes): one clock, so "today", "next", date windows, kept games, recorded points and `updatedAt` are those of the
 * world the sandbox plays, and the elements learn it from the relay (http/data-routes.ts). On a real upstream it is
 * the machine's clock (a sandbox kept for test keys then runs on its own). Tests inject theirs, which is then both.
 */
export interface RelayClocks {
  /** Calendar instants: days, usage months, date windows, kept answers, recorded points, `updatedAt`. */
  now: () => number;
  /**
   * The machine's clock, for what must keep passing when the sandbox's is frozen or set back, and for what operators
   * do: rate-limit and spend refills, probe intervals, live event ids, embed tokens, key revocations, console sessions.
   */
  wall: () => number;
  /** The clock the embedded sandbox runs on (a worker's sandbox is its primary's: none here). */
  sandbox: SandboxClock | undefined;
}

export async function relayClocks(base: RelayBaseOptions, machine: MachineSharing | undefined): Promise<RelayClocks> {
  if (base.now) return { now: base.now, wall: base.now, sandbox: undefined };
  const sandbox = machine ? undefined : (base.sandbox?.clock ?? new SandboxClock(base.sandbox));
  if (base.upstreamUrl) return { now: Date.now, wall: Date.now, sandbox };
  // A worker runs its primary's clock, following each change the primary sends (cluster/primary.ts).
  const clock = sandbox ?? (await machine!.sandboxClock());
  return { now: () => clock.now(), wall: Date.now, sandbox };
}
