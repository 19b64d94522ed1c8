import { Redis } from 'ioredis';
import type { WidgetKey } from '../keys/model.js';
import type { CountResult, DailyUsageRow, LoadDetail, ProbabilityPoint, RelayStore, UsageRow } from './types.js';

/**
 * Keys, usage and history in Redis, for several relays sharing one view. Check-and-increment is one Lua script,
 * so concurrent relays can never take a key past its limit. A load is as durable as Redis is configured to be:
 * run it with `appendonly yes` and `appendfsync always` (or `everysec`, accepting up to a second) for metering.
 */
const PREFIX = 'pressbox:';
const SEPARATOR = '\u001f';

// KEYS: month usage, month detail, months, day usage, day detail, day shares, days.
// ARGV: key, month limit, month detail field, month, day ('' for none), daily limit ('' for none), day detail field,
// prefix share field, origin share field. Returns {counted, used, refused by (1 month, 2 day), today, prefix, origin}.
const COUNT_LOAD = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if ARGV[5] ~= '' and ARGV[6] ~= '' and tonumber(redis.call('HGET', KEYS[4], ARGV[1]) or '0') >= tonumber(ARGV[6]) then
  return {0, used, 2}
end
if used >= tonumber(ARGV[2]) then return {0, used, 1} end
used = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
redis.call('SADD', KEYS[3], ARGV[4])
if ARGV[5] == '' then return {1, used, 0} end
local today = redis.call('HINCRBY', KEYS[4], ARGV[1], 1)
redis.call('HINCRBY', KEYS[5], ARGV[7], 1)
local prefix = redis.call('HINCRBY', KEYS[6], ARGV[8], 1)
local origin = redis.call('HINCRBY', KEYS[6], ARGV[9], 1)
redis.call('SADD', KEYS[7], ARGV[5])
return {1, used, 0, today, prefix, origin}
`;

// The key and its place in the list, together or not at all.
const CREATE_KEY = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') == false then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
`;

/** Where a key change is announced, so every relay forgets its copy at once. */
const KEY_CHANGES = `${PREFIX}key-changes`;

/** The scripts, loaded once and called by their hash (EVALSHA, reloaded by ioredis if Redis forgot them). */
interface Scripts {
  pressboxCountLoad(...args: string[]): Promise<number[]>;
  pressboxRecordPoint(...args: string[]): Promise<number>;
  pressboxCreateKey(...args: string[]): Promise<number>;
}

const RECORD_POINT = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] and (tonumber(last[2]) >= tonumber(ARGV[1]) or string.match(last[1], ':(.*)$') == ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[1] .. ':' .. ARGV[2])
return 1
`;

export async function openRedisStore(url: string): Promise<RelayStore> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // Connection trouble surfaces as failed commands (and at start, below); ioredis would otherwise print its own trace.
  let connectionError: Error | undefined;
  redis.on('error', (error: Error) => (connectionError = error));
  try {
    await redis.connect();
  } catch (error) {
    // Otherwise the client keeps retrying in the background and the failing command never ends.
    redis.disconnect();
    throw connectionError ?? error;
  }
  redis.defineCommand('pressboxCountLoad', { numberOfKeys: 7, lua: COUNT_LOAD });
  redis.defineCommand('pressboxRecordPoint', { numberOfKeys: 1, lua: RECORD_POINT });
  redis.defineCommand('pressboxCreateKey', { numberOfKeys: 2, lua: CREATE_KEY });
  const scripts = redis as unknown as Scripts;
  const announce = (key: string) => redis.publish(KEY_CHANGES, key);
  let keyEvents: Redis | undefined;
  const keyOf = (key: string) => `${PREFIX}key:${key}`;
  const usageOf = (month: string) => `${PREFIX}usage:${month}`;
  const detailOf = (month: string) => `${PREFIX}usage-detail:${month}`;
  const months = `${PREFIX}usage-months`;
  const days = `${PREFIX}usage-days`;
  const dailyDetailOf = (day: string) => `${PREFIX}usage-daily:${day}`;
  const allKeys = `${PREFIX}keys`;

  const read = (json: string | null): WidgetKey | undefined => (json ? (JSON.parse(json) as WidgetKey) : undefined);

  const store: RelayStore = {
    async createKey(key) {
      const created = await scripts.pressboxCreateKey(keyOf(key.key), allKeys, JSON.stringify(key), String(key.createdAt), key.key);
      if (created !== 1) throw new Error(`key ${key.key} exists already`);
    },
    getKey: async (key) => read(await redis.get(keyOf(key))),
    async listKeys() {
      const names = await redis.zrange(allKeys, '0', '-1');
      if (names.length === 0) return [];
      const values = await redis.mget(names.map(keyOf));
      return values.map(read).filter((key): key is WidgetKey => key !== undefined);
    },
    async updateKey(key, change) {
      const current = await store.getKey(key);
      if (!current) return undefined;
      const next = { ...current, ...change };
      await redis.set(keyOf(key), JSON.stringify(next), 'XX');
      await announce(key);
      return next;
    },
    async revokeKey(key, at) {
      const current = await store.getKey(key);
      if (!current) return undefined;
      // The earlier time wins: revoking now ends a grace period a rotation had set.
      const next = { ...current, revokedAt: Math.min(current.revokedAt ?? at, at) };
      await redis.set(keyOf(key), JSON.stringify(next), 'XX');
      await announce(key);
      return next;
    },
    /** Every relay subscribes: a change made by the CLI, the admin API or another relay reaches it at once. */
    async onKeyChange(listener) {
      if (!keyEvents) {
        keyEvents = redis.duplicate();
        keyEvents.on('error', () => {});
        await keyEvents.subscribe(KEY_CHANGES);
      }
      keyEvents.on('message', (_channel: string, key: string) => listener(key));
    },
    async countLoad(key, month, limit, detail: LoadDetail): Promise<CountResult> {
      const day = detail.day ?? '';
      const prefix = detail.prefix ?? 'unknown';
      const [counted, used, refused, today, fromPrefix, fromOrigin] = (await scripts.pressboxCountLoad(
        usageOf(month),
        detailOf(month),
        months,
        `${PREFIX}usage-day:${day}`,
        dailyDetailOf(day),
        `${PREFIX}usage-share:${day}`,
        days,
        key,
        String(limit),
        [key, detail.route, detail.origin].join(SEPARATOR),
        month,
        day,
        detail.dailyLimit ? String(detail.dailyLimit) : '',
        [key, detail.route, detail.origin, prefix, detail.client ?? 'script'].join(SEPARATOR),
        [key, 'prefix', prefix].join(SEPARATOR),
        [key, 'origin', detail.origin].join(SEPARATOR),
      )) as number[];
      return {
        counted: counted === 1,
        used: Number(used),
        ...(refused ? { refusedBy: refused === 2 ? ('day' as const) : ('month' as const) } : {}),
        ...(today !== undefined ? { today: { loads: Number(today), prefix: Number(fromPrefix), origin: Number(fromOrigin) } } : {}),
      };
    },
    async dailyUsage({ key, day, month }) {
      const wanted = day ? [day] : (await redis.smembers(days)).filter((member) => !month || member.startsWith(month)).sort();
      const rows: DailyUsageRow[] = [];
      for (const current of wanted) {
        for (const [field, loads] of Object.entries(await redis.hgetall(dailyDetailOf(current)))) {
          const [rowKey, route, origin, prefix, client] = field.split(SEPARATOR) as [string, string, string, string, 'browser' | 'script'];
          if (!key || rowKey === key) rows.push({ key: rowKey, day: current, route, origin, prefix, client, loads: Number(loads) });
        }
      }
      return rows.sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key) || b.loads - a.loads);
    },
    loadsUsed: async (key, month) => Number((await redis.hget(usageOf(month), key)) ?? 0),
    async usage({ key, month }) {
      const wanted = month ? [month] : (await redis.smembers(months)).sort();
      const rows: UsageRow[] = [];
      for (const current of wanted) {
        const detail = await redis.hgetall(detailOf(current));
        for (const [field, loads] of Object.entries(detail)) {
          const [rowKey, route, origin] = field.split(SEPARATOR) as [string, string, string];
          if (!key || rowKey === key) rows.push({ key: rowKey, month: current, route, origin, loads: Number(loads) });
        }
      }
      return rows.sort(
        (a, b) =>
          a.month.localeCompare(b.month) ||
          a.key.localeCompare(b.key) ||
          a.route.localeCompare(b.route) ||
          a.origin.localeCompare(b.origin),
      );
    },
    async recordProbability(game, point: ProbabilityPoint) {
      await scripts.pressboxRecordPoint(`${PREFIX}wp:${game}`, String(point.at), String(point.home));
    },
    async probabilityHistory(game) {
      const members = await redis.zrange(`${PREFIX}wp:${game}`, '0', '-1');
      return members.map((member) => {
        const [at, home] = member.split(':') as [string, string];
        return { at: Number(at), home: Number(home) };
      });
    },
    async sharedSecret(name, create) {
      const stored = `${PREFIX}secret:${name}`;
      await redis.set(stored, create(), 'NX');
      return (await redis.get(stored))!;
    },
    close: async () => {
      keyEvents?.disconnect();
      await redis.quit();
    },
  };
  return store;
}
