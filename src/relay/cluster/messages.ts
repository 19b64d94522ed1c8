import type { ClockReading } from '../../sandbox/clock.js';
import type { TopicState } from '../live/share.js';

/**
 * What the relay's processes say to each other over the cluster's IPC channel. Every message carries `pressbox`, so
 * that prom-client's own messages (metrics aggregation) pass by untouched.
 */
export type WorkerRequest =
  | { op: 'hold'; topic: string; ms: number }
  | { op: 'release'; topic: string }
  | { op: 'publish'; topic: string; json: string; etag: string }
  | { op: 'latest'; topic: string }
  | { op: 'cache-get'; key: string }
  | { op: 'cache-set'; key: string; entry: { value: unknown; fetchedAt: number }; keepMs: number }
  | { op: 'cache-claim'; key: string; ms: number }
  | { op: 'cache-clear' }
  | { op: 'metrics' }
  /** The address of the machine's sandbox, started on the first ask. */
  | { op: 'sandbox' }
  /** Where the machine's sandbox clock stands: the clock of every worker when the sandbox is the upstream. */
  | { op: 'clock' };

export type ToPrimary = { pressbox: 'ask'; id: number; request: WorkerRequest };

export type ToWorker =
  | { pressbox: 'answer'; id: number; result?: unknown; error?: string }
  /** A topic's new state, published by whichever worker polls it: every worker passes it on to its viewers. */
  | { pressbox: 'state'; topic: string; state: TopicState }
  /** The sandbox clock was set, moved or sped up (its control routes): every worker follows at once. */
  | { pressbox: 'clock'; reading: ClockReading }
  /** Stop accepting, drain the streams and requests, close the store, exit. */
  | { pressbox: 'drain' };

export function isPressboxMessage<T extends { pressbox: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && 'pressbox' in message;
}
