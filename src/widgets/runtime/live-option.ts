import type { LiveStream } from './live-stream.js';

/** How an element with live data follows it (resource-controller.ts; ui/live.ts makes them). */
export interface LiveOption<T> {
  /** Whether this data is live: a game in progress. */
  when(data: T): boolean;
  /** Settles once what this data needs is here: the live kit, for live data. */
  ready(data: T): Promise<unknown> | undefined;
  /** The page's live stream for a relay and key, once the kit is here. */
  stream(relay: string, key: string): LiveStream | undefined;
}
