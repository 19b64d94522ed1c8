import type { ErrorBody } from '../../contract/common.js';
import { CONTRACT_HEADER, CONTRACT_REVISION_HEADER, RELAY_TIME_HEADER } from '../../contract/version.js';
import { PressboxError, checkContract } from './errors.js';
import { heardRelayTime } from './relay-time.js';

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
  static readonly #clients = new Map<string, RelayClient>();
  readonly #inFlight = new Map<string, InFlight>();
  readonly #lastEtag = new Map<string, string>();
  /** Network requests this client made, for tests and diagnostics. */
  requests = 0;

  static for(relay: string): RelayClient {
    let client = RelayClient.#clients.get(relay);
    if (!client) {
      client = new RelayClient(relay);
      RelayClient.#clients.set(relay, client);
    }
    return client;
  }

  private constructor(readonly relay: string) {}

  url(path: string, params: Record<string, string | undefined>): string {
    const url = new URL(path, this.relay);
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, value);
    return url.toString();
  }

  /** The relay validates what it sends against the contract; the page trusts its types once the version matches. */
  async get<T>(url: string, signal?: AbortSignal): Promise<RelayAnswer<T>> {
    if (signal?.aborted) throw abortError();
    let entry = this.#inFlight.get(url);
    if (!entry) {
      const controller = new AbortController();
      const created: InFlight = { promise: this.#fetchOnce(url, controller.signal), controller, waiters: 0 };
      created.promise.finally(() => this.#inFlight.delete(url)).catch(() => {});
      this.#inFlight.set(url, created);
      entry = created;
    }
    const shared = entry;
    shared.waiters++;
    const released = new Promise<never>((_, reject) => {
      signal?.addEventListener(
        'abort',
        () => {
          shared.waiters--;
          if (shared.waiters === 0) {
            // Let go at once: a caller asking again in the same turn (an element superseding its own request) must
            // get a fetch of its own, not join the one being aborted and be told it was aborted too. (The aborted
            // fetch's clean-up may then forget the new one early: that costs sharing, never an answer.)
            this.#inFlight.delete(url);
            shared.controller.abort();
          }
          reject(abortError());
        },
        { once: true },
      );
    });
    const { body, etag } = await Promise.race([shared.promise, released]);
    const unchanged = etag !== null && this.#lastEtag.get(url) === etag;
    if (etag) this.#lastEtag.set(url, etag);
    return { data: body as T, etag, unchanged };
  }

  async #fetchOnce(url: string, signal: AbortSignal): Promise<{ body: unknown; etag: string | null }> {
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
      const error = (body as Partial<ErrorBody> | null)?.error;
      const retryAfter = Number(response.headers.get('retry-after'));
      if (typeof error?.code !== 'string' || typeof error.message !== 'string')
        throw new PressboxError('bad_response', `The relay answered ${response.status} without an error body.`, response.status);
      throw new PressboxError(
        error.code,
        error.message,
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        error,
      );
    }
    checkContract(response.headers.get(CONTRACT_HEADER), response.headers.get(CONTRACT_REVISION_HEADER), this.relay);
    heardRelayTime(response.headers.get(RELAY_TIME_HEADER));
    return { body, etag: response.headers.get('etag') };
  }
}
