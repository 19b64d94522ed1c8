import { REFRESH_MS } from '../../contract/refresh.js';
import { adjustCount } from '../base/counts.js';
import { RelayError } from '../base/errors.js';
import { fromUpstream } from '../upstream/page-errors.js';
import { etagOf } from '../http/body.js';
import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import { localLiveShare, type LiveShare, type TopicState } from './share.js';
import type { Topic } from './topics.js';
import { spendingAs, type Payer, type Spender } from '../upstream/spend.js';

/** One change of one topic, as the pages that asked for it by that name get it: the same object for all of them. */
export interface LiveUpdate {
  id: number;
  topic: string;
  /** The payload as JSON, serialised once per change however many streams it goes to. */
  json: string;
}

/** One open stream, as the hub sees it. */
export interface Subscriber {
  upstream: CachedUpstream;
  /**
   * Delivers one update: false when it could not be (connection gone); while its load is being counted, a promise
   * that the streams counted with it share. `now` is the relay's clock, read once for all the update's streams.
   */
  deliver(update: LiveUpdate, now: number): boolean | Promise<void>;
  /** Tells the page a topic failed; the stream stays open for the others. */
  fail(topic: string, error: RelayError): void;
}

interface Subscription {
  subscriber: Subscriber;
  asked: string;
  /** ETag of the data the page already had when it subscribed; that data is not sent (or billed) again. */
  have?: string;
  /** The page's Last-Event-ID: states up to it it has seen, on whichever relay. */
  seen: number;
  /** Who may pay for the topic's polls on this viewer's behalf. */
  payer?: Payer;
}

interface Poller {
  topic: Topic;
  upstream: CachedUpstream;
  subscriptions: Set<Subscription>;
  timer?: ReturnType<typeof setTimeout>;
  json?: string;
  etag?: string;
  /** The current change as sent, by the topic name pages asked for: one object per change, whatever the viewers. */
  updates: Map<string, LiveUpdate>;
  /** Hash of the payload without its freshness fields: a refetch of the same data is not a change. */
  changeKey?: string;
  eventId: number;
  lastError?: string;
  /** When this relay last polled the topic, and how long until the next poll is due (from the payload). */
  polledAt: number;
  pollEveryMs: number;
  /** The poll under way: stopping waits for it, so no refresh outlives the relay's connections. */
  polling?: Promise<void>;
  /** Whose stream started the topic: its polls are charged to them first, then to any other viewer who can pay. */
  owner?: Spender;
  /** Polls that failed in a row: each doubles the wait; refusals (bad request, not found) drop the topic at last. */
  failures: number;
}

/** How often a relay checks its topics' leases (at most; as often as the topic is polled when that is sooner). */
const CHECK_MS = 2000;
/** A lease outlives two missed checks, so a busy event loop does not hand a topic over needlessly; a dead poller's
 * topic is taken over within three checks (6 s for a live game polled every 10 s: within one refresh interval). */
const LEASE_CHECKS = 3;

/** A failing topic waits twice as long after each failure, up to this. */
const MAX_FAILING_WAIT_MS = 5 * 60_000;
/** A topic nobody could pay for is tried again this soon at most: a bucket refills in seconds once an attack ends. */
const MAX_UNPAID_WAIT_MS = 30_000;
/** Viewers asked, at most, who else may pay for a poll. */
const PAYERS_ASKED = 8;
/** Refusals in a row (not found, bad request) after which a topic is dropped: its viewers are told and it is polled no more. */
const REFUSALS_BEFORE_DROP = 3;

/** Streams counted and written to between two turns of the event loop during a broadcast. */
const BROADCAST_SLICE = 250;

export interface HubOptions {
  history: HistoryStore;
  now: () => number;
  /** How relays share topics (`redisLiveShare`); one relay on its own by default. */
  share?: LiveShare;
  /** Overrides the route's polling interval (tests). */
  pollMs?: (topic: Topic, payload: unknown) => number;
  /** The interval of a watched topic from its payload and the route's own (the upstream month's pace: live/pace.ts). */
  pace?: (payload: unknown, routeMs: number) => number;
  /** Called after every poll of a topic with the wait chosen until the next (metrics, tests). */
  onPoll?: (topic: string, nextInMs: number) => void;
}

function changeKeyOf(payload: unknown): string {
  const { updatedAt: _updatedAt, ...rest } = payload as Record<string, unknown>;
  return etagOf(JSON.stringify(rest));
}

/**
 * The relay pulls once and pushes many: one poller per topic and upstream, shared by every stream that asked for it,
 * started by the first subscriber and stopped with the last. Only real changes are pushed. With several relays on one
 * Redis, one of them polls each topic (the lease holder) and every relay passes its changes on; event ids come from
 * the share and only grow, across topics, relays and restarts, so one `Last-Event-ID` says what a page has seen.
 */
export class LiveHub {
  private readonly pollers = new Map<string, Poller>();
  /** Each stream's subscriptions by poller: a stream that closes leaves its pollers without a search through them. */
  private readonly bySubscriber = new Map<Subscriber, Map<Poller, Subscription[]>>();
  private readonly share: LiveShare;

  constructor(private readonly options: HubOptions) {
    this.share = options.share ?? localLiveShare(options.now);
    this.share.onState((key, state) => this.receive(key, state));
  }

  private readonly owned = new Map<string, number>();

  topicCount(): number {
    return this.pollers.size;
  }

  /** Topics this relay polls for one upstream (`live`, or the test keys' `test`). */
  topicCountOf(upstream: string): number {
    return this.owned.get(`u|${upstream}`) ?? 0;
  }

  /** Topics of `topics` this relay does not poll yet for that upstream: only those add upstream cost. */
  newTopics(upstream: CachedUpstream, topics: readonly Topic[]): number {
    const keys = new Set(topics.map((topic) => `${upstream.name}|${topic.canonical}`));
    return [...keys].filter((key) => !this.pollers.has(key)).length;
  }

  /** Topics started by a key (`k|…`) or a network (`n|…`) that are still polled. */
  ownedBy(owner: string): number {
    return this.owned.get(owner) ?? 0;
  }

  private own(upstream: string, owner: Spender | undefined, by: number): void {
    for (const name of [`u|${upstream}`, ...(owner ? [`k|${owner.key}`, `n|${owner.network}`] : [])]) adjustCount(this.owned, name, by);
  }

  /**
   * Starts delivering `topics` to a stream. A topic whose current data the page already has (same ETag, or an
   * event id it has seen) is not sent again on subscribe.
   */
  subscribe(subscriber: Subscriber, topics: Topic[], have: ReadonlyMap<string, string>, lastEventId: number, owner?: Spender): void {
    const mine = this.bySubscriber.get(subscriber) ?? new Map<Poller, Subscription[]>();
    this.bySubscriber.set(subscriber, mine);
    for (const topic of topics) {
      const key = `${subscriber.upstream.name}|${topic.canonical}`;
      let poller = this.pollers.get(key);
      const fresh = !poller;
      if (!poller) {
        poller = {
          topic,
          upstream: subscriber.upstream,
          subscriptions: new Set(),
          updates: new Map(),
          eventId: 0,
          polledAt: 0,
          pollEveryMs: 0,
          owner,
          failures: 0,
        };
        this.pollers.set(key, poller);
        this.own(subscriber.upstream.name, owner, 1);
      }
      const subscription: Subscription = {
        subscriber,
        asked: topic.asked,
        have: have.get(topic.asked),
        seen: lastEventId,
        payer: owner?.payer,
      };
      poller.subscriptions.add(subscription);
      mine.set(poller, [...(mine.get(poller) ?? []), subscription]);
      if (fresh) void this.tick(key);
      else if (poller.json !== undefined) void this.send(poller, subscription, this.options.now());
    }
  }

  unsubscribe(subscriber: Subscriber): void {
    for (const [poller, subscriptions] of this.bySubscriber.get(subscriber) ?? []) {
      for (const subscription of subscriptions) poller.subscriptions.delete(subscription);
      if (poller.subscriptions.size === 0) void this.stop(poller);
    }
    this.bySubscriber.delete(subscriber);
  }

  /** Stops every poller and gives their leases up (another relay takes them at once); streams are closed by their owners. */
  async close(): Promise<void> {
    await Promise.all([...this.pollers.values()].map((poller) => this.stop(poller)));
    this.bySubscriber.clear();
    await this.share.close();
  }

  private async stop(poller: Poller): Promise<void> {
    clearTimeout(poller.timer);
    const key = `${poller.upstream.name}|${poller.topic.canonical}`;
    this.forget(key, poller);
    await poller.polling;
    await this.share.release(key).catch(() => {});
  }

  /**
   * Every check: the relay holding the topic's lease renews it and polls when a poll is due; the others make sure
   * they have the latest state (a change missed while reconnecting to Redis) and take the topic over if its lease
   * has lapsed.
   */
  private async tick(key: string): Promise<void> {
    const poller = this.pollers.get(key);
    if (!poller) return;
    let check = Math.max(50, Math.min(CHECK_MS, poller.pollEveryMs || CHECK_MS));
    try {
      const held = await this.share.hold(key, LEASE_CHECKS * check);
      // Stopped while the lease was asked for: no poll after the stop.
      if (this.pollers.get(key) !== poller) return;
      if (held) {
        // A topic taken over (or started again) continues from the state every relay already has: no repeat.
        if (poller.changeKey === undefined) {
          const latest = await this.share.latest(key);
          if (latest) this.receive(key, latest);
        }
        if (performance.now() - poller.polledAt >= poller.pollEveryMs) await (poller.polling = this.poll(key, poller));
        check = Math.max(50, Math.min(CHECK_MS, poller.pollEveryMs));
      } else {
        const latest = await this.share.latest(key);
        if (latest) this.receive(key, latest);
      }
    } catch {
      // Redis unreachable: the viewers keep what they have; the next check tries again.
    }
    if (this.pollers.get(key) === poller) poller.timer = setTimeout(() => void this.tick(key), check);
  }

  /** A state published by any relay: passed on to this relay's viewers unless they have it already. */
  private receive(key: string, state: TopicState): void {
    const poller = this.pollers.get(key);
    if (!poller || state.id <= poller.eventId) return;
    // The same data under a newer id (another relay polled it too while Redis was away): nothing to send.
    if (state.etag === poller.etag) {
      poller.eventId = state.id;
      poller.updates.clear();
      return;
    }
    this.adopt(poller, state);
    poller.changeKey = changeKeyOf(JSON.parse(state.json));
    void this.broadcast(poller);
  }

  private async poll(key: string, poller: Poller): Promise<void> {
    let wait: number;
    poller.polledAt = performance.now();
    // Every poll is charged: to the key that started the topic, or, when it cannot pay, to another viewer who can.
    const { owner } = poller;
    const spender: Spender | undefined = owner && { ...owner, alternates: () => viewerPayers(poller) };
    const build = () =>
      poller.topic.planned.build({ upstream: poller.upstream.fresh, history: this.options.history, now: this.options.now() });
    try {
      const { payload, pollMs } = await (spender ? spendingAs(spender, build) : build());
      if (this.pollers.get(key) !== poller) return;
      poller.lastError = undefined;
      poller.failures = 0;
      const changeKey = changeKeyOf(payload);
      if (changeKey !== poller.changeKey) {
        const json = JSON.stringify(payload);
        const etag = etagOf(json);
        const id = await this.share.publish(key, json, etag);
        if (this.pollers.get(key) !== poller) return;
        poller.changeKey = changeKey;
        // Redis may have echoed the publish back already (see `receive`): then it has been sent.
        if (id > poller.eventId) {
          this.adopt(poller, { json, etag, id });
          await this.broadcast(poller);
        }
      }
      wait = this.options.pollMs?.(poller.topic, payload) ?? this.options.pace?.(payload, pollMs) ?? pollMs;
    } catch (error) {
      const failure = fromUpstream(error);
      // Tell each page once per kind of failure; a recovering topic tells them again if it fails again.
      if (failure.code !== poller.lastError) {
        poller.lastError = failure.code;
        for (const subscription of poller.subscriptions) subscription.subscriber.fail(subscription.asked, failure);
      }
      poller.failures++;
      if ((failure.code === 'not_found' || failure.code === 'bad_request') && poller.failures >= REFUSALS_BEFORE_DROP) {
        await this.drop(key, poller);
        return;
      }
      const longest = failure.code === 'rate_limited' ? MAX_UNPAID_WAIT_MS : MAX_FAILING_WAIT_MS;
      wait = this.options.pollMs?.(poller.topic, undefined) ?? Math.min(longest, REFRESH_MS.live * 2 ** (poller.failures - 1));
    }
    this.options.onPoll?.(poller.topic.canonical, wait);
    poller.pollEveryMs = wait;
  }

  /** A topic the upstream keeps refusing: polled no more; its viewers were told why and keep their other topics. */
  private async drop(key: string, poller: Poller): Promise<void> {
    for (const subscription of poller.subscriptions) this.bySubscriber.get(subscription.subscriber)?.delete(poller);
    poller.subscriptions.clear();
    clearTimeout(poller.timer);
    this.forget(key, poller);
    await this.share.release(key).catch(() => {});
  }

  /** Takes the poller out of the relay's topics (once), and off its owner's topic counts. */
  private forget(key: string, poller: Poller): void {
    if (this.pollers.get(key) !== poller) return;
    this.pollers.delete(key);
    this.own(poller.upstream.name, poller.owner, -1);
  }

  /** A topic's new state, from this relay's poll or another's: what `send` hands out from now on. */
  private adopt(poller: Poller, state: TopicState): void {
    poller.json = state.json;
    poller.etag = state.etag;
    poller.eventId = state.id;
    poller.updates.clear();
  }

  /**
   * Sends a change to every subscriber in slices, yielding to the event loop between them, so thousands of viewers
   * never hold up other requests for the whole broadcast.
   */
  private async broadcast(poller: Poller): Promise<void> {
    const subscriptions = [...poller.subscriptions];
    for (let start = 0; start < subscriptions.length; start += BROADCAST_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      // A slice's streams whose loads are counted together wait on one promise: a set holds each once.
      const counting = new Set<Promise<void>>();
      const now = this.options.now();
      for (const subscription of subscriptions.slice(start, start + BROADCAST_SLICE)) {
        const sent = this.send(poller, subscription, now);
        if (sent) counting.add(sent);
      }
      await Promise.all(counting);
    }
  }

  /** An update to one subscription; a promise while its load is being counted. */
  private send(poller: Poller, subscription: Subscription, now: number): Promise<void> | undefined {
    if (poller.eventId <= subscription.seen) return;
    const alreadyHad = subscription.have === poller.etag;
    subscription.have = undefined;
    if (alreadyHad) return;
    let update = poller.updates.get(subscription.asked);
    if (!update) poller.updates.set(subscription.asked, (update = { id: poller.eventId, topic: subscription.asked, json: poller.json! }));
    const delivered = subscription.subscriber.deliver(update, now);
    if (delivered === false) poller.subscriptions.delete(subscription);
    return typeof delivered === 'boolean' ? undefined : delivered;
  }
}

/** The payers among a topic's viewers, a few of them: who else may pay for a poll its starter cannot. */
function* viewerPayers(poller: Poller): Generator<Payer> {
  let asked = 0;
  for (const subscription of poller.subscriptions) {
    if (!subscription.payer) continue;
    yield subscription.payer;
    if (++asked >= PAYERS_ASKED) return;
  }
}
