import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { RelayError } from '../errors.js';
import { refuseSpentKey } from '../http/deliver.js';
import type { RelayEnv } from '../http/env.js';
import { monthlyLoadLimit } from '../keys/model.js';
import { monthBucket } from '../metering/month.js';
import type { UsageStore } from '../store/types.js';
import type { LiveHub, LiveUpdate, Subscriber } from './hub.js';
import { parseTopics } from './topics.js';

export interface LiveRouteOptions {
  hub: LiveHub;
  usage: UsageStore;
  now: () => number;
  onLoad: () => void;
  /** Open streams allowed from one client address. */
  maxStreamsPerAddress?: number;
  heartbeatMs?: number;
}

const ROUTE = '/v1/live';

function jitteredRetryMs(): number {
  return 2000 + Math.floor(Math.random() * 3000);
}

/**
 * GET /v1/live?key=&topic=…&topic=…: Server-Sent Events. Each update is `event: update` with
 * `data: {"topic", "data"}` and an `id:`; failures are `event: error` with the error body and the topic.
 */
export function liveRoute(options: LiveRouteOptions) {
  const perAddress = new Map<string, number>();
  const open = new Set<{ stream: SSEStreamingApi; end: () => void }>();
  const maxStreams = options.maxStreamsPerAddress ?? 50;
  const heartbeatMs = options.heartbeatMs ?? 15_000;

  const handler = async (c: Context<RelayEnv>) => {
    c.set('route', ROUTE);
    const topics = parseTopics(c.req.queries('topic') ?? []);
    const have = new Map<string, string>();
    (c.req.queries('have') ?? []).forEach((etag, i) => topics[i] && etag && have.set(topics[i]!.asked, etag));
    const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? 0) || 0;
    await refuseSpentKey(c, options.usage, options.now());
    const address = c.env?.incoming?.socket?.remoteAddress ?? 'local';
    if ((perAddress.get(address) ?? 0) >= maxStreams) {
      throw new RelayError(
        'rate_limited',
        `Too many live streams from this address (at most ${maxStreams}); close other tabs or retry later.`,
        { 'Retry-After': '30' },
      );
    }
    const key = c.get('widgetKey');
    const origin = c.get('page').origin;
    const limit = monthlyLoadLimit(key.plan);
    const upstream = c.get('upstream');
    // Content is streamed as it changes: proxies must not buffer or cache it.
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const entry = { stream, end };
      open.add(entry);
      const write = async (message: Parameters<SSEStreamingApi['writeSSE']>[0]): Promise<boolean> => {
        if (stream.aborted || stream.closed) return false;
        await stream.writeSSE(message);
        return true;
      };
      const subscriber: Subscriber = {
        upstream,
        async deliver(update: LiveUpdate) {
          if (stream.aborted || stream.closed) return false;
          // Counted before it is written: a spent key gets the error instead of the data.
          const result = await options.usage.countLoad(key.key, monthBucket(options.now()), limit, { route: ROUTE, origin });
          if (!result.counted) {
            const error = new RelayError(
              'quota_exceeded',
              `This widget key has used its ${limit.toLocaleString('en-US')} loads for the month; loads reset on day 1 at 00:00 UTC.`,
            );
            await write({ event: 'error', data: JSON.stringify({ topic: update.topic, ...error.body() }) });
            end();
            return false;
          }
          options.onLoad();
          return write({ event: 'update', id: String(update.id), data: `{"topic":${JSON.stringify(update.topic)},"data":${update.json}}` });
        },
        fail(topic, error) {
          void write({ event: 'error', data: JSON.stringify({ topic, ...error.body() }) });
        },
      };
      await stream.write(`retry: ${jitteredRetryMs()}\n\n`);
      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(() => end()), heartbeatMs);
      stream.onAbort(() => end());
      options.hub.subscribe(subscriber, topics, have, lastEventId);
      try {
        await ended;
      } finally {
        clearInterval(heartbeat);
        options.hub.unsubscribe(subscriber);
        open.delete(entry);
        perAddress.set(address, (perAddress.get(address) ?? 1) - 1);
        if (perAddress.get(address) === 0) perAddress.delete(address);
      }
    });
  };

  return {
    handler,
    openStreams: () => open.size,
    /** On shutdown: every stream gets a reconnect hint, then ends; pages come back with their Last-Event-ID. */
    async closeAll(): Promise<void> {
      await Promise.all(
        [...open].map(async ({ stream, end }) => {
          await stream.write(`retry: ${jitteredRetryMs()}\n\n`).catch(() => {});
          await stream.writeSSE({ event: 'reconnect', data: '{"reason":"the relay is restarting"}' }).catch(() => {});
          end();
        }),
      );
    },
  };
}
