import { LRUCache } from 'lru-cache';
import { ATTRIBUTION_LIMITS, OTHER } from '../../base/input-limits.js';
import type {
  CountResult,
  DailyUsageRow,
  JournaledLoad,
  LeaseWish,
  LoadDetail,
  LoadReceipt,
  ReplayedUsage,
  UpstreamUnitsRow,
  KeyUnitsRow,
  UpstreamUnitsStore,
  UsageRow,
  UsageStore,
} from '../types.js';
import type { RedisClient } from '../redis-connection.js';
import { names, SEPARATOR } from './names.js';
import type { Scripts } from './scripts.js';

/**
 * Receipts: one bit per load a relay process asked Redis to count, or lease leftover it gave back, set by the same
 * script that counts it or gives it back, numbered per key (so a key's bits are dense, in its own slot). When the
 * answer is lost (Redis died or hung with the command in flight), a load is journaled and on replay its bit says
 * whether it was counted after all; a leftover is sent again, and its bit keeps it from being given back twice. 2^20 counts per name (128
 * KiB), kept while in use and 35 days after.
 */
const RECEIPTS_PER_KEY = 2 ** 20;
const RECEIPT_LIFETIME_S = 35 * 86_400;
/** A replayed batch's id is remembered this long: a journal replayed again within it counts nothing twice. */
const REPLAYED_BATCH_LIFETIME_S = 400 * 86_400;
/** With Sentinel, how long a count waits for a replica to have it (WAIT) before it is treated as possibly lost. */
const REPLICA_WAIT_MS = 250;

function receiptBit(key: string, receipt: LoadReceipt | undefined): [name: string, bit: string] {
  if (!receipt) return [names.receipts(key, 'none', 0), ''];
  return [names.receipts(key, receipt.relay, Math.floor(receipt.seq / RECEIPTS_PER_KEY)), String(receipt.seq % RECEIPTS_PER_KEY)];
}

/** Where a load of `key` in `month`, attributed as `detail`, is counted: the names and fields COUNT_LOAD and REPLAY_BATCH touch. */
function countedUnder(key: string, month: string, detail: LoadDetail) {
  const day = detail.day ?? '';
  const prefix = detail.prefix ?? 'unknown';
  return {
    key,
    month,
    day,
    usage: names.usage(key),
    detail: names.usageDetail(key, month),
    detailField: [detail.route, detail.origin].join(SEPARATOR),
    months: names.months(key),
    dayUsage: names.dayUsage(key),
    dayDetail: names.dailyDetail(key, day),
    dayDetailField: [detail.route, detail.origin, prefix, detail.client ?? 'script'].join(SEPARATOR),
    shares: names.shares(key, day),
    prefixField: ['prefix', prefix].join(SEPARATOR),
    originField: ['origin', detail.origin].join(SEPARATOR),
    days: names.days(key),
  };
}

/**
 * The attribution a load is stored under (ATTRIBUTION_LIMITS), decided by a script so relays agree. A page's loads
 * share one attribution object (metering/attribution.ts): admitted once, then reused.
 */
function boundedAttribution(scripts: Scripts): (key: string, month: string, detail: LoadDetail) => Promise<LoadDetail> {
  const admitted = new WeakMap<LoadDetail, Promise<LoadDetail>>();
  return (key, month, detail) => {
    if (!detail.day) return Promise.resolve(detail);
    let known = admitted.get(detail);
    if (!known) {
      known = scripts
        .pressboxAdmitAttribution(
          names.attribution(key, detail.day, 'origins'),
          names.attribution(key, detail.day, 'prefixes'),
          names.attribution(key, detail.day, 'rows'),
          names.attribution(key, month, 'origins'),
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
}

/**
 * With Sentinel, a count stands once a replica has it: a failover promotes a replica, and a write only the dead
 * primary had would be gone. One not acknowledged in time (while a replica is connected) fails like an unreachable
 * Redis: the load is journaled with its receipt, and the replay, on whichever server is primary then, counts it
 * unless its receipt bit got there.
 */
function replicaWait(redis: RedisClient, failover: boolean): () => Promise<void> {
  return async () => {
    if (!failover || Number(await redis.call('WAIT', '1', String(REPLICA_WAIT_MS))) >= 1) return;
    const [, , replicas] = (await redis.call('ROLE')) as [string, number, unknown[]];
    if (replicas?.length) throw new Error('the count did not reach a replica in time');
  };
}

/** One key's journaled loads grouped by where they are counted, each group with its loads' receipts (REPLAY_BATCH's input). */
function replayGroups(loads: ReadonlyArray<{ load: JournaledLoad; detail: LoadDetail }>) {
  type Group = ReturnType<typeof countedUnder> & { plain: number; receipts: Array<[string, number, string, number]>; leased?: true };
  const groups = new Map<string, Group>();
  for (const { load, detail } of loads) {
    const under = countedUnder(load.key, load.month, detail);
    const id = [under.detailField, under.month, under.day, under.dayDetailField, load.leased ? 'leased' : ''].join(SEPARATOR);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { ...under, plain: 0, receipts: [], ...(load.leased ? { leased: true as const } : {}) }));
    const [receipts, bit] = receiptBit(load.key, load.receipt);
    if (bit === '') group.plain++;
    else group.receipts.push([receipts, Number(bit), names.leases(load.key, load.receipt!.relay), load.receipt!.seq]);
  }
  return [...groups.values()];
}

/** The keys to report on: the one asked for, or every key with loads counted. */
const keysOf = async (redis: RedisClient, key: string | undefined) => (key ? [key] : (await redis.smembers(names.usageKeys)).sort());

/** What was counted, as `pressbox usage`, the console and the alerts read it: key by key, each in its own slot. */
function usageReports(redis: RedisClient): Pick<UsageStore, 'loadsUsed' | 'usage' | 'dailyUsage'> {
  return {
    loadsUsed: async (key, month) => Number((await redis.hget(names.usage(key), month)) ?? 0),
    async usage({ key, month }) {
      const rows: UsageRow[] = [];
      for (const rowKey of await keysOf(redis, key)) {
        for (const current of month ? [month] : await redis.smembers(names.months(rowKey))) {
          for (const [field, loads] of Object.entries(await redis.hgetall(names.usageDetail(rowKey, current)))) {
            const [route, origin] = field.split(SEPARATOR) as [string, string];
            rows.push({ key: rowKey, month: current, route, origin, loads: Number(loads) });
          }
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
    async dailyUsage({ key, day, month }) {
      const rows: DailyUsageRow[] = [];
      for (const rowKey of await keysOf(redis, key)) {
        const days = day ? [day] : (await redis.smembers(names.days(rowKey))).filter((member) => !month || member.startsWith(month));
        for (const current of days) {
          for (const [field, loads] of Object.entries(await redis.hgetall(names.dailyDetail(rowKey, current)))) {
            const [route, origin, prefix, client] = field.split(SEPARATOR) as [string, string, string, 'browser' | 'script'];
            rows.push({ key: rowKey, day: current, route, origin, prefix, client, loads: Number(loads) });
          }
        }
      }
      return rows.sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key) || b.loads - a.loads);
    },
  };
}

/**
 * Notes a key among those with loads (what reports read), once per process: the set lives in a slot of its own, so it
 * cannot be written by the key's script.
 */
function usageKeyIndex(redis: RedisClient): (key: string) => Promise<void> {
  const noted = new Set<string>();
  return async (key) => {
    if (noted.has(key)) return;
    await redis.sadd(names.usageKeys, key);
    noted.add(key);
  };
}

/** Replays journaled loads (UsageStore.replayLoads): one script per key, in the key's slot. */
function replayer(
  scripts: Scripts,
  admit: ReturnType<typeof boundedAttribution>,
  noteKey: (key: string) => Promise<void>,
  replicated: () => Promise<void>,
): NonNullable<UsageStore['replayLoads']> {
  const admitting = new LRUCache<string, Promise<LoadDetail>>({ max: 10_000 });
  return async (batch: string, loads: readonly JournaledLoad[]): Promise<ReplayedUsage[] | undefined> => {
    // Attributed while Redis was away, or served from a lease: bounded now as each load would have been when it was
    // served. Loads attributed alike are admitted once, and remembered: a batch is mostly the same pages asking again,
    // every tick, and an attribution admitted (or not) stays so for its day.
    const details = await Promise.all(
      loads.map(({ key, month, detail }) => {
        const raw = [key, month, detail.route, detail.origin, detail.day, detail.prefix, detail.client].join(SEPARATOR);
        let admitted = admitting.get(raw);
        if (!admitted) {
          admitting.set(raw, (admitted = admit(key, month, detail)));
          admitted.catch(() => admitting.delete(raw));
        }
        return admitted;
      }),
    );
    const byKey = new Map<string, Array<{ load: JournaledLoad; detail: LoadDetail }>>();
    loads.forEach((load, index) => {
      if (!byKey.has(load.key)) byKey.set(load.key, []);
      byKey.get(load.key)!.push({ load, detail: details[index]! });
    });
    // One script per key, in the key's slot, each under its own mark of the batch: a replay cut off half way counts
    // the keys it had not reached when it runs again, and none twice.
    let applied = false;
    const replayed: ReplayedUsage[] = [];
    for (const [key, grouped] of byKey) {
      await noteKey(key);
      const reply = await scripts.pressboxReplayBatch(
        names.replayed(key, batch),
        String(REPLAYED_BATCH_LIFETIME_S),
        JSON.stringify(replayGroups(grouped)),
      );
      if (Number(reply[0]) !== 1) continue;
      applied = true;
      for (let i = 1; i < reply.length; i += 3)
        replayed.push({ key, month: String(reply[i]), used: Number(reply[i + 1]), added: Number(reply[i + 2]) });
    }
    await replicated();
    return applied ? replayed : undefined;
  };
}

/** Loads counted by key and month (and day, with their attribution) in one script per load; upstream units spent. */
export function redisUsage(redis: RedisClient, scripts: Scripts, failover: boolean): UsageStore & UpstreamUnitsStore {
  const admit = boundedAttribution(scripts);
  const replicated = replicaWait(redis, failover);
  const noteKey = usageKeyIndex(redis);
  return {
    async countLoad(key, month, limit, asked: LoadDetail, receipt?: LoadReceipt, lease?: LeaseWish): Promise<CountResult> {
      const [detail] = await Promise.all([admit(key, month, asked), noteKey(key)]);
      const under = countedUnder(key, month, detail);
      const [receipts, bit] = receiptBit(key, receipt);
      const [counted, used, refused, leased, today, fromPrefix, fromOrigin] = await scripts.pressboxCountLoad(
        ...[under.usage, under.detail, under.months, under.dayUsage, under.dayDetail, under.shares, under.days, receipts],
        names.leases(key, receipt?.relay ?? 'none'),
        ...[month, String(limit), under.detailField, under.day, detail.dailyLimit ? String(detail.dailyLimit) : ''],
        ...[under.dayDetailField, under.prefixField, under.originField, bit, String(RECEIPT_LIFETIME_S)],
        ...[String(lease?.loads ?? 0), String(lease?.share ?? 1), String(receipt?.seq ?? '')],
      );
      if (counted === 1) await replicated();
      return {
        counted: counted === 1,
        used: Number(used),
        ...(refused ? { refusedBy: refused === 2 ? ('day' as const) : ('month' as const) } : {}),
        ...(Number(leased) > 0 ? { leased: Number(leased) } : {}),
        ...(today !== undefined ? { today: { loads: Number(today), prefix: Number(fromPrefix), origin: Number(fromOrigin) } } : {}),
      };
    },
    async forgetLeases(relay, key, seqs) {
      if (seqs.length > 0) await redis.hdel(names.leases(key, relay), ...seqs.map(String));
    },
    async returnLoads({ key, month, day, loads }, receipt) {
      if (loads <= 0) return;
      const [receipts, bit] = receiptBit(key, receipt);
      await scripts.pressboxReturnLoads(
        ...[names.usage(key), names.dayUsage(key), receipts],
        ...[month, day ?? '', String(loads), bit, String(RECEIPT_LIFETIME_S)],
      );
    },
    replayLoads: replayer(scripts, admit, noteKey, replicated),
    async monthlyTotals() {
      const totals = [];
      for (const key of await keysOf(redis, undefined))
        for (const [month, loads] of Object.entries(await redis.hgetall(names.usage(key))))
          totals.push({ key, month, loads: Number(loads) });
      return totals.sort((a, b) => a.key.localeCompare(b.key) || a.month.localeCompare(b.month));
    },
    async restoreLoads(key, month, loads, add = false) {
      await noteKey(key);
      await scripts.pressboxRestoreLoads(
        ...[names.usage(key), names.months(key), names.usageDetail(key, month)],
        ...[month, String(loads), ['restored', 'backup'].join(SEPARATOR), add ? 'add' : ''],
      );
    },
    ...usageReports(redis),
    async countUpstreamUnits({ month, upstream, endpoint, units, key }) {
      await Promise.all([
        redis.hincrby(names.upstreamUnits(month), [upstream, endpoint].join(SEPARATOR), units),
        key === undefined ? undefined : redis.hincrby(names.keyUpstreamUnits(month), [upstream, key].join(SEPARATOR), units),
      ]);
    },
    async upstreamUnitsByKey(month) {
      const rows: KeyUnitsRow[] = Object.entries(await redis.hgetall(names.keyUpstreamUnits(month))).map(([field, units]) => {
        const [upstream, key] = field.split(SEPARATOR) as [string, string];
        return { month, upstream, key, units: Number(units) };
      });
      return rows.sort((a, b) => b.units - a.units || a.upstream.localeCompare(b.upstream) || a.key.localeCompare(b.key));
    },
    async upstreamUnits(month) {
      const rows: UpstreamUnitsRow[] = Object.entries(await redis.hgetall(names.upstreamUnits(month))).map(([field, units]) => {
        const [upstream, endpoint] = field.split(SEPARATOR) as [string, string];
        return { month, upstream, endpoint, units: Number(units) };
      });
      return rows.sort((a, b) => b.units - a.units || a.upstream.localeCompare(b.upstream) || a.endpoint.localeCompare(b.endpoint));
    },
  };
}
