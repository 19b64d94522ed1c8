import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DataRoute, RoutePath, RoutePayload, RouteQuery } from '../../contract/routes.js';
import { PbErrorEvent, PbLoadEvent, PbUpdateEvent } from './events.js';
import { resolveConfig } from './config.js';
import type { PressboxConfig } from './page-settings.js';
import { PressboxError, isTransient } from './errors.js';
import type { LiveOption } from './live-option.js';
import { RelayClient } from './relay-client.js';
import { heardRelayOffset } from './relay-time.js';

/** A request of the contract route whose payload is `T`: the compiler checks its path and query names. */
export type ResourceRequest<T> = {
  [Route in DataRoute]: RoutePayload<Route> extends T ? { path: RoutePath<Route>; params: RouteQuery<Route> } : never;
}[DataRoute];

export interface ResourceOptions<T> {
  /** What to fetch for the host's current attributes, or an error when they are incomplete. */
  request(): ResourceRequest<T> | PressboxError;
  /**
   * For elements whose data moves by the second during a game (`liveWhile` in ui/live.ts): while their data is
   * live they follow the page's live stream instead of polling. Other data, and the elements whose data changes over
   * minutes or hours, poll with ETags at the relay's `refreshMs`, which keeps them as fresh.
   */
  live?: LiveOption<T>;
}

export type ResourceStatus = 'loading' | 'ready' | 'error';

/** The answer a server-rendered element carries in its shadow root (src/ssr), taken over as its first load. */
export interface ServedCopy<T> {
  data: T;
  etag: string;
  /** How far the relay's clock stood from its machine's as it drew the copy (absent from older relays). */
  clockOffsetMs?: number;
}

/** The element a resource belongs to: its attributes say where to fetch from, whether to follow live and from when. */
export type ResourceHost = ReactiveControllerHost & HTMLElement & PressboxConfig & { live: string; paused: boolean; asOf: string };

const MAX_RETRY_MS = 60_000;

/**
 * Fetches what the element shows and keeps it fresh: refetches when attributes change (aborting the superseded
 * request), then follows the page's live stream (or, where streams do not work, polls with ETags while the tab is
 * visible); drops its topic while the element is off-screen or paused; retries transient errors with backoff and
 * keeps the last data on screen when a refresh fails.
 */
export class ResourceController<T extends { refreshMs: number }> implements ReactiveController {
  status: ResourceStatus = 'loading';
  data: T | undefined;
  error: PressboxError | undefined;
  #requestKey: string | undefined;
  #abort: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #lastLoadedAt = 0;
  #warned = new Set<string>();
  #etag: string | null = null;
  #unsubscribe: (() => void) | undefined;
  #liveUnavailable = false;
  #onScreen = true;
  #paused = false;
  #observer: IntersectionObserver | undefined;
  /**
   * Settles once what the answer a server-rendered element came with needs is here (the live kit, for live data): its
   * first render waits for it (ui/pressbox-element.ts), as for an answer loaded here, so that nothing changes after it.
   */
  served: Promise<unknown> | undefined;
  /** The first answer a server-rendered element (src/ssr) came with, until its first update takes it. */
  #served: ServedCopy<T> | undefined;
  readonly #onVisibility = () => {
    if (document.hidden) this.#clearTimer();
    // A followed topic comes back with the stream (only what changed is sent); fetching too would deliver it twice.
    else if (this.#unsubscribe || this.#pinned) return;
    else if (this.data !== undefined && Date.now() - this.#lastLoadedAt > 5_000) void this.#load();
    else this.#schedule();
  };

  readonly #host: ResourceHost;
  /**
   * The host's options, with its request as the relay client takes it (the route was checked where it was written);
   * the server renderer (src/ssr) asks it which data an element's attributes name.
   * @internal
   */
  readonly options: {
    request(): { path: string; params: Record<string, string | undefined> } | PressboxError;
    live?: LiveOption<T> | undefined;
  };

  constructor(host: ResourceHost, options: ResourceOptions<T>) {
    this.#host = host;
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    const script = this.#requestKey === undefined && this.#host.shadowRoot?.querySelector('script[type="application/json"]');
    if (script) {
      const served = (this.#served = JSON.parse(script.textContent!) as ServedCopy<T>);
      // Before the first render: it reads "today" and the data's age on the clock the server's copy was drawn on.
      heardRelayOffset(served.clockOffsetMs);
      // Here already for the element's first willUpdate, which runs before this controller's hostUpdate.
      this.data = served.data;
      this.served = this.options.live?.ready(served.data);
    }
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#observer = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (visible === this.#onScreen) return;
      this.#onScreen = visible;
      // Off-screen elements neither follow the stream nor poll, and load lazily when they come into view.
      if (!visible) this.#stopFollowing();
      else if (!this.#pinned) void this.#load();
    });
    this.#observer.observe(this.#host);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#observer?.disconnect();
    this.#stopFollowing();
    this.#abort = undefined;
    this.#requestKey = undefined;
  }

  hostUpdate(): void {
    if (this.#host.paused !== this.#paused) {
      this.#paused = this.#host.paused;
      if (this.#paused) this.#stopFollowing();
      else if (this.data !== undefined) void this.#load();
    }
    const target = this.#target();
    const key = target instanceof PressboxError ? `error:${target.code}:${target.message}` : target.url;
    if (key === this.#requestKey) return;
    this.#requestKey = key;
    this.#stopFollowing();
    this.#etag = null;
    this.data = undefined;
    this.#failures = 0;
    if (target instanceof PressboxError) {
      this.#abort?.abort();
      this.#clearTimer();
      this.#fail(target);
      return;
    }
    const served = this.#served;
    this.#served = undefined;
    // The server already loaded (and billed) this answer: shown as if it had just come, and followed from here.
    if (served) {
      this.#took(served);
      return;
    }
    this.status = 'loading';
    this.error = undefined;
    void this.#load();
  }

  /** Data pinned to a day (`as-of`) is shown as it came: never followed live, never fetched again. */
  get #pinned(): boolean {
    return this.data !== undefined && this.#host.asOf !== '';
  }

  /** Fetch again now, as a refresh would. */
  refresh(): Promise<void> {
    return this.#load();
  }

  #target(): { url: string; client: RelayClient; topic: string; relay: string; key: string } | PressboxError {
    const config = resolveConfig({ key: this.#host.key, relay: this.#host.relay });
    if (config instanceof PressboxError) return config;
    const request = this.options.request();
    if (request instanceof PressboxError) return request;
    const client = RelayClient.for(config.relay);
    // The day a pinnable element is pinned to (`as-of`, declared by the elements whose routes take it).
    const params = { ...request.params, 'as-of': this.#host.asOf || undefined };
    const withoutKey = new URL(client.url(request.path, params));
    const topic = `${withoutKey.pathname}${withoutKey.search}`;
    return {
      url: client.url(request.path, { ...params, key: config.key }),
      client,
      topic,
      relay: config.relay,
      key: config.key,
    };
  }

  /** Follows the page's live stream for this element's topic instead of polling, while its data is live. */
  #follow(): boolean {
    if (this.#unsubscribe) return true;
    const live = this.options.live;
    if (
      !live ||
      this.data === undefined ||
      !live.when(this.data) ||
      this.#liveUnavailable ||
      this.#host.live === 'off' ||
      this.#paused ||
      !this.#onScreen ||
      typeof EventSource === 'undefined'
    )
      return false;
    const target = this.#target();
    if (target instanceof PressboxError) return false;
    const stream = live.stream(target.relay, target.key);
    if (!stream) return false;
    this.#unsubscribe = stream.subscribe({
      topic: target.topic,
      have: () => this.#etag ?? undefined,
      onUpdate: (data) => this.#applyPush(data),
      onError: (error) => this.#fail(error),
      onFallback: () => {
        this.#liveUnavailable = true;
        this.#unsubscribe = undefined;
        this.#schedule();
      },
    });
    return true;
  }

  #stopFollowing(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#clearTimer();
    this.#abort?.abort();
  }

  #applyPush(body: unknown): void {
    this.data = body as T;
    this.error = undefined;
    this.status = 'ready';
    this.#lastLoadedAt = Date.now();
    this.#host.requestUpdate();
    this.#host.dispatchEvent(new PbUpdateEvent(body as T));
    // The game is over (or not yet on): its data changes by the minute now, and polling keeps it as fresh.
    if (!this.options.live?.when(body as T)) {
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#schedule();
    }
  }

  async #load(): Promise<void> {
    const target = this.#target();
    if (target instanceof PressboxError) return;
    this.#clearTimer();
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    const key = this.#requestKey;
    try {
      const answer = await target.client.get<T>(target.url, abort.signal);
      // Live data waits for what it needs (the live kit), so that it shows whole from the first render.
      await this.options.live?.ready(answer.data);
      if (abort.signal.aborted || key !== this.#requestKey) return;
      this.#took(answer);
    } catch (error) {
      if (abort.signal.aborted || key !== this.#requestKey || (error as Error).name === 'AbortError') return;
      const failure = error instanceof PressboxError ? error : new PressboxError('network', String(error));
      this.#fail(failure);
      if (isTransient(failure)) {
        this.#failures++;
        const backoff = Math.min(MAX_RETRY_MS, 2_000 * 2 ** (this.#failures - 1)) * (0.5 + Math.random() / 2);
        this.#schedule(failure.retryAfterSeconds ? Math.min(failure.retryAfterSeconds * 1000, 3_600_000) : backoff);
      }
    }
  }

  /** An answer shown: the first one (loaded here, or by the server that rendered the element), or a newer one. */
  #took(answer: { data: T; etag: string | null; unchanged?: boolean }): void {
    const first = this.data === undefined;
    this.#etag = answer.etag;
    this.#failures = 0;
    this.#lastLoadedAt = Date.now();
    this.error = undefined;
    this.status = 'ready';
    // Render first, then tell: listeners can await the host's updateComplete and find the new data on screen.
    this.#host.requestUpdate();
    if (first || !answer.unchanged) {
      this.data = answer.data;
      this.#host.dispatchEvent(first ? new PbLoadEvent(answer.data) : new PbUpdateEvent(answer.data));
    }
    this.#schedule();
  }

  #fail(error: PressboxError): void {
    this.error = error;
    this.status = this.data === undefined ? 'error' : 'ready';
    const tag = this.#host.localName;
    if (!this.#warned.has(error.code)) {
      this.#warned.add(error.code);
      console.warn(`Pressbox <${tag}>: ${error.code}: ${error.message}`);
    }
    this.#host.requestUpdate();
    this.#host.dispatchEvent(new PbErrorEvent(error.code, error.message));
  }

  #schedule(delay?: number): void {
    this.#clearTimer();
    if (this.#host.live === 'off' || this.#paused || !this.#onScreen || document.hidden || !this.#host.isConnected) return;
    if (delay === undefined && this.#pinned) return;
    // Data arrives by the live stream while it is followed; errors still retry by polling.
    if (delay === undefined && this.#follow()) return;
    const wait = delay ?? (this.data === undefined ? undefined : this.data.refreshMs);
    if (wait === undefined) return;
    this.#timer = setTimeout(() => void this.#load(), wait);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
