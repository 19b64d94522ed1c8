import { jsonWithoutOdds, oddsHiddenFor, refuseHiddenOdds } from '../resources/hidden-odds.js';
import { jsonWithExtras, keyExtras } from '../resources/key-extras.js';
import type { OddsHidden } from '../../contract/common.js';
import { LIVE_STREAM_LIMITS } from '../base/defaults.js';
import type { IncomingMessage } from 'node:http';
import { CONTRACT_REVISION, CONTRACT_VERSION } from '../../contract/version.js';
import { RelayError } from '../base/errors.js';
import { batchedLoadCounter, refuseKnownSpentKey, refuseSpentKey, type LoadHeard } from '../metering/quota.js';
import { readerNetwork } from '../metering/attribution.js';
import type { SpendGuard } from '../upstream/spend-guard.js';
import { topicSpender, type TopicCounts } from '../upstream/who-pays.js';
import type { WidgetRequest } from '../base/request.js';
import type { Access } from '../http/access.js';
import type { StreamRoute } from '../http/data-routes.js';
import { plainEtag } from '../http/encoding.js';
import type { UsageStore } from '../store/types.js';
import type { LiveHub, LiveUpdate, Subscriber } from './hub.js';
import { sseFrame, SseConnection } from './sse-connection.js';
import { parseTopics, type Topic } from './topics.js';
import { StreamSlots } from './stream-slots.js';

export interface LiveRouteOptions {
  hub: LiveHub;
  usage: UsageStore;
  now: () => number;
  onLoad: () => void;
  /** Open streams allowed from one client address (behind trusted proxies, the reader's). */
  maxStreamsPerAddress?: number;
  /** Open streams allowed on this relay, whoever opens them. */
  maxStreams?: number;
  /** Open streams allowed for one widget key on this relay. */
  maxStreamsPerKey?: number;
  heartbeatMs?: number;
  /** What the caller pays for misses, and the caps on topics polled (spend-guard.ts). */
  spend?: SpendGuard;
  /** How often open streams' keys and origins are checked again (a revoked key's streams end within it). */
  recheckMs?: number;
  /** A topic's billing window on one stream (`--live-load-every`): updates within it after the one billed are delivered unbilled. */
  loadEveryMs: number;
}

/** Open streams are checked against their key's current rules this often. */
const RECHECK_MS = 2_000;

const ROUTE = '/v1/live';

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

// An update goes to every viewer of its topic as the same object: its frame is built once for all of them.
const frames = new WeakMap<LiveUpdate, Buffer>();

function frameOf(update: LiveUpdate): Buffer {
  let frame = frames.get(update);
  if (!frame) {
    frame = sseFrame({
      event: 'update',
      id: String(update.id),
      data: `{"topic":${JSON.stringify(update.topic)},"contract":${CONTRACT_VERSION},"revision":${CONTRACT_REVISION},"data":${update.json}}`,
    });
    frames.set(update, frame);
  }
  return frame;
}

function jitteredRetryMs(): number {
  return 2000 + Math.floor(Math.random() * 3000);
}

/** What the stream asks for: its topics, the data the page already has for each, and the last event it saw. */
function readStreamQuery(query: URLSearchParams, request: IncomingMessage) {
  const topics = parseTopics(query.getAll('topic'));
  const have = new Map<string, string>();
  // A page may hold the data as it came compressed ("…-br"): what it has is the data, whatever the coding.
  query.getAll('have').forEach((etag, i) => topics[i] && etag && have.set(topics[i]!.asked, plainEtag(etag)));
  const lastEventId = Number(header(request, 'last-event-id') ?? query.get('lastEventId') ?? 0) || 0;
  return { topics, have, lastEventId };
}

/** How a stream bills its topics: the load counter, the relay's clock and the billing window. */
interface StreamBilling {
  /** Counts one load at `now`, which `heard` hears of; resolves once every load counted with it was heard. */
  count: (now: number, heard: LoadHeard) => Promise<void>;
  onLoad: () => void;
  now: () => number;
  loadEveryMs: number;
}

type StreamLoadCounter = ReturnType<typeof batchedLoadCounter>;

/**
 * How one stream's loads are counted: as the data routes count theirs (one rule for what a load is, and a refusal here
 * is remembered for them), with the loads of one update's streams counted together.
 */
function streamBilling(countLoad: StreamLoadCounter, options: LiveRouteOptions, access: Access, request: WidgetRequest): StreamBilling {
  const count = (now: number, heard: LoadHeard) => countLoad(access, request, ROUTE, now, heard);
  return { count, onLoad: options.onLoad, now: options.now, loadEveryMs: options.loadEveryMs };
}

/** Refuses, before any work, a topic the stream may not have (betting data hidden) or the clock rules out. */
function refuseTopics(hidden: OddsHidden | undefined, topics: readonly Topic[], now: number): void {
  for (const topic of topics) {
    refuseHiddenOdds(hidden, topic.planned);
    topic.planned.refuseAt(now);
  }
}

/**
 * A stream's place in the hub: an update that opens a topic's billing window is counted before it is written (a spent
 * key gets the error instead of the data); the others in that window go out at once, unbilled. While the reader is
 * behind, only each topic's latest update waits here, counted (if it opens a window) when it is written.
 */
function streamSubscriber(
  stream: SseConnection,
  access: Access,
  hidden: OddsHidden | undefined,
  billing: StreamBilling,
  region: string | undefined,
) {
  const { upstream } = access;
  // Decided once, at the open, as `hidden` is: the key's books and the reader's region's line (the reader stays put).
  const extras = keyExtras(access.key, hidden, region);
  // Made when first needed: most streams never fall behind, and 20,000 empty maps are memory for nothing.
  let held: Map<string, LiveUpdate> | undefined;
  /** When each topic's current billing window opened (the update billed last). */
  let billedAt: Map<string, number> | undefined;
  const write = (update: LiveUpdate): boolean => {
    // A stream without betting data gets each update cut on its way out: the frame shared by the other streams is not.
    if (hidden) return stream.sendFrame(frameOf({ ...update, json: jsonWithoutOdds(update.json, hidden) }));
    // A key with books or a region's gambling line gets them with each update whose route carries them, as its answers.
    return stream.sendFrame(frameOf(extras ? { ...update, json: jsonWithExtras(update, extras) } : update));
  };
  const deliverNow = (update: LiveUpdate, now: number): boolean | Promise<void> => {
    const opened = billedAt?.get(update.topic);
    if (opened !== undefined && now - opened < billing.loadEveryMs && now >= opened) return write(update);
    return billing.count(now, (refused) => {
      if (stream.closed) return;
      if (refused) {
        stream.send({ event: 'error', data: JSON.stringify({ topic: update.topic, ...refused.body() }) });
        stream.end();
        return;
      }
      (billedAt ??= new Map()).set(update.topic, now);
      billing.onLoad();
      write(update);
    });
  };
  const subscriber: Subscriber = {
    upstream,
    deliver(update: LiveUpdate, now: number) {
      if (stream.closed) return false;
      if (stream.behind) {
        held ??= new Map();
        held.delete(update.topic);
        held.set(update.topic, update);
        return true;
      }
      return deliverNow(update, now);
    },
    fail(topic, error) {
      stream.send({ event: 'error', data: JSON.stringify({ topic, ...error.body() }) });
    },
  };
  const catchUp = () => {
    const waiting = [...(held?.values() ?? [])];
    held = undefined;
    const now = billing.now();
    for (const update of waiting) void deliverNow(update, now);
  };
  return { subscriber, catchUp };
}

/** The topics a stream would add to the hub's, as the rule of who pays counts them. */
function topicCounts(hub: LiveHub, access: Access, topics: readonly Topic[]): TopicCounts {
  return {
    fresh: hub.newTopics(access.upstream, topics),
    ownedBy: (owner) => hub.ownedBy(owner),
    polled: hub.topicCountOf(access.upstream.name),
  };
}

/**
 * Operator actions reach open streams: each stream's key and page are checked again as a new request would be; a
 * revoked key, a removed domain or an ended rotation grace ends the stream with an `event: error` saying why.
 */
async function recheckStreams(rechecks: Map<SseConnection, () => Access | Promise<Access>>): Promise<void> {
  for (const [stream, recheck] of rechecks) {
    try {
      await recheck();
    } catch (error) {
      if (!(error instanceof RelayError) || (error.code !== 'invalid_key' && error.code !== 'origin_not_allowed')) continue;
      rechecks.delete(stream);
      stream.send({ event: 'error', data: JSON.stringify(error.body()) });
      stream.end();
    }
  }
}

/**
 * GET /v1/live?key=&topic=…&topic=…: Server-Sent Events. Each update is `event: update` with
 * `data: {"topic", "contract", "data"}` and an `id:`; failures are `event: error` with the error body and the topic.
 */
export function liveRoute(options: LiveRouteOptions) {
  const streams = new Set<SseConnection>();
  const slots = new StreamSlots({ ...LIVE_STREAM_LIMITS, ...options });
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const countLoad = batchedLoadCounter(options.usage);

  const rechecks = new Map<SseConnection, () => Access | Promise<Access>>();
  let sweeping: Promise<void> | undefined;
  // One sweep at a time: a store that answers slowly does not stack them up.
  const recheck = setInterval(
    () => void (sweeping ??= recheckStreams(rechecks).finally(() => (sweeping = undefined))),
    options.recheckMs ?? RECHECK_MS,
  );
  recheck.unref();

  const open: StreamRoute['open'] = async (admitted, request, response, headers, gone) => {
    const { topics, have, lastEventId } = readStreamQuery(admitted.query, request);
    const { access, request: widgetRequest } = admitted;
    const address = readerNetwork(widgetRequest.address);
    const key = access.key.key;
    const now = options.now();
    // Decided once, at the open, for the reader who opened it: its region does not change while it reads.
    const hidden = oddsHiddenFor(access.key, widgetRequest.region);
    refuseTopics(hidden, topics, now);
    // Limits before work: a key at its daily or monthly limit opens nothing that polls upstream.
    refuseKnownSpentKey(access.key, now);
    await refuseSpentKey(access.key, options.usage, now);
    slots.check(address, key, access.key.test);
    const owner = options.spend && topicSpender(options.spend, access, widgetRequest.address, topicCounts(options.hub, access, topics));
    // A reader gone while the store answered never takes a slot.
    if (gone()) return 'gone';
    slots.take(address, key, access.key.test);
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const stream: SseConnection = new SseConnection(
      response,
      headers,
      () => {
        clearInterval(heartbeat);
        options.hub.unsubscribe(viewer.subscriber);
        streams.delete(stream);
        rechecks.delete(stream);
        slots.release(address, key, access.key.test);
      },
      () => viewer.catchUp(),
    );
    const billing = streamBilling(countLoad, options, access, widgetRequest);
    const viewer = streamSubscriber(stream, access, hidden, billing, widgetRequest.region);
    streams.add(stream);
    rechecks.set(stream, admitted.recheck);
    stream.retry(jitteredRetryMs());
    heartbeat = setInterval(() => stream.comment('heartbeat'), heartbeatMs);
    options.hub.subscribe(viewer.subscriber, topics, have, lastEventId, owner);
    return 'streaming';
  };

  return {
    route: {
      label: ROUTE,
      headRefusal: 'The live route answers GET only: open it with EventSource.',
      open,
    } satisfies StreamRoute,
    openStreams: () => streams.size,
    slotHolders: () => slots.holders(),
    /** Streams whose reader is behind (getting latest states only), and the bytes waiting here for all streams. */
    backlog(): { behind: number; unreadBytes: number } {
      let behind = 0;
      let unreadBytes = 0;
      for (const stream of streams) {
        if (stream.behind) behind++;
        unreadBytes += stream.unreadBytes;
      }
      return { behind, unreadBytes };
    },
    /**
     * On shutdown: every stream gets a `retry:` hint (spread out, so pages do not all come back at once) and ends;
     * EventSource reconnects by itself with its Last-Event-ID, to this relay once it is back or to another.
     */
    async closeAll(): Promise<void> {
      clearInterval(recheck);
      for (const stream of [...streams]) {
        stream.retry(jitteredRetryMs());
        stream.comment('the relay is restarting: reconnect with Last-Event-ID');
        stream.end();
      }
    },
  };
}
