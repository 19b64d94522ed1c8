import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type RunningSandbox } from '../sandbox/server.js';
import { createRelayListener, type RelayDeps } from './app.js';
import { ResourceCache } from './cache/resource-cache.js';
import { jsonLogger, type Logger } from './logger.js';
import { alertingUsage, usageAlerts } from './metering/alerts.js';
import { refusingWhenUnreachable } from './store/unreachable.js';
import { createMetrics, liveGauges, storeGauges, type RelayMetrics } from './http/metrics.js';
import { degradableUsage } from './metering/degraded.js';
import { openLoadJournal } from './metering/journal.js';
import { openStore } from './store/open.js';
import { LiveHub, type HubOptions } from './live/hub.js';
import { DEFAULT_LIVE_PACE, livePollMs, urgencyOf, type LivePace } from './live/pace.js';
import { localLiveShare, redisLiveShare, type LiveShare } from './live/share.js';
import { redisSharedEntries } from './cache/shared-redis.js';
import type { SharedEntries } from './cache/resource-cache.js';
import { liveRoute } from './live/route.js';
import { clientAddressResolver, parseTrustList, type ProxyHeader } from './http/client-address.js';
import { listenOrigins, OwnOrigins, parsePublicUrl } from './http/own-origins.js';
import type { RelayStore } from './store/types.js';
import { cachedUpstream } from './upstream/cached.js';
import { createUpstreamClient } from './upstream/client.js';
import { upstreamBudgetWatch, type UpstreamBudgetWatch } from './upstream/budget-watch.js';
import { probabilityRecorder, type ProbabilityRecorder } from './live/probability-recorder.js';
import { sharedLeagueInterest } from './live/league-interest.js';
import { monthBucket } from './metering/month.js';
import { MAX_HEADER_BYTES } from './input-limits.js';
import { adminTokenProblem } from './http/operator-token.js';

export interface RelayOptions {
  port?: number;
  host?: string;
  /** SQLite file for keys, usage and history. */
  db?: string;
  /** Redis URL instead of the SQLite file, for several relays sharing keys and usage. */
  redis?: string;
  /** With Redis: the SQLite file journaling loads served while Redis is unreachable (default `pressbox-journal.db`). */
  journal?: string;
  /** The real Sports Data Service; without both, live keys are served from the embedded sandbox. */
  upstreamUrl?: string;
  upstreamKey?: string;
  adminToken?: string;
  /** Usage alerts also POSTed here, signed with `alertSecret` (HMAC-SHA256). */
  alertWebhook?: string;
  alertSecret?: string;
  logger?: Logger;
  now?: () => number;
  rateLimit?: RelayDeps['rateLimit'];
  files?: RelayDeps['files'];
  /** Live streams: heartbeat interval, polling override (tests), open streams per address. */
  live?: {
    heartbeatMs?: number;
    pollMs?: HubOptions['pollMs'];
    /** How fast watched live topics are polled, within the upstream month (`--upstream-share-live`). */
    pace?: Partial<LivePace>;
    onPoll?: HubOptions['onPoll'];
    maxStreamsPerAddress?: number;
    maxStreams?: number;
    maxStreamsPerKey?: number;
  };
  /** Proxies whose forwarding headers say who the reader is (`--trust-proxy`: addresses, CIDRs, loopback, private). */
  trustProxy?: readonly string[];
  /** The one forwarding header those proxies write (`--proxy-header`, default x-forwarded-for); the other is ignored. */
  proxyHeader?: ProxyHeader;
  /** The relay's own origins as readers reach it (`--public-url`); without them, the address it listens on. */
  publicUrls?: readonly string[];
  /** Options for the embedded sandbox (tests fix its clock). */
  sandbox?: Parameters<typeof startSandbox>[0];
  /**
   * The win-probability recorder: how often live games are sampled (0 turns it off), which leagues (default: those
   * readers asked for in the last day), how long points are kept.
   */
  recorder?: { everyMs?: number; leagues?: readonly string[]; retentionMs?: number };
  /** The upstream budget watch: how often /me is read, and the share of the month past which the recorder slows. */
  upstreamBudget?: { everyMs?: number; slowAt?: number };
}

/** What a relay shares with the other workers of its machine (`--workers`): relay/cluster. */
export interface MachineSharing {
  /** The sandbox the primary runs for every worker. */
  sandboxUrl: string;
  share: LiveShare;
  sharedEntries: SharedEntries;
  /** Every worker's metrics, summed by the primary. */
  metricsText(): Promise<string>;
  /** Labels the worker's process metrics (memory, CPU, event loop) with its number. */
  worker: number;
}

export interface RunningRelay extends RelayCore {
  sandbox: RunningSandbox;
}

/** A relay without its own sandbox: a worker of a machine, whose primary runs it. */
export interface RelayCore {
  origin: string;
  /** The relay's clock (injected in tests): months, days and key times are read from it. */
  now: () => number;
  store: RelayStore;
  metrics: RelayMetrics;
  /** The upstream cache; `clear()` empties it (tests, or an operator after a data fix upstream). */
  cache: ResourceCache;
  hub: LiveHub;
  openStreams(): number;
  /** Addresses and keys holding live-stream slots (none once every stream has closed). */
  streamSlotHolders(): { addresses: number; keys: number };
  /** Live streams whose reader is behind, and the bytes waiting in this process for all streams. */
  liveBacklog(): { behind: number; unreadBytes: number };
  /** Where live keys are served from: the sandbox, or the host of the real service (never its key). */
  liveUpstream: string;
  /** The upstream month as the relay last read it. */
  upstreamBudget: UpstreamBudgetWatch;
  /** Samples live games' win probability whether or not anyone watches (undefined when turned off). */
  recorder: ProbabilityRecorder | undefined;
  close(): Promise<void>;
}

/** Reads the relay's settings from the environment: the only place that does. */
export function relayEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): Pick<RelayOptions, 'upstreamUrl' | 'upstreamKey' | 'adminToken' | 'alertSecret' | 'trustProxy'> {
  return {
    trustProxy: env.PRESSBOX_TRUST_PROXY ? [env.PRESSBOX_TRUST_PROXY] : undefined,
    alertSecret: env.PRESSBOX_ALERT_SECRET || undefined,
    upstreamUrl: env.PRESSBOX_UPSTREAM_URL || undefined,
    upstreamKey: env.PRESSBOX_UPSTREAM_KEY || undefined,
    adminToken: env.PRESSBOX_ADMIN_TOKEN || undefined,
  };
}

const SANDBOX_KEY = 'sk_sandbox_pro';

/** Where live keys are served from, as the banner and the relay say it: the host of the real service (never its key), or the sandbox. */
export const upstreamName = (upstreamUrl: string | undefined): string => (upstreamUrl ? new URL(upstreamUrl).host : 'sandbox');

/** How long /ready reuses its last look at the upstream. */
const READY_PROBE_MS = 5_000;

/** A probe asked at most once per `everyMs`: callers meanwhile share its answer (or the one in flight). */
function sharedProbe(probe: () => Promise<boolean>, everyMs: number, now: () => number): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (!last || now() - last.at >= everyMs) last = { at: now(), answer: probe() };
    return last.answer;
  };
}

/** Whether a probe settles without an error (within its own timeout). */
const answers = (probe: Promise<unknown>): Promise<boolean> =>
  probe.then(
    () => true,
    () => false,
  );

/** How often the log repeats that a proxy nobody trusts is forwarding readers. */
const UNTRUSTED_PROXY_WARNING_MS = 10 * 60_000;

/**
 * Behind a proxy the relay was not told about, every reader is the proxy's one address: one reader's wrong admin
 * tokens lock out the operator and the per-address limits count everyone together. The log says so, now and then.
 */
function untrustedProxyWarning(logger: Logger, now: () => number): (peer: string) => void {
  let warnedAt = -Infinity;
  return (peer) => {
    if (now() - warnedAt < UNTRUSTED_PROXY_WARNING_MS) return;
    warnedAt = now();
    logger.log('warn', 'forwarding headers from a proxy that is not trusted', {
      peer,
      fix: `pass --trust-proxy ${peer} (or loopback, private) so readers are told apart; until then every reader counts as ${peer}`,
    });
  };
}

export async function startRelay(options: RelayOptions = {}): Promise<RunningRelay> {
  const sandbox = await startSandbox({ port: 0, ...options.sandbox, host: '127.0.0.1' });
  try {
    const relay = await startRelayCore(options, sandbox.baseUrl);
    let closing: Promise<void> | undefined;
    return {
      ...relay,
      sandbox,
      close: () =>
        (closing ??= (async () => {
          await relay.close();
          await sandbox.close();
        })()),
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** A worker of `pressbox serve --workers N`: the primary's sandbox, and live topics and cache shared through it. */
export function startWorkerRelay(options: RelayOptions, machine: MachineSharing): Promise<RelayCore> {
  return startRelayCore(options, machine.sandboxUrl, machine);
}

async function startRelayCore(options: RelayOptions, sandboxUrl: string, machine?: MachineSharing): Promise<RelayCore> {
  if (Boolean(options.upstreamUrl) !== Boolean(options.upstreamKey)) {
    throw new Error('Set both PRESSBOX_UPSTREAM_URL and PRESSBOX_UPSTREAM_KEY to use the real service, or neither to use the sandbox.');
  }
  const tokenProblem = options.adminToken === undefined ? undefined : adminTokenProblem(options.adminToken);
  if (tokenProblem) throw new Error(tokenProblem);
  if (options.alertWebhook && !options.alertSecret)
    throw new Error('--alert-webhook needs PRESSBOX_ALERT_SECRET in the environment: the secret its receiver checks the signature with.');
  const trusted = parseTrustList(options.trustProxy ?? []);
  if (!trusted.ok) throw new Error(trusted.message);
  const publicOrigins = (options.publicUrls ?? []).map((url) => {
    const parsed = parsePublicUrl(url);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.origin;
  });
  const logger = options.logger ?? jsonLogger();
  const now = options.now ?? Date.now;
  const metrics = createMetrics(machine && { worker: String(machine.worker) });
  const opened = await openStore({ db: options.db, redis: options.redis });
  const alerts = usageAlerts({
    logger,
    counter: metrics.alerts,
    now,
    webhook: options.alertWebhook ? { url: options.alertWebhook, secret: options.alertSecret! } : undefined,
    // Kept with the key's changes, for the console; a store that cannot take it now loses the entry, not the load.
    record: (entry) => opened.appendAudit(entry).catch(() => undefined),
  });
  const counted = alertingUsage(opened, alerts);
  // With Redis, a relay cut off from it goes on serving known keys within an allowance, journaling every load.
  const degradable = options.redis
    ? degradableUsage(counted, {
        journal: openLoadJournal(options.journal ?? 'pressbox-journal.db', {
          onSetAside: (row, reason) =>
            logger.log('error', 'journal row set aside: not a load, never replayed', { row, reason, table: 'journal_set_aside' }),
        }),
        logger,
        afterReplay: alerts.afterReplay,
        onJournaled: () => metrics.journaledLoads.inc(),
        onReplayed: (loads) => metrics.replayedLoads.inc(loads),
      })
    : undefined;
  if (degradable) storeGauges(metrics, degradable);
  const store = refusingWhenUnreachable(
    degradable
      ? {
          ...counted,
          countLoad: degradable.countLoad,
          close: async () => {
            await degradable.close();
            await counted.close();
          },
        }
      : counted,
  );
  // With Redis, upstream answers are shared too: a cold relay answers from what another one fetched (with workers and no
  // Redis, what another worker of the machine fetched).
  const sharedEntries = options.redis ? await redisSharedEntries(options.redis) : undefined;
  const cache = new ResourceCache(now, (outcome) => metrics.cache.inc({ outcome }), 5000, sharedEntries ?? machine?.sharedEntries);

  const client = (name: string, baseUrl: string, apiKey: string) =>
    createUpstreamClient({
      baseUrl,
      apiKey,
      onAttempt: (attempt) => {
        metrics.upstreamRequests.inc({ upstream: name, endpoint: attempt.endpoint, outcome: String(attempt.outcome) });
        if (attempt.units) {
          metrics.upstreamUnits.inc({ upstream: name, endpoint: attempt.endpoint }, attempt.units);
          // For `pressbox usage --upstream`; a store that cannot take it now loses the tally, not the answer.
          store
            .countUpstreamUnits({ month: monthBucket(now()), upstream: name, endpoint: attempt.endpoint, units: attempt.units })
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
  const testUpstream = cachedUpstream('test', client('test', sandboxUrl, SANDBOX_KEY), cache);
  const liveUpstream =
    options.upstreamUrl && options.upstreamKey
      ? cachedUpstream('live', client('live', options.upstreamUrl, options.upstreamKey), cache)
      : cachedUpstream('live', client('live', sandboxUrl, SANDBOX_KEY), cache);

  // With Redis, relays share live topics: one polls each, all pass its changes on (live/share.ts); so do the workers of
  // one machine through their primary.
  const share = options.redis ? await redisLiveShare(options.redis, now) : (machine?.share ?? localLiveShare(now));
  const interest = sharedLeagueInterest(store, now);
  const upstreamBudget = upstreamBudgetWatch({
    upstream: 'live',
    account: async () => (await liveUpstream.me()).value,
    now,
    gauges: metrics.upstreamMonth,
    // The first relay to store its own mark under the name announces the threshold; every other finds it taken.
    claim: async (name) => {
      const mine = randomBytes(12).toString('base64url');
      return (await store.sharedSecret(name, () => mine)) === mine;
    },
    raise: (share, used, limit) => alerts.upstreamMonth(share, 'live', used, limit),
    logger,
    ...options.upstreamBudget,
  });
  upstreamBudget.start();
  const livePace: LivePace = { ...DEFAULT_LIVE_PACE, ...options.live?.pace };
  const hub = new LiveHub({
    history: store,
    now,
    share,
    pollMs: options.live?.pollMs,
    // A watched game is polled as fast as the upstream month can carry (live/pace.ts).
    pace: (payload, routeMs) => livePollMs(routeMs, urgencyOf(payload), upstreamBudget.latest(), livePace),
    onPoll: options.live?.onPoll,
  });
  const recorder =
    options.recorder?.everyMs === 0
      ? undefined
      : probabilityRecorder({
          upstreams: [liveUpstream, testUpstream],
          history: store,
          share,
          leagues: options.recorder?.leagues ?? interest,
          now,
          everyMs: options.recorder?.everyMs,
          retentionMs: options.recorder?.retentionMs,
          slowed: upstreamBudget.slowed,
          logger,
        });
  recorder?.start();
  const live = liveRoute({
    hub,
    usage: store,
    now,
    onLoad: () => metrics.loads.count('/v1/live'),
    ...options.live,
  });
  const own = new OwnOrigins();
  liveGauges(metrics, live);
  // Any HTTP answer will do (even 401): the service is there. No key is sent and no unit is spent; anonymous /ready
  // requests share one probe every few seconds.
  const upstreamAnswers = sharedProbe(
    () => answers(fetch(options.upstreamUrl ?? sandboxUrl, { method: 'HEAD', signal: AbortSignal.timeout(2000) })),
    READY_PROBE_MS,
    now,
  );
  const listener = createRelayListener({
    metricsText: machine?.metricsText,
    live: live.handler,
    store,
    upstreams: { live: liveUpstream, test: testUpstream },
    metrics,
    adminToken: options.adminToken,
    logger,
    now,
    rateLimit: options.rateLimit,
    files: options.files,
    // Every relay on the same store signs embed tokens alike, so a frame may be served by any of them.
    embedSecret: await store.sharedSecret('embed-tokens', () => randomBytes(32).toString('base64url')),
    cacheVersion: () => cache.version,
    interest,
    clientAddress: clientAddressResolver(trusted.entries.length ? trusted.list : undefined, {
      header: options.proxyHeader,
      onUntrustedProxy: untrustedProxyWarning(logger, now),
    }),
    own,
    readiness: async () => ({
      // Without Redis a relay still serves the keys it knows, within their allowance: the load balancer keeps it.
      store:
        degradable?.unreachableSince() !== undefined
          ? 'degraded'
          : (await answers(store.loadsUsed('readiness-probe', new Date(now()).toISOString().slice(0, 7))))
            ? 'ok'
            : degradable
              ? 'degraded'
              : 'unreachable',
      upstream: (await upstreamAnswers()) ? 'ok' : 'unreachable',
    }),
  });
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  own.set(publicOrigins.length ? publicOrigins : listenOrigins(host, port));

  let closing: Promise<void> | undefined;
  return {
    origin,
    now,
    store,
    metrics,
    cache,
    hub,
    openStreams: live.openStreams,
    streamSlotHolders: live.slotHolders,
    liveBacklog: live.backlog,
    liveUpstream: upstreamName(options.upstreamUrl),
    upstreamBudget,
    recorder,
    close: () =>
      (closing ??= (async () => {
        // Live streams get a reconnect hint and end; then stop accepting, let requests in flight finish (their loads
        // are committed before they answer), and close the store.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        recorder?.stop();
        upstreamBudget.stop();
        await live.closeAll();
        await hub.close();
        // The streams' connections went idle only now, after close() swept the idle ones.
        server.closeIdleConnections();
        await stopped;
        await alerts.settled();
        await cache.settled();
        sharedEntries?.close();
        await store.close();
      })()),
  };
}
