/** A part of the relay as GET /ready sees it: `degraded` still serves (known keys within an allowance), `unreachable` does not. */
export type PartState = 'ok' | 'degraded' | 'unreachable';
/** A part's state and, when it is not ok, what is wrong in words an operator acts on. */
export type PartReport = PartState | { state: PartState; problem: string };

/** What GET /ready and the console show: each part's state, and the problems of those that are not ok. */
export interface Readiness {
  parts: Record<string, PartState>;
  problems: Record<string, string>;
}

/** The relay's state: the worst of its parts'. */
export function readinessStatus(parts: Record<string, PartState>): 'ready' | 'degraded' | 'not_ready' {
  const states = Object.values(parts);
  return states.includes('unreachable') ? 'not_ready' : states.includes('degraded') ? 'degraded' : 'ready';
}
