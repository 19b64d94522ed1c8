import { RelayError, fromUpstream } from '../errors.js';
import { etagOf } from '../http/deliver.js';
import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { Topic } from './topics.js';

export interface LiveUpdate {
  id: number;
  topic: string;
  /** The payload as JSON, serialised once per change however many streams it goes to. */
  json: string;
}

/** One open stream, as the hub sees it. */
export interface Subscriber {
  upstream: CachedUpstream;
  /** Delivers one update; resolves false when it could not be delivered (quota spent, connection gone). */
  deliver(update: LiveUpdate): Promise<boolean>;
  /** Tells the page a topic failed; the stream stays open for the others. */
  fail(topic: string, error: RelayError): void;
}

interface Subscription {
  subscriber: Subscriber;
  asked: string;
  /** ETag of the data the page already had when it subscribed; that data is not sent (or billed) again. */
  have?: string;
}

interface Poller {
  topic: Topic;
  upstream: CachedUpstream;
  subscriptions: Set<Subscription>;
  timer?: ReturnType<typeof setTimeout>;
  json?: string;
  etag?: string;
  /** Hash of the payload without its freshness fields: a refetch of the same data is not a change. */
  changeKey?: string;
  eventId: number;
  lastError?: string;
}

/** Streams written to between two turns of the event loop during a broadcast. */
const BROADCAST_SLICE = 250;

export interface HubOptions {
  history: HistoryStore;
  now: () => number;
  /** Overrides the route's polling interval (tests). */
  pollMs?: (topic: Topic, payload: unknown) => number;
  /** Called after every poll of a topic (metrics, tests). */
  onPoll?: (topic: string) => void;
}

function changeKeyOf(payload: unknown): string {
  const { updatedAt: _updatedAt, ...rest } = payload as Record<string, unknown>;
  return etagOf(JSON.stringify(rest));
}

/**
 * The relay pulls once and pushes many: one poller per topic and upstream, shared by every stream that asked for it,
 * started by the first subscriber and stopped with the last. Only real changes are pushed.
 */
export class LiveHub {
  private readonly pollers = new Map<string, Poller>();
  private readonly bySubscriber = new Map<Subscriber, Set<Poller>>();
  /** Event ids only grow, across topics, so one `Last-Event-ID` says what a page has already seen. */
  private lastEventId = 0;

  constructor(private readonly options: HubOptions) {}

  topicCount(): number {
    return this.pollers.size;
  }

  /**
   * Starts delivering `topics` to a stream. A topic whose current data the page already has (same ETag, or an
   * event id it has seen) is not sent again on subscribe.
   */
  subscribe(subscriber: Subscriber, topics: Topic[], have: ReadonlyMap<string, string>, lastEventId: number): void {
    const mine = this.bySubscriber.get(subscriber) ?? new Set<Poller>();
    this.bySubscriber.set(subscriber, mine);
    for (const topic of topics) {
      const key = `${subscriber.upstream.name}|${topic.canonical}`;
      let poller = this.pollers.get(key);
      const fresh = !poller;
      if (!poller) {
        poller = { topic, upstream: subscriber.upstream, subscriptions: new Set(), eventId: 0 };
        this.pollers.set(key, poller);
      }
      const subscription: Subscription = { subscriber, asked: topic.asked, have: have.get(topic.asked) };
      poller.subscriptions.add(subscription);
      mine.add(poller);
      if (fresh) void this.poll(key);
      else if (poller.json !== undefined && poller.eventId > lastEventId) void this.send(poller, subscription);
    }
  }

  unsubscribe(subscriber: Subscriber): void {
    for (const poller of this.bySubscriber.get(subscriber) ?? []) {
      for (const subscription of poller.subscriptions)
        if (subscription.subscriber === subscriber) poller.subscriptions.delete(subscription);
      if (poller.subscriptions.size === 0) this.stop(poller);
    }
    this.bySubscriber.delete(subscriber);
  }

  /** Stops every poller; streams are closed by their owners. */
  close(): void {
    for (const poller of this.pollers.values()) clearTimeout(poller.timer);
    this.pollers.clear();
    this.bySubscriber.clear();
  }

  private stop(poller: Poller): void {
    clearTimeout(poller.timer);
    this.pollers.delete(`${poller.upstream.name}|${poller.topic.canonical}`);
  }

  private async poll(key: string): Promise<void> {
    const poller = this.pollers.get(key);
    if (!poller) return;
    let wait: number;
    try {
      const payload = await poller.topic.route.build(
        { upstream: poller.upstream.fresh, history: this.options.history, now: this.options.now() },
        poller.topic.params,
      );
      if (this.pollers.get(key) !== poller) return;
      poller.lastError = undefined;
      const changeKey = changeKeyOf(payload);
      if (changeKey !== poller.changeKey) {
        poller.changeKey = changeKey;
        poller.json = JSON.stringify(payload);
        poller.etag = etagOf(poller.json);
        poller.eventId = ++this.lastEventId;
        await this.broadcast(poller);
      }
      wait = this.options.pollMs?.(poller.topic, payload) ?? poller.topic.route.pollMs(payload);
    } catch (error) {
      const failure = fromUpstream(error);
      // Tell each page once per kind of failure; a recovering topic tells them again if it fails again.
      if (failure.code !== poller.lastError) {
        poller.lastError = failure.code;
        for (const subscription of poller.subscriptions) subscription.subscriber.fail(subscription.asked, failure);
      }
      wait = this.options.pollMs?.(poller.topic, undefined) ?? 15_000;
    }
    this.options.onPoll?.(poller.topic.canonical);
    if (this.pollers.get(key) === poller) poller.timer = setTimeout(() => void this.poll(key), wait);
  }

  /**
   * Sends a change to every subscriber in slices, yielding to the event loop between them, so thousands of viewers
   * never hold up other requests for the whole broadcast.
   */
  private async broadcast(poller: Poller): Promise<void> {
    const subscriptions = [...poller.subscriptions];
    for (let start = 0; start < subscriptions.length; start += BROADCAST_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(subscriptions.slice(start, start + BROADCAST_SLICE).map((subscription) => this.send(poller, subscription)));
    }
  }

  private async send(poller: Poller, subscription: Subscription): Promise<void> {
    const alreadyHad = subscription.have === poller.etag;
    subscription.have = undefined;
    if (alreadyHad) return;
    const delivered = await subscription.subscriber.deliver({ id: poller.eventId, topic: subscription.asked, json: poller.json! });
    if (!delivered) poller.subscriptions.delete(subscription);
  }
}
