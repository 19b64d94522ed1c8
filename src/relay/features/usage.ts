import { alertingUsage, usageAlerts } from '../metering/alerts.js';
import { degradableUsage, type DegradableUsage } from '../metering/degraded.js';
import { openLoadJournal } from '../metering/journal.js';
import { storeGauges } from '../http/metrics.js';
import { openStore } from '../store/open.js';
import { parseRedisUrl } from '../store/redis-connection.js';
import { refusingWhenUnreachable } from '../store/unreachable.js';
import type { RelayStore } from '../store/types.js';
import { answers } from './probes.js';
import { flag, FlagValueError, parseHttpUrl } from './flags.js';
import { relayFeature, type FeatureContext, type PartState } from './feature.js';

export const DEFAULT_DB = 'pressbox.db';
/** Where a relay on Redis keeps the loads it served while Redis was unreachable (relays sharing a folder may share it). */
export const DEFAULT_JOURNAL = 'pressbox-journal.db';

/** `--redis`: one server (redis://, rediss://) or a Sentinel group (redis+sentinel://host:port,host:port/name). */
export function redisUrl(value: string): string {
  const target = parseRedisUrl(value);
  if (!target.ok) throw new FlagValueError(target.message);
  return value;
}

/**
 * Keys and usage: the store (a SQLite file, or Redis for several relays), usage alerts as keys near their plan, and,
 * with Redis, serving known keys on while Redis is away, each load journaled and counted once it is back.
 */
export const usageFeature = relayFeature()({
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
  },
  check(settings, base) {
    if (settings.alertWebhook && !base.alertSecret)
      throw new Error('--alert-webhook needs PRESSBOX_ALERT_SECRET in the environment: the secret its receiver checks the signature with.');
  },
  async start(context) {
    const { settings, logger, now, metrics } = context;
    const opened = await openStore({ db: settings.db, redis: settings.redis });
    context.onClose(() => opened.close());
    const alerts = usageAlerts({
      logger,
      counter: metrics.alerts,
      now,
      webhook: settings.alertWebhook ? { url: settings.alertWebhook, secret: context.base.alertSecret! } : undefined,
      // Kept with the key's changes, for the console; a store that cannot take it now loses the entry, not the load.
      record: (entry) => opened.appendAudit(entry).catch(() => undefined),
    });
    context.onClose(() => alerts.settled());
    const counted = alertingUsage(opened, alerts);
    // With Redis, a relay cut off from it goes on serving known keys within an allowance, journaling every load.
    const degradable = settings.redis ? journaledWhenAway(context, counted, alerts.afterReplay, settings.journal) : undefined;
    const store = refusingWhenUnreachable(degradable ? { ...counted, countLoad: degradable.countLoad } : counted);
    context.provide('redis', settings.redis);
    context.provide('alerts', alerts);
    context.provide('store', store);
    context.ready('store', () => storeState(store, degradable, now));
  },
});

function journaledWhenAway(
  context: FeatureContext<unknown>,
  counted: RelayStore,
  afterReplay: Parameters<typeof degradableUsage>[1]['afterReplay'],
  journal: string,
): DegradableUsage {
  const { logger, metrics } = context;
  const degradable = degradableUsage(counted, {
    journal: openLoadJournal(journal, {
      onSetAside: (row, reason) =>
        logger.log('error', 'journal row set aside: not a load, never replayed', { row, reason, table: 'journal_set_aside' }),
    }),
    logger,
    afterReplay,
    onJournaled: () => metrics.journaledLoads.inc(),
    onReplayed: (loads) => metrics.replayedLoads.inc(loads),
  });
  storeGauges(metrics, degradable);
  context.onClose(() => degradable.close());
  return degradable;
}

/** Without Redis a relay still serves the keys it knows, within their allowance: the load balancer keeps it. */
async function storeState(store: RelayStore, degradable: DegradableUsage | undefined, now: () => number): Promise<PartState> {
  if (degradable?.unreachableSince() !== undefined) return 'degraded';
  if (await answers(store.loadsUsed('readiness-probe', new Date(now()).toISOString().slice(0, 7)))) return 'ok';
  return degradable ? 'degraded' : 'unreachable';
}
