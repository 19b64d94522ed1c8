// A page's live stream as the relay tests read it: /v1/live opened with fetch, parsed by eventsource-parser.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { RunningRelay } from '../../src/relay/server.js';
import { MIDDAY } from './sandbox.js';

const ORIGIN = { origin: 'https://example.com' };

export interface Stream {
  events: EventSourceMessage[];
  comments: string[];
  status: number;
  ended: Promise<void>;
  close(): void;
  waitFor(count: number, timeoutMs?: number): Promise<EventSourceMessage[]>;
}

/** Opens /v1/live and collects what arrives, parsed by eventsource-parser. */
export async function openStream(
  relay: Pick<RunningRelay, 'origin'>,
  key: string,
  topics: string[],
  extra: { have?: string[]; lastEventId?: number; headers?: Record<string, string> } = {},
): Promise<Stream> {
  const url = new URL(`${relay.origin}/v1/live`);
  url.searchParams.set('key', key);
  for (const topic of topics) url.searchParams.append('topic', topic);
  for (const etag of extra.have ?? []) url.searchParams.append('have', etag);
  const abort = new AbortController();
  const headers: Record<string, string> = { ...ORIGIN, accept: 'text/event-stream', ...extra.headers };
  if (extra.lastEventId) headers['last-event-id'] = String(extra.lastEventId);
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event), onComment: (comment) => comments.push(comment) });
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted by the test
    }
  })();
  return {
    events,
    comments,
    status: response.status,
    ended,
    close: () => abort.abort(),
    async waitFor(count, timeoutMs = 5000) {
      const started = Date.now();
      while (events.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`only ${events.length} of ${count} events arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events;
    },
  };
}

export function updates(events: EventSourceMessage[]) {
  return events
    .filter((event) => event.event === 'update')
    .map((event) => ({ id: Number(event.id), ...(JSON.parse(event.data) as { topic: string; contract: number; data: any }) }));
}

/**
 * A relay clock under which the tests know exactly what live loads cost: it runs, and `nextWindow()` moves it on by a
 * whole billing window, so the next change a stream receives opens a new window (a load) and the changes after it, until
 * the next call, do not. The window is far longer than a test: only `nextWindow()` ends one. `windows(stream)` is what
 * the stream costs: the windows in which it received data.
 */
export function billingWindows(streams: () => Stream[], windowMs = 600_000) {
  const started = performance.now();
  const origin = Date.parse(MIDDAY);
  let offset = 0;
  const counts = new Map<Stream, number[]>();
  const snapshot = () => {
    for (const stream of streams()) {
      const seen = counts.get(stream) ?? [];
      seen.push(updates(stream.events).length);
      counts.set(stream, seen);
    }
  };
  return {
    windowMs,
    now: () => origin + offset + Math.floor(performance.now() - started),
    nextWindow(): void {
      snapshot();
      offset += windowMs;
    },
    windows(stream: Stream): number {
      const marks = [0, ...(counts.get(stream) ?? []), updates(stream.events).length];
      return marks.filter((count, i) => i > 0 && count > marks[i - 1]!).length;
    },
  };
}
