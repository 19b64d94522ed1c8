import { randomUUID } from 'node:crypto';
import { connectRedis, subscribed } from '../store/redis-connection.js';

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
// also keeps the topic's state alive (KEYS[2]). Every check also lifts the id counter (KEYS[3]) to the ids this relay
// has handed out (ARGV[4]), those it stamped itself while Redis was away included: ids only grow, for every relay.
const HOLD = `
if tonumber(redis.call('GET', KEYS[3]) or '0') < tonumber(ARGV[4]) then redis.call('SET', KEYS[3], ARGV[4]) end
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
// The id comes from one counter for all topics, so a page's single Last-Event-ID orders every topic it follows. Ids
// travel as text: past 2^53 / 10 Lua's number formatting would round them. The channel is an argument, not a key: a
// cluster passes a message on to every node whatever its name, and a key outside the slot would be refused.
const PUBLISH = `
if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[5]) then redis.call('SET', KEYS[1], ARGV[5]) end
local id = string.format('%d', redis.call('INCR', KEYS[1]))
redis.call('HSET', KEYS[2], 'id', id, 'json', ARGV[1], 'etag', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', ARGV[6], cjson.encode({topic = ARGV[3], id = id, json = ARGV[1], etag = ARGV[2]}))
return id
`;

/** A state this relay stamped itself while Redis was away, and the highest id it knew when it began to. */
interface LocalState {
  id: number;
  etag: string;
  since: number;
}

/**
 * Topics shared through Redis. Changes travel by Pub/Sub, and each topic's latest state is also kept in a hash: Pub/Sub
 * alone loses what is sent while a relay reconnects, but only the latest state matters to a viewer, and the hash has
 * it (a relay that subscribes, or takes a topic over, reads it first). Streams would keep every intermediate change,
 * which no viewer needs.
 *
 * While Redis is away, every relay polls its own viewers' topics (a lease it cannot check is taken as its own) and
 * stamps their changes with time-based ids above every id it has seen, as one relay alone does. When Redis returns,
 * one relay polls each topic again; a state from Redis that is newer than the outage but carries a lower id than this
 * relay's own is passed on under a fresh id of this relay's, so a viewer who stays misses nothing and gets nothing
 * twice, until the counter (lifted by every relay's checks) has passed the ids stamped here.
 */
export async function redisLiveShare(url: string, now: () => number = Date.now): Promise<LiveShare> {
  const commands = await connectRedis(url);
  const listeners: Array<(topic: string, state: TopicState) => void> = [];
  const relay = randomUUID();
  // One hash tag for all of them (Redis Cluster): a topic's lease and state go with the counter every topic's ids come
  // from. Live data grows with topics, not readers, so one slot carries it.
  const sequence = `${PREFIX}{shared}:sequence`;
  const lease = (topic: string) => `${PREFIX}{shared}:lease:${topic}`;
  const state = (topic: string) => `${PREFIX}{shared}:state:${topic}`;
  const ttl = String(TOPIC_STATE_TTL_MS);

  let highest = 0;
  const stamped = new Map<string, LocalState>();
  const stampHere = (topic: string, etag: string): number => {
    const since = stamped.get(topic)?.since ?? highest;
    const id = (highest = Math.max(highest + 1, now() * 1000));
    stamped.set(topic, { id, etag, since });
    return id;
  };
  /** A state from Redis as this relay's viewers should get it, or undefined when they must not get it. */
  const reconcile = (topic: string, incoming: TopicState): TopicState | undefined => {
    const own = stamped.get(topic);
    if (!own || incoming.id > own.id) {
      stamped.delete(topic);
      highest = Math.max(highest, incoming.id);
      return incoming;
    }
    // Older than the outage, or what this relay already has.
    if (incoming.id <= own.since || incoming.etag === own.etag) return undefined;
    return { ...incoming, id: stampHere(topic, incoming.etag) };
  };

  const events = await subscribed(commands, CHANNEL, (message) => {
    const { topic, id, ...rest } = JSON.parse(message) as Omit<TopicState, 'id'> & { topic: string; id: string };
    const passed = reconcile(topic, { ...rest, id: Number(id) });
    if (passed) for (const listener of listeners) listener(topic, passed);
  });

  return {
    async hold(topic, ms) {
      try {
        return (await commands.eval(HOLD, 3, lease(topic), state(topic), sequence, relay, String(ms), ttl, String(highest))) === 1;
      } catch {
        // Redis away: this relay's viewers still need the topic polled.
        return true;
      }
    },
    release: async (topic) => void (await commands.eval(RELEASE, 1, lease(topic), relay).catch(() => {})),
    async publish(topic, json, etag) {
      try {
        const id = Number(await commands.eval(PUBLISH, 2, sequence, state(topic), json, etag, topic, ttl, String(highest), CHANNEL));
        stamped.delete(topic);
        highest = Math.max(highest, id);
        return id;
      } catch {
        return stampHere(topic, etag);
      }
    },
    async latest(topic) {
      const latest = await commands.hgetall(state(topic)).catch(() => ({}) as Record<string, string>);
      return latest.id ? reconcile(topic, { id: Number(latest.id), json: latest.json!, etag: latest.etag! }) : undefined;
    },
    onState: (listener) => void listeners.push(listener),
    async close() {
      events.disconnect();
      commands.disconnect();
    },
  };
}
