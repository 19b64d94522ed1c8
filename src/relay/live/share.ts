import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** A topic's state as every relay knows it: a global id, the payload's JSON and its ETag. */
export interface TopicState {
  id: number;
  json: string;
  etag: string;
}

/**
 * How relays share live topics. With one relay everything is local; with `--redis`, one relay at a time polls a
 * topic (it holds a lease it renews) and publishes each change, which every relay passes on to its own viewers.
 */
export interface LiveShare {
  /** Takes or keeps the topic's poller lease for `ms`; true when this relay is the one to poll it. */
  hold(topic: string, ms: number): Promise<boolean>;
  /** Gives the lease up (no viewer left here). */
  release(topic: string): Promise<void>;
  /** Records a new state and tells every relay; resolves to its id, which only grows, across topics and relays. */
  publish(topic: string, json: string, etag: string): Promise<number>;
  /** The topic's latest state, published by any relay; undefined before the first. */
  latest(topic: string): Promise<TopicState | undefined>;
  /** Called with every state any relay publishes (this one's included). */
  onState(listener: (topic: string, state: TopicState) => void): void;
  close(): Promise<void>;
}

/**
 * One relay on its own. Ids are milliseconds × 1000 plus a sequence, so they keep growing across restarts: a page
 * that reconnects with an id from before a restart gets every topic's current state (its ETag spares a repeat).
 */
export function localLiveShare(now: () => number = Date.now): LiveShare {
  let last = 0;
  return {
    hold: async () => true,
    release: async () => {},
    publish: async () => (last = Math.max(last + 1, now() * 1000)),
    latest: async () => undefined,
    onState: () => {},
    close: async () => {},
  };
}

const PREFIX = 'pressbox:live:';
const CHANNEL = `${PREFIX}states`;

/**
 * How long a topic's latest state outlives its last poller. The holder renews it at every check (every 2 s at most), so
 * a watched topic never loses it; a topic nobody watches any more (a made-up one, a finished game) leaves Redis after
 * this, so what anonymous clients can make Redis keep is bounded by what they can subscribe to in this time.
 */
export const TOPIC_STATE_TTL_MS = 10 * 60_000;

// Takes the lease when free, renews it when ours: one atomic step, so two relays never both hold a topic. The holder
// also keeps the topic's state alive (KEYS[2]).
const HOLD = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  return 1
end
return 0
`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
// The id comes from one counter for all topics, so a page's single Last-Event-ID orders every topic it follows.
const PUBLISH = `
local id = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], 'id', id, 'json', ARGV[1], 'etag', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', KEYS[3], cjson.encode({topic = ARGV[3], id = id, json = ARGV[1], etag = ARGV[2]}))
return id
`;

/**
 * Topics shared through Redis. Changes travel by Pub/Sub, and each topic's latest state is also kept in a hash: Pub/Sub
 * alone loses what is sent while a relay reconnects, but only the latest state matters to a viewer, and the hash has
 * it (a relay that subscribes, or takes a topic over, reads it first). Streams would keep every intermediate change,
 * which no viewer needs.
 */
export async function redisLiveShare(url: string): Promise<LiveShare> {
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  commands.on('error', () => {});
  await commands.connect();
  const events = commands.duplicate();
  events.on('error', () => {});
  const listeners: Array<(topic: string, state: TopicState) => void> = [];
  events.on('message', (_channel: string, message: string) => {
    const { topic, ...state } = JSON.parse(message) as TopicState & { topic: string };
    for (const listener of listeners) listener(topic, state);
  });
  await events.subscribe(CHANNEL);
  const relay = randomUUID();
  const lease = (topic: string) => `${PREFIX}lease:${topic}`;
  const state = (topic: string) => `${PREFIX}state:${topic}`;
  const ttl = String(TOPIC_STATE_TTL_MS);

  return {
    hold: async (topic, ms) => (await commands.eval(HOLD, 2, lease(topic), state(topic), relay, String(ms), ttl)) === 1,
    release: async (topic) => void (await commands.eval(RELEASE, 1, lease(topic), relay)),
    publish: async (topic, json, etag) =>
      Number(await commands.eval(PUBLISH, 3, `${PREFIX}sequence`, state(topic), CHANNEL, json, etag, topic, ttl)),
    async latest(topic) {
      const latest = await commands.hgetall(state(topic));
      return latest.id ? { id: Number(latest.id), json: latest.json!, etag: latest.etag! } : undefined;
    },
    onState: (listener) => void listeners.push(listener),
    async close() {
      events.disconnect();
      commands.disconnect();
    },
  };
}
