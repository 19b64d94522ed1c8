import type { Redis } from 'ioredis';
import type { WidgetKey } from '../keys/model.js';
import { connectRedis, parseRedisUrl } from './redis-connection.js';
import { ATTRIBUTION_LIMITS, OTHER } from '../input-limits.js';
import type {
  AuditEntry,
  CountResult,
  UpstreamUnitsRow,
  DailyUsageRow,
  JournaledLoad,
  LoadDetail,
  LoadReceipt,
  ProbabilityPoint,
  RelayStore,
  ReplayedUsage,
  UsageRow,
} from './types.js';

/**
 * Keys, usage and history in Redis, for several relays sharing one view. Check-and-increment is one Lua script,
 * so concurrent relays can never take a key past its limit. A load is as durable as Redis is configured to be:
 * run it with `appendonly yes` and `appendfsync always` (or `everysec`, accepting up to a second) for metering.
 */
const PREFIX = 'pressbox:';
/** The audit log's newest entries Redis keeps (SQLite keeps them all). */
const AUDIT_KEPT = 100_000;
const SEPARATOR = '\u001f';

// KEYS: month usage, month detail, months, day usage, day detail, day shares, days, receipts.
// ARGV: key, month limit, month detail field, month, day ('' for none), daily limit ('' for none), day detail field,
// prefix share field, origin share field, receipt bit ('' for none), receipts' lifetime (s).
// Returns {counted, used, refused by (1 month, 2 day), today, prefix, origin}.
const COUNT_LOAD = `
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if ARGV[5] ~= '' and ARGV[6] ~= '' and tonumber(redis.call('HGET', KEYS[4], ARGV[1]) or '0') >= tonumber(ARGV[6]) then
  return {0, used, 2}
end
if used >= tonumber(ARGV[2]) then return {0, used, 1} end
if ARGV[10] ~= '' then
  redis.call('SETBIT', KEYS[8], ARGV[10], 1)
  redis.call('EXPIRE', KEYS[8], ARGV[11])
end
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

// Which attribution a load is stored under (metering's ATTRIBUTION_LIMITS): an origin, network or row already kept
// for the key's day (and month) keeps its own; past the limits a new one becomes 'other'. KEYS: the day's origins,
// networks and rows, the month's origins. ARGV: origin, network, route and client, the four limits, lifetime (s), the
// name of the rest.
const ADMIT_ATTRIBUTION = `
local function admit(set, member, cap)
  if redis.call('SISMEMBER', set, member) == 1 then return true end
  if redis.call('SCARD', set) >= tonumber(cap) then return false end
  redis.call('SADD', set, member)
  redis.call('EXPIRE', set, ARGV[8])
  return true
end
local other = ARGV[9]
local origin, prefix = ARGV[1], ARGV[2]
if not admit(KEYS[1], origin, ARGV[4]) then origin = other end
if not admit(KEYS[2], prefix, ARGV[5]) then prefix = other end
if origin ~= other and not admit(KEYS[4], origin, ARGV[7]) then origin = other end
if not admit(KEYS[3], ARGV[3] .. '|' .. origin .. '|' .. prefix, ARGV[6]) then origin, prefix = other, other end
return {origin, prefix}
`;

// The key and its place in the list, together or not at all.
const CREATE_KEY = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') == false then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
`;

// Replays journaled loads as one batch, once: a batch id seen before changes nothing, and a load whose receipt bit is
// set was counted when it was served (its answer was lost, not its count). KEYS: the batch's marker. ARGV: the
// marker's lifetime (s), groups as JSON: the names and fields a load touches (as COUNT_LOAD builds them) and the receipts of its loads.
// Returns {applied, then per key and month: key, month, loads of the month after, loads added}.
const REPLAY_BATCH = `
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) == false then return {0} end
local totals = {}
local order = {}
for _, group in ipairs(cjson.decode(ARGV[2])) do
  local n = 0
  for _, receipt in ipairs(group.receipts) do
    if receipt[1] == '' or redis.call('GETBIT', receipt[1], receipt[2]) == 0 then n = n + 1 end
  end
  if n > 0 then
    local used = redis.call('HINCRBY', group.usage, group.key, n)
    redis.call('HINCRBY', group.detail, group.detailField, n)
    redis.call('SADD', group.months, group.month)
    if group.day ~= '' then
      redis.call('HINCRBY', group.dayUsage, group.key, n)
      redis.call('HINCRBY', group.dayDetail, group.dayDetailField, n)
      redis.call('HINCRBY', group.shares, group.prefixField, n)
      redis.call('HINCRBY', group.shares, group.originField, n)
      redis.call('SADD', group.days, group.day)
    end
    local id = group.key .. '|' .. group.month
    if totals[id] == nil then
      totals[id] = {group.key, group.month, used, 0}
      table.insert(order, id)
    end
    totals[id][3] = used
    totals[id][4] = totals[id][4] + n
  end
end
local result = {1}
for _, id in ipairs(order) do
  for _, value in ipairs(totals[id]) do table.insert(result, value) end
end
return result
`;

/**
 * Receipts: one bit per load a relay process asked Redis to count, set by the same script that counts it. When the
 * answer is lost (Redis died with the command in flight), the load is journaled; on replay its bit says whether it
 * was counted after all. 2^20 loads per key (128 KiB), kept while in use and 35 days after.
 */
const RECEIPTS_PER_KEY = 2 ** 20;
const RECEIPT_LIFETIME_S = 35 * 86_400;
/** A replayed batch's id is remembered this long: a journal replayed again within it counts nothing twice. */
const REPLAYED_BATCH_LIFETIME_S = 400 * 86_400;

function receiptBit(receipt: LoadReceipt | undefined): [name: string, bit: string] {
  if (!receipt) return [`${PREFIX}receipts:none`, ''];
  return [`${PREFIX}receipts:${receipt.relay}:${Math.floor(receipt.seq / RECEIPTS_PER_KEY)}`, String(receipt.seq % RECEIPTS_PER_KEY)];
}

/** With Sentinel, how long a count waits for a replica to have it (WAIT) before it is treated as possibly lost. */
const REPLICA_WAIT_MS = 250;

/** Where a key change is announced, so every relay forgets its copy at once. */
const KEY_CHANGES = `${PREFIX}key-changes`;

/** The scripts, loaded once and called by their hash (EVALSHA, reloaded by ioredis if Redis forgot them). */
interface Scripts {
  pressboxCountLoad(...args: string[]): Promise<number[]>;
  pressboxRecordPoint(...args: string[]): Promise<number>;
  pressboxCreateKey(...args: string[]): Promise<number>;
  pressboxClaimTry(...args: string[]): Promise<[number, number, number]>;
  pressboxAdmitAttribution(...args: string[]): Promise<[string, string]>;
  pressboxReplayBatch(...args: string[]): Promise<Array<string | number>>;
}

// Check and count in one step, so that concurrent tries from one address on any relay cannot pass the limit together.
// KEYS: the address's count. ARGV: max tries, window (ms). Returns {granted, count, ms until it lapses}.
const CLAIM_TRY = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return {0, count, redis.call('PTTL', KEYS[1])} end
count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, count, tonumber(ARGV[2])}
`;

const RECORD_POINT = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] and (tonumber(last[2]) >= tonumber(ARGV[1]) or string.match(last[1], ':(.*)$') == ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[1] .. ':' .. ARGV[2])
return 1
`;

export async function openRedisStore(url: string): Promise<RelayStore> {
  const redis = await connectRedis(url);
  redis.defineCommand('pressboxCountLoad', { numberOfKeys: 8, lua: COUNT_LOAD });
  redis.defineCommand('pressboxReplayBatch', { numberOfKeys: 1, lua: REPLAY_BATCH });
  redis.defineCommand('pressboxRecordPoint', { numberOfKeys: 1, lua: RECORD_POINT });
  redis.defineCommand('pressboxCreateKey', { numberOfKeys: 2, lua: CREATE_KEY });
  redis.defineCommand('pressboxClaimTry', { numberOfKeys: 1, lua: CLAIM_TRY });
  redis.defineCommand('pressboxAdmitAttribution', { numberOfKeys: 4, lua: ADMIT_ATTRIBUTION });
  // A page's loads share one attribution object (metering/attribution.ts): admitted once, then reused.
  const admitted = new WeakMap<LoadDetail, Promise<LoadDetail>>();
  const admit = (key: string, month: string, detail: LoadDetail): Promise<LoadDetail> => {
    if (!detail.day) return Promise.resolve(detail);
    let known = admitted.get(detail);
    if (!known) {
      const attribution = `${PREFIX}attribution:${key}:`;
      known = scripts
        .pressboxAdmitAttribution(
          `${attribution}${detail.day}:origins`,
          `${attribution}${detail.day}:prefixes`,
          `${attribution}${detail.day}:rows`,
          `${attribution}${month}:origins`,
          detail.origin,
          detail.prefix ?? 'unknown',
          `${detail.route}|${detail.client ?? 'script'}`,
          String(ATTRIBUTION_LIMITS.originsPerDay),
          String(ATTRIBUTION_LIMITS.prefixesPerDay),
          String(ATTRIBUTION_LIMITS.rowsPerDay),
          String(ATTRIBUTION_LIMITS.originsPerMonth),
          String(ATTRIBUTION_LIMITS.rememberedForS),
          OTHER,
        )
        .then(([origin, prefix]) => (origin === detail.origin && prefix === detail.prefix ? detail : { ...detail, origin, prefix }));
      admitted.set(detail, known);
      known.catch(() => admitted.delete(detail));
    }
    return known;
  };
  const scripts = redis as unknown as Scripts;
  const target = parseRedisUrl(url);
  const failover = target.ok && target.kind === 'sentinel';
  /**
   * With Sentinel, a count stands once a replica has it: a failover promotes a replica, and a write only the dead
   * primary had would be gone. One not acknowledged in time (while a replica is connected) fails like an unreachable
   * Redis: the load is journaled with its receipt, and the replay, on whichever server is primary then, counts it
   * unless its receipt bit got there.
   */
  const replicated = async (): Promise<void> => {
    if (!failover || Number(await redis.call('WAIT', '1', String(REPLICA_WAIT_MS))) >= 1) return;
    const [, , replicas] = (await redis.call('ROLE')) as [string, number, unknown[]];
    if (replicas?.length) throw new Error('the count did not reach a replica in time');
  };
  const announce = (key: string) => redis.publish(KEY_CHANGES, key);
  let keyEvents: Redis | undefined;
  const keyOf = (key: string) => `${PREFIX}key:${key}`;
  const usageOf = (month: string) => `${PREFIX}usage:${month}`;
  const detailOf = (month: string) => `${PREFIX}usage-detail:${month}`;
  const months = `${PREFIX}usage-months`;
  const days = `${PREFIX}usage-days`;
  const dailyDetailOf = (day: string) => `${PREFIX}usage-daily:${day}`;
  const dayUsageOf = (day: string) => `${PREFIX}usage-day:${day}`;
  const sharesOf = (day: string) => `${PREFIX}usage-share:${day}`;
  const allKeys = `${PREFIX}keys`;
  const sessionOf = (id: string) => `${PREFIX}console-session:${id}`;
  const signInFailuresOf = (address: string) => `${PREFIX}console-sign-in-failures:${address}`;
  const audit = `${PREFIX}audit`;
  const leagueInterest = `${PREFIX}recorder:leagues`;

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
        await keyEvents.connect();
        await keyEvents.subscribe(KEY_CHANGES);
      }
      keyEvents.on('message', (_channel: string, key: string) => listener(key));
    },
    async countLoad(key, month, limit, asked: LoadDetail, receipt?: LoadReceipt): Promise<CountResult> {
      const detail = await admit(key, month, asked);
      const day = detail.day ?? '';
      const prefix = detail.prefix ?? 'unknown';
      const [receipts, bit] = receiptBit(receipt);
      const [counted, used, refused, today, fromPrefix, fromOrigin] = (await scripts.pressboxCountLoad(
        usageOf(month),
        detailOf(month),
        months,
        dayUsageOf(day),
        dailyDetailOf(day),
        sharesOf(day),
        days,
        receipts,
        key,
        String(limit),
        [key, detail.route, detail.origin].join(SEPARATOR),
        month,
        day,
        detail.dailyLimit ? String(detail.dailyLimit) : '',
        [key, detail.route, detail.origin, prefix, detail.client ?? 'script'].join(SEPARATOR),
        [key, 'prefix', prefix].join(SEPARATOR),
        [key, 'origin', detail.origin].join(SEPARATOR),
        bit,
        String(RECEIPT_LIFETIME_S),
      )) as number[];
      if (counted === 1) await replicated();
      return {
        counted: counted === 1,
        used: Number(used),
        ...(refused ? { refusedBy: refused === 2 ? ('day' as const) : ('month' as const) } : {}),
        ...(today !== undefined ? { today: { loads: Number(today), prefix: Number(fromPrefix), origin: Number(fromOrigin) } } : {}),
      };
    },
    async replayLoads(batch: string, loads: readonly JournaledLoad[]): Promise<ReplayedUsage[] | undefined> {
      // Attributed while Redis was away: bounded now as each load would have been when it was served. Loads attributed
      // alike are one group: a batch is mostly the same pages asking again.
      const admitting = new Map<string, Promise<LoadDetail>>();
      const details = await Promise.all(
        loads.map(({ key, month, detail }) => {
          const raw = [key, month, detail.route, detail.origin, detail.day, detail.prefix, detail.client].join(SEPARATOR);
          let admitted = admitting.get(raw);
          if (!admitted) admitting.set(raw, (admitted = admit(key, month, detail)));
          return admitted;
        }),
      );
      const groups = new Map<string, Record<string, unknown> & { receipts: Array<[string, number | string]> }>();
      for (const [index, load] of loads.entries()) {
        const { key, month } = load;
        const detail = details[index]!;
        const day = detail.day ?? '';
        const prefix = detail.prefix ?? 'unknown';
        const fields = [key, month, detail.route, detail.origin, day, prefix, detail.client ?? 'script'];
        const id = fields.join(SEPARATOR);
        let group = groups.get(id);
        if (!group)
          groups.set(
            id,
            (group = {
              key,
              month,
              day,
              usage: usageOf(month),
              detail: detailOf(month),
              detailField: [key, detail.route, detail.origin].join(SEPARATOR),
              months,
              dayUsage: dayUsageOf(day),
              dayDetail: dailyDetailOf(day),
              dayDetailField: [key, detail.route, detail.origin, prefix, detail.client ?? 'script'].join(SEPARATOR),
              shares: sharesOf(day),
              prefixField: [key, 'prefix', prefix].join(SEPARATOR),
              originField: [key, 'origin', detail.origin].join(SEPARATOR),
              days,
              receipts: [],
            }),
          );
        const [receipts, bit] = receiptBit(load.receipt);
        group.receipts.push(bit === '' ? ['', 0] : [receipts, Number(bit)]);
      }
      const reply = await scripts.pressboxReplayBatch(
        `${PREFIX}replayed:${batch}`,
        String(REPLAYED_BATCH_LIFETIME_S),
        JSON.stringify([...groups.values()]),
      );
      await replicated();
      if (Number(reply[0]) !== 1) return undefined;
      const replayed: ReplayedUsage[] = [];
      for (let i = 1; i < reply.length; i += 4)
        replayed.push({ key: String(reply[i]), month: String(reply[i + 1]), used: Number(reply[i + 2]), added: Number(reply[i + 3]) });
      return replayed;
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
    async pruneProbability(before) {
      for (let cursor = '0'; ;) {
        const [next, games] = await redis.scan(cursor, 'MATCH', `${PREFIX}wp:*`, 'COUNT', 500);
        for (const game of games) await redis.zremrangebyscore(game, '-inf', `(${before}`);
        if ((cursor = next) === '0') return;
      }
    },
    async noteLeagueAsked(league, at) {
      await redis.hset(leagueInterest, league, String(at));
    },
    async leaguesAskedSince(since) {
      const asked = await redis.hgetall(leagueInterest);
      return Object.keys(asked)
        .filter((league) => Number(asked[league]) >= since)
        .sort();
    },
    async countUpstreamUnits({ month, upstream, endpoint, units }) {
      await redis.hincrby(`${PREFIX}upstream-units:${month}`, [upstream, endpoint].join(SEPARATOR), units);
    },
    async upstreamUnits(month) {
      const rows: UpstreamUnitsRow[] = Object.entries(await redis.hgetall(`${PREFIX}upstream-units:${month}`)).map(([field, units]) => {
        const [upstream, endpoint] = field.split(SEPARATOR) as [string, string];
        return { month, upstream, endpoint, units: Number(units) };
      });
      return rows.sort((a, b) => b.units - a.units || a.upstream.localeCompare(b.upstream) || a.endpoint.localeCompare(b.endpoint));
    },
    async sharedSecret(name, create) {
      const stored = `${PREFIX}secret:${name}`;
      await redis.set(stored, create(), 'NX');
      return (await redis.get(stored))!;
    },
    async saveSession(id, expiresAt) {
      await redis.set(sessionOf(id), String(expiresAt), 'PXAT', expiresAt);
    },
    async sessionExpiry(id) {
      const stored = await redis.get(sessionOf(id));
      return stored === null ? undefined : Number(stored);
    },
    async endSession(id) {
      await redis.del(sessionOf(id));
    },
    // The window is Redis's own expiry (relative, so the relays' clocks need not agree with Redis's).
    async claimSignInTry(address, max, windowMs, now) {
      const [granted, count, remaining] = await scripts.pressboxClaimTry(signInFailuresOf(address), String(max), String(windowMs));
      return { granted: granted === 1, count, lapsesAt: now + Math.max(0, remaining) };
    },
    async signInFailures(address, now) {
      const key = signInFailuresOf(address);
      const replies = await redis.multi().get(key).pttl(key).exec();
      const count = Number(replies?.[0]?.[1] ?? 0);
      const remaining = Number(replies?.[1]?.[1] ?? -2);
      return count > 0 && remaining > 0 ? { count, lapsesAt: now + remaining } : { count: 0, lapsesAt: now };
    },
    async clearSignInFailures(address) {
      await redis.del(signInFailuresOf(address));
    },
    async appendAudit(entry) {
      await redis
        .multi()
        .lpush(audit, JSON.stringify(entry))
        .ltrim(audit, 0, AUDIT_KEPT - 1)
        .exec();
    },
    async auditLog({ key, limit }) {
      const entries = (await redis.lrange(audit, 0, AUDIT_KEPT - 1)).map((json) => JSON.parse(json) as AuditEntry);
      return entries.filter((entry) => !key || entry.key === key).slice(0, limit);
    },
    close: async () => {
      keyEvents?.disconnect();
      // A relay stopping while Redis is away must still stop: QUIT needs a connection, disconnecting does not.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return store;
}
