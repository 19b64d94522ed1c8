import type { Redis } from 'ioredis';
import { ATTRIBUTION_LIMITS, OTHER } from '../../input-limits.js';
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
import { names, PREFIX, SEPARATOR } from './names.js';
import type { Scripts } from './scripts.js';

/**
 * Receipts: one bit per load a relay process asked Redis to count, set by the same script that counts it. When the
 * answer is lost (Redis died with the command in flight), the load is journaled; on replay its bit says whether it
 * was counted after all. 2^20 loads per key (128 KiB), kept while in use and 35 days after.
 */
const RECEIPTS_PER_KEY = 2 ** 20;
const RECEIPT_LIFETIME_S = 35 * 86_400;
/** A replayed batch's id is remembered this long: a journal replayed again within it counts nothing twice. */
const REPLAYED_BATCH_LIFETIME_S = 400 * 86_400;
/** With Sentinel, how long a count waits for a replica to have it (WAIT) before it is treated as possibly lost. */
const REPLICA_WAIT_MS = 250;

function receiptBit(receipt: LoadReceipt | undefined): [name: string, bit: string] {
  if (!receipt) return [`${PREFIX}receipts:none`, ''];
  return [`${PREFIX}receipts:${receipt.relay}:${Math.floor(receipt.seq / RECEIPTS_PER_KEY)}`, String(receipt.seq % RECEIPTS_PER_KEY)];
}

/** The leases a relay process took with receipted counts, by sequence number, until it has heard their answers. */
const leasesOf = (relay: string) => `${PREFIX}receipts:${relay}:leases`;

/** Where a load of `key` in `month`, attributed as `detail`, is counted: the names and fields COUNT_LOAD and REPLAY_BATCH touch. */
function countedUnder(key: string, month: string, detail: LoadDetail) {
  const day = detail.day ?? '';
  const prefix = detail.prefix ?? 'unknown';
  return {
    key,
    month,
    day,
    usage: names.usage(month),
    detail: names.usageDetail(month),
    detailField: [key, detail.route, detail.origin].join(SEPARATOR),
    months: names.months,
    dayUsage: names.dayUsage(day),
    dayDetail: names.dailyDetail(day),
    dayDetailField: [key, detail.route, detail.origin, prefix, detail.client ?? 'script'].join(SEPARATOR),
    shares: names.shares(day),
    prefixField: [key, 'prefix', prefix].join(SEPARATOR),
    originField: [key, 'origin', detail.origin].join(SEPARATOR),
    days: names.days,
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
function replicaWait(redis: Redis, failover: boolean): () => Promise<void> {
  return async () => {
    if (!failover || Number(await redis.call('WAIT', '1', String(REPLICA_WAIT_MS))) >= 1) return;
    const [, , replicas] = (await redis.call('ROLE')) as [string, number, unknown[]];
    if (replicas?.length) throw new Error('the count did not reach a replica in time');
  };
}

/** Journaled loads grouped by where they are counted, each group with its loads' receipts (REPLAY_BATCH's input). */
function replayGroups(loads: readonly JournaledLoad[], details: readonly LoadDetail[]) {
  type Group = ReturnType<typeof countedUnder> & { plain: number; receipts: Array<[string, number, string, number]>; leased?: true };
  const groups = new Map<string, Group>();
  for (const [index, load] of loads.entries()) {
    const under = countedUnder(load.key, load.month, details[index]!);
    const id = [under.detailField, under.month, under.day, under.dayDetailField, load.leased ? 'leased' : ''].join(SEPARATOR);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { ...under, plain: 0, receipts: [], ...(load.leased ? { leased: true as const } : {}) }));
    const [receipts, bit] = receiptBit(load.receipt);
    if (bit === '') group.plain++;
    else group.receipts.push([receipts, Number(bit), leasesOf(load.receipt!.relay), load.receipt!.seq]);
  }
  return [...groups.values()];
}

/** What was counted, as `pressbox usage`, the console and the alerts read it. */
function usageReports(redis: Redis): Pick<UsageStore, 'loadsUsed' | 'usage' | 'dailyUsage'> {
  return {
    loadsUsed: async (key, month) => Number((await redis.hget(names.usage(month), key)) ?? 0),
    async usage({ key, month }) {
      const wanted = month ? [month] : (await redis.smembers(names.months)).sort();
      const rows: UsageRow[] = [];
      for (const current of wanted) {
        for (const [field, loads] of Object.entries(await redis.hgetall(names.usageDetail(current)))) {
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
    async dailyUsage({ key, day, month }) {
      const wanted = day ? [day] : (await redis.smembers(names.days)).filter((member) => !month || member.startsWith(month)).sort();
      const rows: DailyUsageRow[] = [];
      for (const current of wanted) {
        for (const [field, loads] of Object.entries(await redis.hgetall(names.dailyDetail(current)))) {
          const [rowKey, route, origin, prefix, client] = field.split(SEPARATOR) as [string, string, string, string, 'browser' | 'script'];
          if (!key || rowKey === key) rows.push({ key: rowKey, day: current, route, origin, prefix, client, loads: Number(loads) });
        }
      }
      return rows.sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key) || b.loads - a.loads);
    },
  };
}

/** Loads counted by key and month (and day, with their attribution) in one script per load; upstream units spent. */
export function redisUsage(redis: Redis, scripts: Scripts, failover: boolean): UsageStore & UpstreamUnitsStore {
  const admit = boundedAttribution(scripts);
  const replicated = replicaWait(redis, failover);
  return {
    async countLoad(key, month, limit, asked: LoadDetail, receipt?: LoadReceipt, lease?: LeaseWish): Promise<CountResult> {
      const detail = await admit(key, month, asked);
      const under = countedUnder(key, month, detail);
      const [receipts, bit] = receiptBit(receipt);
      const [counted, used, refused, leased, today, fromPrefix, fromOrigin] = await scripts.pressboxCountLoad(
        ...[under.usage, under.detail, under.months, under.dayUsage, under.dayDetail, under.shares, under.days, receipts],
        leasesOf(receipt?.relay ?? 'none'),
        ...[key, String(limit), under.detailField, month, under.day, detail.dailyLimit ? String(detail.dailyLimit) : ''],
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
    async forgetLeases(relay, seqs) {
      if (seqs.length > 0) await redis.hdel(leasesOf(relay), ...seqs.map(String));
    },
    async returnLoads(key, month, day, loads) {
      if (loads <= 0) return;
      await scripts.pressboxReturnLoads(names.usage(month), day ? names.dayUsage(day) : '', key, String(loads));
    },
    async replayLoads(batch: string, loads: readonly JournaledLoad[]): Promise<ReplayedUsage[] | undefined> {
      // Attributed while Redis was away: bounded now as each load would have been when it was served. Loads attributed
      // alike are admitted once: a batch is mostly the same pages asking again.
      const admitting = new Map<string, Promise<LoadDetail>>();
      const details = await Promise.all(
        loads.map(({ key, month, detail }) => {
          const raw = [key, month, detail.route, detail.origin, detail.day, detail.prefix, detail.client].join(SEPARATOR);
          let admitted = admitting.get(raw);
          if (!admitted) admitting.set(raw, (admitted = admit(key, month, detail)));
          return admitted;
        }),
      );
      const reply = await scripts.pressboxReplayBatch(
        names.replayed(batch),
        String(REPLAYED_BATCH_LIFETIME_S),
        JSON.stringify(replayGroups(loads, details)),
      );
      await replicated();
      if (Number(reply[0]) !== 1) return undefined;
      const replayed: ReplayedUsage[] = [];
      for (let i = 1; i < reply.length; i += 4)
        replayed.push({ key: String(reply[i]), month: String(reply[i + 1]), used: Number(reply[i + 2]), added: Number(reply[i + 3]) });
      return replayed;
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
