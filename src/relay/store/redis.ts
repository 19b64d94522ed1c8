import { Redis } from 'ioredis';
import type { WidgetKey } from '../keys/model.js';
import type { CountResult, LoadDetail, ProbabilityPoint, RelayStore, UsageRow } from './types.js';

/**
 * Keys, usage and history in Redis, for several relays sharing one view. Check-and-increment is one Lua script,
 * so concurrent relays can never take a key past its limit. A load is as durable as Redis is configured to be:
 * run it with `appendonly yes` and `appendfsync always` (or `everysec`, accepting up to a second) for metering.
 */
const PREFIX = 'pressbox:';
const SEPARATOR = '\u001f';

const COUNT_LOAD = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if used >= tonumber(ARGV[2]) then return {0, used} end
used = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
redis.call('SADD', KEYS[3], ARGV[4])
return {1, used}
`;

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
  const keyOf = (key: string) => `${PREFIX}key:${key}`;
  const usageOf = (month: string) => `${PREFIX}usage:${month}`;
  const detailOf = (month: string) => `${PREFIX}usage-detail:${month}`;
  const months = `${PREFIX}usage-months`;
  const allKeys = `${PREFIX}keys`;

  const read = (json: string | null): WidgetKey | undefined => (json ? (JSON.parse(json) as WidgetKey) : undefined);

  const store: RelayStore = {
    async createKey(key) {
      const created = await redis.set(keyOf(key.key), JSON.stringify(key), 'NX');
      if (created !== 'OK') throw new Error(`key ${key.key} exists already`);
      await redis.zadd(allKeys, String(key.createdAt), key.key);
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
      return next;
    },
    async revokeKey(key, at) {
      const current = await store.getKey(key);
      if (!current) return undefined;
      // The earlier time wins: revoking now ends a grace period a rotation had set.
      const next = { ...current, revokedAt: Math.min(current.revokedAt ?? at, at) };
      await redis.set(keyOf(key), JSON.stringify(next), 'XX');
      return next;
    },
    async countLoad(key, month, limit, detail: LoadDetail): Promise<CountResult> {
      const [counted, used] = (await redis.eval(
        COUNT_LOAD,
        3,
        usageOf(month),
        detailOf(month),
        months,
        key,
        String(limit),
        [key, detail.route, detail.origin].join(SEPARATOR),
        month,
      )) as [number, number];
      return { counted: counted === 1, used: Number(used) };
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
      await redis.eval(RECORD_POINT, '1', `${PREFIX}wp:${game}`, String(point.at), String(point.home));
    },
    async probabilityHistory(game) {
      const members = await redis.zrange(`${PREFIX}wp:${game}`, '0', '-1');
      return members.map((member) => {
        const [at, home] = member.split(':') as [string, string];
        return { at: Number(at), home: Number(home) };
      });
    },
    close: async () => {
      await redis.quit();
    },
  };
  return store;
}
