import { randomBytes } from 'node:crypto';
import { ResourceCache } from '../cache/resource-cache.js';
import { redisSharedEntries } from '../cache/shared-redis.js';
import { monthBucket } from '../metering/month.js';
import { SLOW_AT, upstreamBudgetWatch } from '../upstream/budget-watch.js';
import { cachedUpstream } from '../upstream/cached.js';
import { createUpstreamClient, type UpstreamClientOptions } from '../upstream/client.js';
import { flag } from './flags.js';
import type { RelayStore } from '../store/types.js';
import { spendGauges } from '../http/metrics.js';
import { BURST_MINUTES, DEFAULT_SPEND_LIMITS, SpendGuard, SpendRefusal, unitRate } from '../upstream/spend-guard.js';
import { currentSpender } from '../upstream/spend.js';
import { memoryBuckets, redisBuckets, type UnitBuckets } from '../upstream/unit-buckets.js';
import type { RefreshPayment } from '../cache/resource-cache.js';
import { UpstreamBadRequestError, UpstreamNotFoundError } from '../upstream/errors.js';
import { relayFeature, type FeatureContext } from './feature.js';
import { answers, sharedProbe } from './probes.js';

const SANDBOX_KEY = 'sk_sandbox_pro';

/** How often each relay reads every relay's units by key back from the store. */
const SPEND_SEED_MS = 60_000;

/** How long /ready reuses its last look at the upstream. */
const READY_PROBE_MS = 5_000;

/**
 * The Sports Data Service as the relay calls it: one cache for every route and viewer (shared across relays on Redis,
 * and across a machine's workers), the live service or the sandbox behind it, every attempt metered, and the
 * upstream month watched (alerts at 50, 80 and 100 %, and a slower recorder past `--upstream-slow-at`).
 */
export const upstreamFeature = relayFeature()({
  name: 'upstream',
  group: 'upstream',
  flags: {
    cacheEntries: flag.count(
      '--cache-entries',
      'upstream answers kept in memory for each upstream at most (test keys’ sandbox apart from the live one), least recently used dropped first',
      5000,
    ),
    missesPerNetwork: flag.count(
      '--misses-per-network',
      'upstream units a minute one reader’s network (IPv4 address, IPv6 /64) may cause by asking for what the cache does not hold',
      DEFAULT_SPEND_LIMITS.perNetwork.perMinute,
    ),
    missesPerKey: flag.count(
      '--misses-per-key',
      'upstream units a minute one widget key’s requests may cause, over all its readers',
      DEFAULT_SPEND_LIMITS.perKey.perMinute,
    ),
    topicsPerNetwork: flag.count(
      '--topics-per-network',
      'live topics one reader’s network may have polled at once (topics other readers already follow are free)',
      DEFAULT_SPEND_LIMITS.topicsPerNetwork,
    ),
    topicsPerKey: flag.count('--topics-per-key', 'live topics one widget key may have polled at once', DEFAULT_SPEND_LIMITS.topicsPerKey),
    maxTopics: flag.count('--max-topics', 'live topics this relay polls at most for live keys', DEFAULT_SPEND_LIMITS.topics),
    testTopics: flag.count(
      '--max-test-topics',
      'live topics this relay polls at most for every test key together',
      DEFAULT_SPEND_LIMITS.testTopics,
    ),
    callsPerKey: flag.count(
      '--upstream-calls-per-key',
      'upstream calls one widget key’s readers may have under way at once on this relay (more wait their turn)',
      DEFAULT_SPEND_LIMITS.callsPerKey,
    ),
    keyMonthShare: flag.percent(
      '--key-upstream-share',
      'share of the upstream month one widget key’s requests and topics may cause at full rate; past it, what only its readers ask for is fetched ten times slower until the month turns',
      DEFAULT_SPEND_LIMITS.keyMonthShare,
    ),
    keyAlertShare: flag.percent(
      '--upstream-key-alert',
      'a usage alert names any widget key that has caused more than this share of the upstream month',
      DEFAULT_SPEND_LIMITS.keyAlertShare,
    ),
    slowAt: flag.percent(
      '--upstream-slow-at',
      'past this share of the upstream month, the win-probability recorder samples five times less often',
      SLOW_AT,
    ),
  },
  check(_settings, base) {
    if (Boolean(base.upstreamUrl) !== Boolean(base.upstreamKey))
      throw new Error('Set both PRESSBOX_UPSTREAM_URL and PRESSBOX_UPSTREAM_KEY to use the real service, or neither to use the sandbox.');
  },
  async start(context) {
    const { settings, base, now, wall, metrics, logger } = context;
    const sandbox = context.need('sandbox');
    // With Redis, a cold relay answers from what another one fetched (with workers and no Redis, another worker).
    const redis = context.need('redis');
    const sharedEntries = redis ? await redisSharedEntries(redis) : undefined;
    if (sharedEntries) context.onClose(() => sharedEntries.close());
    const store = context.need('store');
    const alerts = context.need('alerts');
    // Buckets every relay on the store shares: N relays do not multiply a bound.
    const buckets = redis ? await redisBuckets(redis, wall) : memoryBuckets(wall);
    context.onClose(() => buckets.close());
    const spend = spendGuard(settings, now, () => upstreamBudget.latest()?.limit, buckets, {
      // The first relay to mark the key's month raises the alert; every other finds the mark taken.
      alert: (key, month, units, limit) =>
        void claimOnce(store, `alert:upstream-key:${month}:${key}`).then(
          (mine) => mine && alerts.upstreamKey(key, units, limit),
          () => undefined,
        ),
    });
    const cache = new ResourceCache(
      now,
      (outcome) => metrics.cache.inc({ outcome }),
      settings.cacheEntries,
      sharedEntries ?? context.machine?.sharedEntries,
      // Made-up game ids and team pairs are refused upstream: remembered a minute, not asked again per request.
      (error) => error instanceof UpstreamNotFoundError || error instanceof UpstreamBadRequestError,
      refreshPayment(spend),
    );
    context.onClose(() => cache.settled());
    const upstreams = {
      test: cachedUpstream('test', meteredClient(context, 'test', sandbox.url, SANDBOX_KEY, spend), cache),
      live: cachedUpstream(
        'live',
        base.upstreamUrl && base.upstreamKey
          ? meteredClient(context, 'live', base.upstreamUrl, base.upstreamKey, spend)
          : meteredClient(context, 'live', sandbox.url, SANDBOX_KEY, spend),
        cache,
      ),
    };
    const upstreamBudget = upstreamBudgetWatch({
      upstream: 'live',
      account: async () => (await upstreams.live.me()).value,
      now,
      gauges: metrics.upstreamMonth,
      // The first relay to store its own mark under the name announces the threshold; every other finds it taken.
      claim: (name) => claimOnce(store, name),
      raise: (share, used, limit) => alerts.upstreamMonth(share, 'live', used, limit),
      logger,
      slowAt: settings.slowAt,
    });
    upstreamBudget.start();
    context.onStop(() => upstreamBudget.stop());
    context.provide('spend', spend);
    spendGauges(metrics, spend);
    // Every relay's units by key, read back now and then: a key's share of the month holds across relays.
    const seedSpend = () =>
      store.upstreamUnitsByKey(monthBucket(now())).then(
        (rows) =>
          spend.seed(
            monthBucket(now()),
            rows.filter((row) => row.upstream === 'live'),
          ),
        () => undefined,
      );
    await seedSpend();
    const reseed = setInterval(() => void seedSpend(), SPEND_SEED_MS);
    reseed.unref();
    context.onStop(() => clearInterval(reseed));
    context.provide('cache', cache);
    context.provide('upstreams', upstreams);
    context.provide('upstreamBudget', upstreamBudget);
    // Any HTTP answer will do (even 401): the service is there. No key is sent and no unit is spent; anonymous /ready
    // requests share one probe every few seconds.
    const upstreamAnswers = sharedProbe(
      () =>
        answers((async () => fetch(base.upstreamUrl ?? (await sandbox.url()), { method: 'HEAD', signal: AbortSignal.timeout(2000) }))()),
      READY_PROBE_MS,
      () => performance.now(),
    );
    context.ready('upstream', async () => ((await upstreamAnswers()) ? 'ok' : 'unreachable'));
  },
});

/** The flags' bounds on what callers may cause upstream (upstream/spend-guard.ts). */
function spendGuard(
  settings: SpendSettings,
  now: () => number,
  upstreamLimit: () => number | undefined,
  buckets: UnitBuckets,
  on: { alert: (key: string, month: string, units: number, limit: number) => void },
): SpendGuard {
  return new SpendGuard(
    {
      ...DEFAULT_SPEND_LIMITS,
      perNetwork: unitRate(settings.missesPerNetwork, BURST_MINUTES.perNetwork),
      perKey: unitRate(settings.missesPerKey, BURST_MINUTES.perKey),
      callsPerKey: settings.callsPerKey,
      topicsPerNetwork: settings.topicsPerNetwork,
      topicsPerKey: settings.topicsPerKey,
      topics: settings.maxTopics,
      testTopics: settings.testTopics,
      keyMonthShare: settings.keyMonthShare,
      keyAlertShare: settings.keyAlertShare,
    },
    now,
    upstreamLimit,
    on.alert,
    buckets,
  );
}

type SpendSettings = Record<
  | 'missesPerNetwork'
  | 'missesPerKey'
  | 'callsPerKey'
  | 'topicsPerNetwork'
  | 'topicsPerKey'
  | 'maxTopics'
  | 'testTopics'
  | 'keyMonthShare'
  | 'keyAlertShare',
  number
>;

/** The cache's refreshes paid for as the guard decides, each as the reader (or topic) under way. */
function refreshPayment(spend: SpendGuard): RefreshPayment {
  return {
    noteReader: (key) => spend.noteReader(key, currentSpender()),
    pay: (key, load) => spend.pay(key, currentSpender(), load),
    isRefusal: (error) => error instanceof SpendRefusal,
    readerRefused(error) {
      const spender = currentSpender();
      if (spender && error instanceof SpendRefusal) spender.refused = error;
    },
  };
}

/** True for the one relay (of all on the store) that first marks `name`. */
async function claimOnce(store: Pick<RelayStore, 'sharedSecret'>, name: string): Promise<boolean> {
  const mine = randomBytes(12).toString('base64url');
  return (await store.sharedSecret(name, () => mine)) === mine;
}

/** A client whose every attempt is counted in the metrics and, when it spends units, in the store's monthly tally. */
function meteredClient(
  context: FeatureContext<unknown>,
  name: string,
  baseUrl: UpstreamClientOptions['baseUrl'],
  apiKey: string,
  spend: SpendGuard,
) {
  const { metrics, logger, now } = context;
  const store = context.need('store');
  return createUpstreamClient({
    baseUrl,
    apiKey,
    beforeAttempt: async (_endpoint, units) => {
      const payer = currentSpender()?.payer;
      if (payer && name === 'live') await spend.charge(payer, units);
    },
    onAttempt: (attempt) => {
      metrics.upstreamRequests.inc({ upstream: name, endpoint: attempt.endpoint, outcome: String(attempt.outcome) });
      if (attempt.units) {
        const spender = currentSpender();
        // The key that paid for the call is the one that caused it (another reader may have paid for a shared answer).
        const causedBy = spender && (spender.payer?.key ?? spender.key);
        if (causedBy && name === 'live') spend.attribute(causedBy, monthBucket(now()), attempt.units);
        metrics.upstreamUnits.inc({ upstream: name, endpoint: attempt.endpoint }, attempt.units);
        // For `pressbox usage --upstream`; a store that cannot take it now loses the tally, not the answer.
        store
          .countUpstreamUnits({
            month: monthBucket(now()),
            upstream: name,
            endpoint: attempt.endpoint,
            units: attempt.units,
            key: causedBy ?? '',
          })
          .catch(() => undefined);
      }
      if (attempt.outcome !== 200)
        logger.log('warn', 'upstream attempt failed', {
          upstream: name,
          endpoint: attempt.endpoint,
          outcome: attempt.outcome,
          attempt: attempt.attempt,
        });
    },
  });
}
