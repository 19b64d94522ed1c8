import * as z from 'zod/mini';
import { errorBodySchema } from '../../contract/common.js';
import { PressboxError } from './errors.js';

export interface RelayAnswer<T> {
  data: T;
  /** The relay's ETag for this data: a live stream skips sending it again. */
  etag: string | null;
  /** True when the relay confirmed the data this page already had (same ETag). */
  unchanged: boolean;
}

interface InFlight {
  promise: Promise<{ body: unknown; etag: string | null }>;
  controller: AbortController;
  waiters: number;
}

function abortError(): DOMException {
  return new DOMException('The request was superseded or the element was removed.', 'AbortError');
}

/**
 * One client per relay and page: identical requests from several elements share one fetch, a request is
 * aborted only when every element waiting for it has let go, and answers are revalidated with ETags through the
 * browser's HTTP cache (conditional headers added by the browser keep the request simple: no CORS preflight).
 */
export class RelayClient {
  private static readonly clients = new Map<string, RelayClient>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly lastEtag = new Map<string, string>();
  /** Network requests this client made, for tests and diagnostics. */
  requests = 0;

  static for(relay: string): RelayClient {
    let client = RelayClient.clients.get(relay);
    if (!client) {
      client = new RelayClient(relay);
      RelayClient.clients.set(relay, client);
    }
    return client;
  }

  private constructor(readonly relay: string) {}

  url(path: string, params: Record<string, string | undefined>): string {
    const url = new URL(path, this.relay);
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, value);
    return url.toString();
  }

  async get<T>(url: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<RelayAnswer<T>> {
    if (signal?.aborted) throw abortError();
    let entry = this.inFlight.get(url);
    if (!entry) {
      const controller = new AbortController();
      const created: InFlight = { promise: this.fetchOnce(url, controller.signal), controller, waiters: 0 };
      created.promise.finally(() => this.inFlight.delete(url)).catch(() => {});
      this.inFlight.set(url, created);
      entry = created;
    }
    const shared = entry;
    shared.waiters++;
    const released = new Promise<never>((_, reject) => {
      signal?.addEventListener(
        'abort',
        () => {
          shared.waiters--;
          if (shared.waiters === 0) shared.controller.abort();
          reject(abortError());
        },
        { once: true },
      );
    });
    const { body, etag } = await Promise.race([shared.promise, released]);
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw new PressboxError('bad_response', `The relay answered ${url.split('?')[0]} in an unexpected shape.`);
    const unchanged = etag !== null && this.lastEtag.get(url) === etag;
    if (etag) this.lastEtag.set(url, etag);
    return { data: parsed.data, etag, unchanged };
  }

  private async fetchOnce(url: string, signal: AbortSignal): Promise<{ body: unknown; etag: string | null }> {
    this.requests++;
    let response: Response;
    try {
      // no-cache: always revalidate; the browser sends If-None-Match and a 304 costs the publisher nothing.
      response = await fetch(url, { signal, cache: 'no-cache', credentials: 'omit', mode: 'cors' });
    } catch (error) {
      if (signal.aborted) throw abortError();
      throw new PressboxError('network', `Could not reach the Pressbox relay at ${this.relay} (${(error as Error).message}).`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PressboxError('bad_response', `The relay answered ${response.status} with a body that is not JSON.`, response.status);
    }
    if (!response.ok) {
      const parsed = z.safeParse(errorBodySchema, body);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (!parsed.success)
        throw new PressboxError('bad_response', `The relay answered ${response.status} without an error body.`, response.status);
      throw new PressboxError(
        parsed.data.error.code,
        parsed.data.error.message,
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    return { body, etag: response.headers.get('etag') };
  }
}
