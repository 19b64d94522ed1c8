// What a public key can cost the operator, measured as the upstream measures it: a relay on a real HTTP upstream (a
// sandbox started apart, as PRESSBOX_UPSTREAM_URL would name it) and the units its own /me reports. Readers come from
// made-up addresses through the relay's trusted-proxy rule, so each attacker and honest reader is its own network.
import type { RelayOptions, RunningRelay } from '../../src/relay/server.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { WIDGET_LEAGUES } from '../../src/contract/leagues.js';
import { addKey, testRelay } from './relay.js';
import { frozenSandbox, getJson, MIDDAY } from './sandbox.js';

export const ATTACKER = '198.51.100.7';
export const HONEST = '192.0.2.44';
export const ORIGIN = 'https://example.com';
export const ALL_LEAGUES = WIDGET_LEAGUES.join(',');

export interface AttackBed {
  upstream: RunningSandbox;
  relay: RunningRelay;
  /** A pro `pk_live_` key allowed on example.com. */
  key: string;
  /** Units the relay's secret key has spent this month, as the upstream counts them. */
  units(): Promise<number>;
  close(): Promise<void>;
}

export async function attackBed(options: RelayOptions = {}): Promise<AttackBed> {
  const upstream = await frozenSandbox(MIDDAY);
  const relay = await testRelay({ upstreamUrl: upstream.baseUrl, upstreamKey: 'sk_sandbox_pro', trustProxy: ['loopback'], ...options });
  const key = await addKey(relay, ['example.com'], { name: 'victim' });
  return {
    upstream,
    relay,
    key,
    units: async () => (await getJson(upstream, '/me')).body.usage.used as number,
    close: async () => {
      await relay.close();
      await upstream.close();
    },
  };
}

/** A widget GET from `address` (through the trusted proxy), with the page's Origin. */
export async function getFrom(
  bed: Pick<AttackBed, 'relay'>,
  path: string,
  address: string,
  origin = ORIGIN,
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${bed.relay.origin}${path}`, { headers: { origin, 'x-forwarded-for': address } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body, headers: response.headers };
}

export interface RawStream {
  status: number;
  /** Every `event:` name and data seen so far. */
  events: Array<{ event: string; data: string }>;
  /** Resolves when the relay ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}

/** /v1/live from `address`, read as lines: enough to count updates and errors and see the stream end. */
export async function streamFrom(
  bed: Pick<AttackBed, 'relay'>,
  key: string,
  topics: readonly string[],
  address: string,
  origin = ORIGIN,
): Promise<RawStream> {
  const url = new URL(`${bed.relay.origin}/v1/live`);
  url.searchParams.set('key', key);
  for (const topic of topics) url.searchParams.append('topic', topic);
  const abort = new AbortController();
  const response = await fetch(url, { headers: { origin, 'x-forwarded-for': address, accept: 'text/event-stream' }, signal: abort.signal });
  const events: RawStream['events'] = [];
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    let event = 'message';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) {
            events.push({ event, data: line.slice(6) });
            event = 'message';
          }
        }
      }
    } catch {
      // closed here
    }
  })();
  return { status: response.status, events, ended, close: () => abort.abort() };
}

/** `YYYY-MM-DD`, `days` after `start`. */
export function dayAfter(start: string, days: number): string {
  return new Date(Date.parse(`${start.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export { sleep } from './wait.js';
