import { alertingUsage, usageAlerts } from '../metering/alerts.js';
import { degradableUsage, type DegradableUsage } from '../metering/degraded.js';
import { openLoadJournal, type LoadJournal } from '../metering/journal.js';
import { storeAddress } from '../metering/store-address.js';
import { diskGauge, storeGauges } from '../http/metrics.js';
import { parsePlan } from '../keys/model.js';
import { watchDisk, type DiskWatch } from '../store/disk-watch.js';
import { refusingWhenUnavailable, storeWatch, watchedStore, type StoreWatch } from '../store/guarded.js';
import { openStore, type OpenedStore } from '../store/open.js';
import { STORE_PROBLEMS, storeProblemOf, type StoreProblem } from '../store/problems.js';
import { parseRedisUrl } from '../store/redis-connection.js';
import type { RelayStore } from '../store/types.js';
import { sharedProbe } from './probes.js';
import { flag, FlagValueError, parseHttpUrl } from './flags.js';
import { relayFeature, type FeatureContext, type PartReport, type PartState } from './feature.js';
import { dirname, resolve } from 'node:path';

export const DEFAULT_DB = 'pressbox.db';
/** Where a relay on Redis keeps the loads it served while Redis was unreachable (relays sharing a folder may share it). */
const DEFAULT_JOURNAL = 'pressbox-journal.db';

/** `--redis`: one server (redis://, rediss://) or a Sentinel group (redis+sentinel://host:port,host:port/name). */
export function redisUrl(value: string): string {
  const target = parseRedisUrl(value);
  if (!target.ok) throw new FlagValueError(target.message);
  return value;
}

/** Below this much free space on the store's disk the relay warns (the store's headroom: docs/operators.md). */
const DISK_WARN_UNDER = 256 * 1024 ** 2;
/** How often a relay on SQLite checkpoints and cuts back its write-ahead log. */
const COMPACT_EVERY_MS = 60_000;
/** How long a failed store operation keeps readiness down after it (a write that failed while the probe passes). */
const FAILURE_SHOWS_MS = 10_000;
/** GET /ready writes to the store at most this often, however often it is asked. */
const PROBE_EVERY_MS = 2_000;

/**
 * Keys and usage: the store (a SQLite file, or Redis for several relays), usage alerts as keys near their plan, and,
 * with Redis, serving known keys on while Redis is away, each load journaled and counted once it is back. The store
 * tells the truth about itself: every failure is counted and logged by problem, readiness proves a write, a nearly
 * full disk and an emptied Redis are told before readers notice.
 */
export const usageFeature = relayFeature<{ maxPageCount: number }>()({
  name: 'usage',
  group: undefined,
  flags: {
    db: flag.text('--db', '<file>', 'SQLite file for keys and usage', DEFAULT_DB),
    redis: flag.custom(
      '--redis',
      '<url>',
      'Redis for keys and usage, instead of --db (for several relays): redis://, rediss:// (TLS), redis+sentinel://h:p,h:p/name or redis+cluster://h:p,h:p',
      redisUrl,
    ),
    journal: flag.text(
      '--journal',
      '<file>',
      'with --redis: SQLite file where loads served while Redis is unreachable wait to be counted',
      DEFAULT_JOURNAL,
    ),
    alertWebhook: flag.custom(
      '--alert-webhook',
      '<url>',
      'POST usage alerts here, signed with PRESSBOX_ALERT_SECRET (HMAC-SHA256)',
      parseHttpUrl,
    ),
    diskWarnUnder: flag.size(
      '--disk-warn-under',
      'warn (log, /ready degraded, alert) when the disk of --db (or --journal) has less free space than this; 0: never',
      DISK_WARN_UNDER,
    ),
  },
  check(settings, base) {
    if (settings.alertWebhook && !base.alertSecret)
      throw new Error('--alert-webhook needs PRESSBOX_ALERT_SECRET in the environment: the secret its receiver checks the signature with.');
  },
  async start(context) {
    const { settings, logger, now, metrics } = context;
    // With Redis, the journal is opened first: it remembers the store its relays served at this address, so an emptied
    // one is told apart from a new one (at an address it never served).
    const journal = settings.redis ? { file: openJournal(context, settings.journal), at: storeAddress(settings.redis) } : undefined;
    const opened = await openStore({
      db: settings.db,
      redis: settings.redis,
      maxPageCount: settings.maxPageCount,
      expected: journal?.file.storeAt(journal.at),
      warn: (line) => logger.log('warn', line, { part: 'store' }),
    }).catch((error: unknown) => {
      journal?.file.close();
      throw error;
    });
    context.onClose(() => opened.close());
    await warnOfUnknownPlans(opened, context);
    const watch = storeWatch({ logger, counter: metrics.storeErrors });
    const watched = watchedStore(opened, watch);
    const alerts = usageAlerts({
      logger,
      counter: metrics.alerts,
      now,
      webhook: settings.alertWebhook ? { url: settings.alertWebhook, secret: context.base.alertSecret! } : undefined,
      // Kept with the key's changes, for the console; a store that cannot take it now loses the entry, not the load.
      record: (entry) => opened.appendAudit(entry).catch(() => undefined),
    });
    context.onClose(() => alerts.settled());
    tellWhenEmptied(opened, context, alerts, journal);
    const counted = alertingUsage(watched, alerts);
    // With Redis, a relay cut off from it goes on serving known keys within an allowance, journaling every load.
    const degradable = journal ? journaledWhenAway(context, counted, alerts.afterReplay, journal.file) : undefined;
    const store = refusingWhenUnavailable(degradable ? { ...counted, countLoad: degradable.countLoad, countLoads: degradable.countLoads } : counted);
    const disk = await watchDisk({
      folder: dirname(resolve(settings.redis ? settings.journal : settings.db)),
      warnUnder: settings.diskWarnUnder,
      logger,
      onLow: (text) => alerts.store('store_low_disk', text),
    });
    context.onClose(() => disk.close());
    diskGauge(metrics, disk.free);
    if (opened.compact) keepLogShort(opened, watch, context);
    context.provide('redis', settings.redis);
    context.provide('alerts', alerts);
    context.provide('store', store);
    const state = sharedProbe(
      () => storeState({ opened: watched, watch, degradable, disk, now }),
      PROBE_EVERY_MS,
      () => performance.now(),
    );
    context.ready('store', state);
  },
});

/** Keys whose plan this release does not know (a newer release wrote them, or a hand edit): said once, at start. */
async function warnOfUnknownPlans(store: RelayStore, { logger }: FeatureContext<unknown>): Promise<void> {
  const unknown = (await store.listKeys().catch(() => [])).filter((key) => !parsePlan(key.plan));
  if (unknown.length)
    logger.log('warn', 'keys with a plan this release does not know: they are refused until their plan is changed', {
      keys: unknown.slice(0, 10).map((key) => `${key.key.slice(0, 12)}… (${key.plan})`),
      count: unknown.length,
      fix: 'pressbox keys update KEY --plan free|starter|builder|pro|custom:N, or upgrade pressbox to the release that wrote them',
    });
}

/**
 * An emptied Redis (its marker gone) is told as it happens (or at start, when the journal remembers a store at this
 * address that is not there), and again when a restore brings the data back. The journal serves the store the relay
 * serves: loads it holds for another store are kept for that one, and said.
 */
function tellWhenEmptied(
  opened: OpenedStore,
  { logger }: FeatureContext<unknown>,
  alerts: { store(kind: 'store_emptied', detail: string): void },
  journal: { file: LoadJournal; at: string } | undefined,
): void {
  const marker = opened.marker;
  if (!marker) return;
  let lost = journal?.file.storeAt(journal.at);
  const emptied = () => {
    const detail = `Redis has lost Pressbox’s data (the store ${lost ?? ''} is gone: FLUSHALL, or a restart without persistence). Known keys are served within their allowance and journaled; the rest is refused as store_unavailable. Restore a backup: pressbox store restore FILE --redis URL (or pressbox keys import FILE --redis URL); with no backup, pressbox store init --redis URL starts a new store.`;
    logger.log('error', 'store emptied', { part: 'store', detail });
    alerts.store('store_emptied', detail);
  };
  const serve = (id: string) => {
    lost = id;
    const kept = journal?.file.serve(id, journal.at);
    if (kept)
      logger.log('warn', 'journal holds loads of another store: kept for it, not counted in this one', {
        part: 'store',
        store: id,
        loads: kept,
        fix: 'they are counted when a relay using this journal serves their store again; or give this relay its own --journal',
      });
  };
  if (marker.emptied()) {
    // Loads served while the data is gone are the lost store's: a restore brings it back under a new marker.
    if (lost) journal?.file.serve(lost, journal.at);
    emptied();
  } else serve(marker.id());
  marker.onChange((gone) => {
    if (gone) return emptied();
    if (lost) journal?.file.restored(lost, marker.id());
    lost = marker.id();
    logger.log('info', 'store marker is back: Redis holds Pressbox’s data again', { part: 'store', store: lost });
  });
}

function openJournal({ logger }: FeatureContext<unknown>, file: string): LoadJournal {
  return openLoadJournal(file, {
    onSetAside: (row, reason) =>
      logger.log('error', 'journal row set aside: not a load, never replayed', { row, reason, table: 'journal_set_aside' }),
  });
}

/** Checkpoints the write-ahead log every minute, so a log grown in a burst is cut back once the burst is over. */
function keepLogShort(opened: RelayStore, watch: StoreWatch, context: FeatureContext<unknown>): void {
  const timer = setInterval(() => void opened.compact!().catch((error: unknown) => watch.failed(error)), COMPACT_EVERY_MS);
  timer.unref?.();
  context.onStop(() => clearInterval(timer));
}

function journaledWhenAway(
  context: FeatureContext<unknown>,
  counted: RelayStore,
  afterReplay: Parameters<typeof degradableUsage>[1]['afterReplay'],
  journal: LoadJournal,
): DegradableUsage {
  const { logger, metrics } = context;
  const degradable = degradableUsage(counted, {
    journal,
    logger,
    afterReplay,
    onJournaled: () => metrics.journaledLoads.inc(),
    onReplayed: (loads) => metrics.replayedLoads.inc(loads),
  });
  storeGauges(metrics, degradable);
  context.onClose(() => degradable.close());
  return degradable;
}

const problem = (name: StoreProblem, state: PartState, detail?: string): PartReport => ({
  state,
  problem: `${name}: ${detail ?? STORE_PROBLEMS[name]}`,
});

/**
 * The store as readiness sees it: a write must go through (not a read: a full disk still reads), no operation may have
 * failed just now, the disk must have room. Without Redis a relay still serves the keys it knows, within their
 * allowance: then it is degraded, and the load balancer keeps it.
 */
async function storeState(parts: {
  opened: OpenedStore;
  watch: StoreWatch;
  degradable: DegradableUsage | undefined;
  disk: DiskWatch;
  now: () => number;
}): Promise<PartReport> {
  const { opened, watch, degradable, disk, now } = parts;
  const failing: PartState = degradable ? 'degraded' : 'unreachable';
  await disk.read();
  if (opened.marker?.emptied()) return problem('emptied', 'degraded');
  if (degradable?.unreachableSince() !== undefined) return problem('unreachable', 'degraded');
  try {
    await opened.probeWrite(now());
  } catch (error) {
    return problem(storeProblemOf(error), failing);
  }
  const recent = watch.failedWithin(FAILURE_SHOWS_MS);
  if (recent) return problem(recent, failing);
  const low = disk.low();
  return low ? problem('low_disk', 'degraded', low) : 'ok';
}
