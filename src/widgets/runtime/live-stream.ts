import type { ErrorBody } from '../../contract/common.js';
import { PressboxError, checkContract } from './errors.js';

export interface LiveSubscription {
  /** A data route's path and query without the key: `/v1/scores?league=nba`. */
  topic: string;
  /** ETag of the data the element already shows, so the relay does not send (and bill) it again. */
  have(): string | undefined;
  onUpdate(data: unknown): void;
  onError(error: PressboxError): void;
  /** Streams are not working here: the element goes back to polling. */
  onFallback(): void;
}

const REOPEN_DEBOUNCE_MS = 50;
const FAILURES_BEFORE_FALLBACK = 3;

/**
 * One EventSource per page, relay and key, carrying the topics of every live element on the page. It reopens
 * (debounced) when the set of topics changes, closes as soon as the tab is hidden and reopens with the last event
 * id when it is shown again, and hands its elements back to polling when streams keep failing.
 */
export class LiveStream {
  static readonly streams = new Map<string, LiveStream>();

  readonly #subscriptions = new Set<LiveSubscription>();
  #source: EventSource | undefined;
  #reopenTimer: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #lastEventId = 0;
  /** EventSources opened so far (diagnostics and tests). */
  opened = 0;
  readonly #onVisibility = () => {
    if (document.hidden) this.#close();
    else this.#scheduleOpen(0);
  };

  static for(relay: string, key: string): LiveStream {
    const id = `${relay}|${key}`;
    let stream = LiveStream.streams.get(id);
    if (!stream) {
      stream = new LiveStream(relay, key);
      LiveStream.streams.set(id, stream);
    }
    return stream;
  }

  private constructor(
    readonly relay: string,
    readonly key: string,
  ) {
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  /** Whether an EventSource is open or connecting. */
  get connected(): boolean {
    return this.#source !== undefined && this.#source.readyState !== EventSource.CLOSED;
  }

  /** The topics the stream carries, once each. */
  get topics(): string[] {
    return [...new Set([...this.#subscriptions].map((subscription) => subscription.topic))].sort();
  }

  subscribe(subscription: LiveSubscription): () => void {
    this.#subscriptions.add(subscription);
    this.#scheduleOpen(REOPEN_DEBOUNCE_MS);
    return () => {
      if (this.#subscriptions.delete(subscription)) this.#scheduleOpen(REOPEN_DEBOUNCE_MS);
    };
  }

  #scheduleOpen(delay: number): void {
    clearTimeout(this.#reopenTimer);
    this.#reopenTimer = setTimeout(() => this.#open(), delay);
  }

  #close(): void {
    clearTimeout(this.#reopenTimer);
    this.#source?.close();
    this.#source = undefined;
  }

  #url(): string {
    const url = new URL('/v1/live', this.relay);
    url.searchParams.set('key', this.key);
    for (const topic of this.topics) {
      url.searchParams.append('topic', topic);
      const holder = [...this.#subscriptions].find((subscription) => subscription.topic === topic);
      url.searchParams.append('have', holder?.have() ?? '');
    }
    if (this.#lastEventId) url.searchParams.set('lastEventId', String(this.#lastEventId));
    return url.toString();
  }

  #open(): void {
    this.#close();
    if (this.#subscriptions.size === 0 || document.hidden) return;
    const source = new EventSource(this.#url());
    this.#source = source;
    this.opened++;
    source.addEventListener('open', () => (this.#failures = 0));
    source.addEventListener('update', (event) => {
      const message = event as MessageEvent<string>;
      const { topic, contract, revision, data } = JSON.parse(message.data) as {
        topic: string;
        contract: unknown;
        revision: unknown;
        data: unknown;
      };
      try {
        checkContract(contract, revision, this.relay);
      } catch (error) {
        for (const subscription of this.#subscriptions) if (subscription.topic === topic) subscription.onError(error as PressboxError);
        return;
      }
      this.#lastEventId = Math.max(this.#lastEventId, Number(message.lastEventId) || 0);
      for (const subscription of this.#subscriptions) if (subscription.topic === topic) subscription.onUpdate(data);
    });
    source.addEventListener('error', (event) => {
      const message = event as MessageEvent<string>;
      if (typeof message.data === 'string') {
        const { topic, error } = JSON.parse(message.data) as { topic?: string } & ErrorBody;
        const failure = new PressboxError(error.code, error.message, 0, undefined, error);
        for (const subscription of this.#subscriptions) if (!topic || subscription.topic === topic) subscription.onError(failure);
        return;
      }
      // A connection error: the browser retries by itself unless the relay refused the stream outright.
      if (source.readyState !== EventSource.CLOSED || this.#source !== source) return;
      this.#failures++;
      if (this.#failures >= FAILURES_BEFORE_FALLBACK) {
        this.#close();
        // Handed back whole: the stream must not reopen for them later (on a tab's return) nor outlive their elements.
        const fallingBack = [...this.#subscriptions];
        this.#subscriptions.clear();
        for (const subscription of fallingBack) subscription.onFallback();
        return;
      }
      this.#scheduleOpen(1000 * 2 ** this.#failures * (0.5 + Math.random() / 2));
    });
  }
}
