import { Hono } from 'hono';
import { elementRendering } from './render.js';
import { clickRoutes } from '../clicks/click-route.js';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerFailures, observedAndBounded, operatorRoutes, probeRoutes, relayListener, type WidgetGate } from './http-app.js';
import { burstFor, RATE_LIMIT_PER_MINUTE } from '../base/defaults.js';
import { embedRoutes } from '../embed/routes.js';
import { widgetAuthorizer } from '../http/access.js';
import { requestObserver } from '../http/answer.js';
import { clientAddressResolver, parseTrustList, PROXY_HEADERS, type ProxyHeader } from '../http/client-address.js';
import { readerRegionResolver, regionHeaderName } from '../http/reader-region.js';
import { dataRoutes } from '../http/data-routes.js';
import { embedTokens } from '../http/embed-token.js';
import type { RelayEnv } from '../http/env.js';
import { rateLimiter } from '../http/rate-limit.js';
import { bundleRoutes } from '../http/static.js';
import { cachedKeys } from '../key-service/key-cache.js';
import { adminTokenProblem } from '../http/operator-token.js';
import { listenOrigins, OwnOrigins, parsePublicUrl } from '../http/own-origins.js';
import { MAX_HEADER_BYTES } from '../base/input-limits.js';
import type { Logger } from '../base/logger.js';
import { EMBED_TOKEN_SECRET } from '../store/backup.js';
import type { RelayStore } from '../store/types.js';
import { flag, FlagValueError, parsePositive } from './flags.js';
import { relayFeature, type FeatureContext } from './feature.js';

/** `--trust-proxy`, repeatable or comma-separated: every entry checked now, kept as written. */
function trustEntries(value: string): string[] {
  const parsed = parseTrustList([value]);
  if (!parsed.ok) throw new FlagValueError(parsed.message.replace(/^--trust-proxy: /, ''));
  return parsed.entries;
}

/** `--region-header`: the name of the header the trusted proxies write the reader's region in. */
function regionHeader(value: string): string {
  const name = regionHeaderName(value);
  if (!name) throw new FlagValueError('expected a header name such as CloudFront-Viewer-Country-Region');
  return name;
}

/** `--public-url`: one of the relay's origins as readers reach it. */
function publicOrigin(value: string): string[] {
  const parsed = parsePublicUrl(value);
  if (!parsed.ok) throw new FlagValueError(parsed.message.replace(/^--public-url: /, ''));
  return [parsed.origin];
}

/** `--rate-limit 600`: requests a minute, in bursts of a fifth of it. */
const rateLimit = (value: string) => {
  const perMinute = parsePositive(value);
  return { perMinute, burst: burstFor(perMinute) };
};

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

/**
 * The relay on the network: the listening socket, who the reader is behind proxies, the per-address rate limit, the
 * relay's own origins, and every route (http-app.ts) over the parts the other features started. It starts last and, on
 * close, stops accepting first and lets the requests in flight finish before anything is released.
 */
export const httpFeature = relayFeature()({
  name: 'http',
  group: undefined,
  flags: {
    port: flag.port('--port', 'port to listen on', 8787),
    host: flag.text('--host', '<host>', 'address to listen on', '127.0.0.1'),
    rateLimit: flag.custom(
      '--rate-limit',
      '<n>',
      'requests per minute for one key from one address (bursts of a fifth of it)',
      rateLimit,
      { perMinute: RATE_LIMIT_PER_MINUTE, burst: burstFor(RATE_LIMIT_PER_MINUTE) },
      String(RATE_LIMIT_PER_MINUTE),
    ),
    trustProxy: {
      ...flag.repeatable(
        '--trust-proxy',
        '<list>',
        'proxies whose X-Forwarded-For/Forwarded say who the reader is: addresses, CIDRs, loopback, private',
        trustEntries,
      ),
      env: 'PRESSBOX_TRUST_PROXY',
    },
    proxyHeader: flag.choice<ProxyHeader, ProxyHeader>(
      '--proxy-header',
      'the one forwarding header the trusted proxies write; the other is ignored',
      PROXY_HEADERS,
      'x-forwarded-for',
    ),
    regionHeader: flag.custom(
      '--region-header',
      '<name>',
      "the header in which the trusted proxies write the reader's ISO 3166 region (US, US-NJ), for keys' --odds-regions",
      regionHeader,
    ),
    publicUrls: flag.repeatable(
      '--public-url',
      '<url>',
      "the relay's own address as readers reach it, for embeds and snippets",
      publicOrigin,
    ),
  },
  check(settings, base) {
    const tokenProblem = base.adminToken === undefined ? undefined : adminTokenProblem(base.adminToken);
    if (tokenProblem) throw new Error(tokenProblem);
    const trusted = parseTrustList(settings.trustProxy ?? []);
    if (!trusted.ok) throw new Error(trusted.message);
    if (settings.regionHeader !== undefined && !trusted.entries.length)
      throw new Error(
        '--region-header is read only from the proxies --trust-proxy names: pass --trust-proxy with the address of the proxy or CDN that sets it',
      );
    for (const url of settings.publicUrls ?? []) {
      const parsed = parsePublicUrl(url);
      if (!parsed.ok) throw new Error(parsed.message);
    }
  },
  async start(context) {
    const { settings, base, logger, now, wall, metrics } = context;
    const store = context.need('store');
    const upstreams = context.need('upstreams');
    const live = context.need('live').route;
    const keys = cachedKeys(store);
    const secret = (await embedSecret(store, logger)) ?? randomBytes(32).toString('base64url');
    const tokens = embedTokens(secret, wall);
    const own = new OwnOrigins();
    const gate: WidgetGate = {
      authorize: widgetAuthorizer(keys, upstreams, wall, { tokens, own }),
      clientAddress: readerAddress(settings, context),
      readerRegion: readerRegionResolver(settings.regionHeader, trustedProxies(settings)),
      own,
      limit: rateLimiter({ ...settings.rateLimit, now: wall }),
      observe: requestObserver(metrics, logger),
    };
    const cache = context.need('cache');
    const data = dataRoutes({
      ...gate,
      usage: store,
      history: store,
      metrics,
      logger,
      now,
      cacheVersion: () => cache.version,
      interest: context.need('interest'),
      streams: [live],
      render: elementRendering(now),
    });
    // Every route but the data routes, on Hono: bundle, embeds and builder, probes, and the operator's routes.
    const app = new Hono<RelayEnv>();
    observedAndBounded(app, gate);
    probeRoutes(app, context.readiness);
    if (base.files) app.route('/', bundleRoutes(base.files));
    app.route(
      '/',
      embedRoutes({ keys, tokens, own, now, wall, limit: gate.limit, bundleDir: base.files?.bundleDir, upstreams, history: store }),
    );
    app.route('/', clickRoutes({ keys, clicks: store, readerRegion: gate.readerRegion, now, wall, metrics }));
    operatorRoutes(app, {
      adminToken: base.adminToken,
      store,
      keys,
      own,
      now,
      wall,
      secret,
      metrics,
      metricsText: context.machine?.metricsText,
      readiness: context.readiness,
      upstream: upstreams.live,
      liveLoadEveryMs: context.need('liveLoadEveryMs'),
      files: base.files,
    });
    answerFailures(app, logger);
    const listener = relayListener(data, app);
    const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const publicOrigins = (settings.publicUrls ?? []).flatMap(publicOrigin);
    own.set(publicOrigins.length ? publicOrigins : listenOrigins(settings.host, port));
    context.provide('origin', `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`);
    // Stops accepting before any other feature stops; live streams then end with a reconnect hint (the live feature),
    // and their connections, idle only now, close with the requests in flight answered (their loads committed)
    // before any feature releases its store or cache.
    let stopped: Promise<void> | undefined;
    context.onClose(async () => {
      server.closeIdleConnections();
      await stopped;
    });
    context.onStop(() => {
      stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
});

/** The proxies `--trust-proxy` names, undefined for none. */
function trustedProxies(settings: { trustProxy?: string[] }) {
  const trusted = parseTrustList(settings.trustProxy ?? []);
  return trusted.ok && trusted.entries.length ? trusted.list : undefined;
}

/** Who the reader is: the socket's peer, or what the trusted proxies (`--trust-proxy`) say. */
function readerAddress(
  settings: { trustProxy?: string[]; proxyHeader: ProxyHeader },
  { logger, wall }: Pick<FeatureContext<unknown>, 'logger' | 'wall'>,
) {
  return clientAddressResolver(trustedProxies(settings), {
    header: settings.proxyHeader,
    onUntrustedProxy: untrustedProxyWarning(logger, wall),
  });
}

/**
 * Every relay on the same store signs embed tokens alike, so a frame may be served by any of them. A relay that starts
 * while the store fails (an emptied Redis) signs with a secret of its own until it restarts, and says so.
 */
async function embedSecret(store: RelayStore, logger: Logger): Promise<string | undefined> {
  try {
    return await store.sharedSecret(EMBED_TOKEN_SECRET, () => randomBytes(32).toString('base64url'));
  } catch {
    logger.log(
      'warn',
      'the embed signing secret could not be read from the store: this relay signs embed frames with its own until it restarts',
      {
        part: 'store',
      },
    );
    return undefined;
  }
}
