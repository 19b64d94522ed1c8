// A page's live stream as the relay tests read it: /v1/live opened with fetch, parsed by eventsource-parser.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { RunningRelay } from '../../src/relay/server.js';

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
  extra: { have?: string[]; lastEventId?: number } = {},
): Promise<Stream> {
  const url = new URL(`${relay.origin}/v1/live`);
  url.searchParams.set('key', key);
  for (const topic of topics) url.searchParams.append('topic', topic);
  for (const etag of extra.have ?? []) url.searchParams.append('have', etag);
  const abort = new AbortController();
  const headers: Record<string, string> = { ...ORIGIN, accept: 'text/event-stream' };
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
