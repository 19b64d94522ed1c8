import { Option, type Command } from 'commander';
import { PROXY_HEADERS, type ProxyHeader } from '../relay/http/client-address.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoSite } from '../demo/server.js';
import { createKey } from '../relay/keys/service.js';
import { relayEnvironment, startRelay, upstreamName } from '../relay/server.js';
import { jsonLogger, requestLines } from '../relay/logger.js';
import { starting } from './failures.js';
import {
  DEFAULT_DB,
  DEFAULT_JOURNAL,
  durationOption,
  port,
  positive,
  percent,
  publicUrl,
  recordLeagues,
  redisUrl,
  stopOnSignals,
  trustEntries,
  webhookUrl,
  workerCount,
} from './options.js';
import cluster from 'node:cluster';
import { startMachine } from '../relay/cluster/primary.js';
import { startRelayWorker } from '../relay/cluster/worker.js';
import { burstFor, LIVE_STREAM_LIMITS, RATE_LIMIT_PER_MINUTE } from '../relay/defaults.js';

const DEMO_KEY_NAME = 'demo';
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WIDGET_BUNDLE_DIR = join(PACKAGE_ROOT, 'dist', 'cdn');
const DEMO_DIR = join(PACKAGE_ROOT, 'demo');

export function relayCommands(program: Command): void {
  program
    .command('serve')
    .description('Run the relay. Upstream from PRESSBOX_UPSTREAM_URL and PRESSBOX_UPSTREAM_KEY, else the embedded sandbox.')
    .option('--port <port>', 'port to listen on', port, 8787)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--db <file>', 'SQLite file for keys and usage', DEFAULT_DB)
    .option(
      '--redis <url>',
      'Redis for keys and usage, instead of --db (for several relays): redis://, rediss:// (TLS) or redis+sentinel://h:p,h:p/name',
      redisUrl,
    )
    .option(
      '--journal <file>',
      'with --redis: SQLite file where loads served while Redis is unreachable wait to be counted',
      DEFAULT_JOURNAL,
    )
    .option(
      '--rate-limit <n>',
      'requests per minute for one key from one address (bursts of a fifth of it)',
      positive,
      RATE_LIMIT_PER_MINUTE,
    )
    .option(
      '--max-streams-per-address <n>',
      'open live streams allowed from one address (a newsroom behind one NAT needs more)',
      positive,
      LIVE_STREAM_LIMITS.maxStreamsPerAddress,
    )
    .option(
      '--max-streams <n>',
      'open live streams allowed on this relay in all (past it: 503, pages keep polling)',
      positive,
      LIVE_STREAM_LIMITS.maxStreams,
    )
    .option(
      '--max-streams-per-key <n>',
      'open live streams allowed for one widget key on this relay',
      positive,
      LIVE_STREAM_LIMITS.maxStreamsPerKey,
    )
    .option(
      '--trust-proxy <list>',
      'proxies whose X-Forwarded-For/Forwarded say who the reader is: addresses, CIDRs, loopback, private (also PRESSBOX_TRUST_PROXY)',
      trustEntries,
    )
    .addOption(
      new Option('--proxy-header <name>', 'the one forwarding header the trusted proxies write; the other is ignored')
        .choices(PROXY_HEADERS)
        .default('x-forwarded-for'),
    )
    .option('--public-url <url>', "the relay's own address as readers reach it, for embeds and snippets (repeatable)", publicUrl)
    .option('--alert-webhook <url>', 'POST usage alerts here, signed with PRESSBOX_ALERT_SECRET (HMAC-SHA256)', webhookUrl)
    .addOption(
      durationOption('--record-every <duration>', 'sample live games’ win probability this often, watched or not (0: off)', 60_000),
    )
    .option('--record-leagues <list|auto>', 'leagues to record: nba,nhl,… or auto (those readers asked for in the last day)', recordLeagues)
    .addOption(durationOption('--record-retention <duration>', 'keep recorded win-probability points this long', 30 * 86_400_000))
    .option(
      '--upstream-slow-at <percent>',
      'past this share of the upstream month (default 90), the recorder samples five times less often',
      percent,
    )
    .option(
      '--upstream-share-live <percent>',
      'watched live games are polled as fast (down to 1.5 s) as keeps the upstream month’s forecast under this share of its limit (default 60)',
      percent,
    )
    .option(
      '--workers <n|auto>',
      'relay processes on one port, sharing the store, live topics and cache (auto: one per core); the first process restarts any that dies',
      workerCount,
    )
    .action(
      async (options: {
        port: number;
        host: string;
        db: string;
        redis?: string;
        journal: string;
        rateLimit: number;
        maxStreamsPerAddress: number;
        maxStreams: number;
        maxStreamsPerKey: number;
        trustProxy?: string[];
        proxyHeader: ProxyHeader;
        publicUrl?: string[];
        alertWebhook?: string;
        workers?: number;
        recordEvery: number;
        recordLeagues?: string[] | 'auto';
        recordRetention: number;
        upstreamSlowAt?: number;
        upstreamShareLive?: number;
      }) => {
        const environment = relayEnvironment();
        const trustProxy = options.trustProxy ?? environment.trustProxy;
        const relayOptions = {
          port: options.port,
          host: options.host,
          db: options.db,
          redis: options.redis,
          journal: options.journal,
          rateLimit: { perMinute: options.rateLimit, burst: burstFor(options.rateLimit) },
          files: { bundleDir: WIDGET_BUNDLE_DIR },
          alertWebhook: options.alertWebhook,
          live: {
            maxStreamsPerAddress: options.maxStreamsPerAddress,
            maxStreams: options.maxStreams,
            maxStreamsPerKey: options.maxStreamsPerKey,
            ...(options.upstreamShareLive !== undefined && { pace: { share: options.upstreamShareLive } }),
          },
          recorder: {
            everyMs: options.recordEvery,
            // `auto` reaches here as commander's empty value: the leagues readers ask for.
            leagues: options.recordLeagues === 'auto' ? undefined : options.recordLeagues,
            retentionMs: options.recordRetention,
          },
          upstreamBudget: { slowAt: options.upstreamSlowAt },
          ...environment,
          trustProxy,
          proxyHeader: options.proxyHeader,
          publicUrls: options.publicUrl,
        };
        const storeFiles = { ...options, db: options.redis ? options.journal : options.db };
        if (cluster.isWorker) {
          await starting(storeFiles, () => startRelayWorker(relayOptions));
          return;
        }
        const relay = options.workers
          ? await starting(storeFiles, () => startMachine({ workers: options.workers!, logger: jsonLogger() }))
          : await starting(storeFiles, () => startRelay(relayOptions));
        const publicOrigin = options.publicUrl?.[0] ?? relay.origin;
        console.error(
          [
            'Pressbox relay listening',
            `  relay     ${relay.origin}`,
            `  upstream  ${upstreamName(relayOptions.upstreamUrl)}`,
            `  store     ${options.redis ? 'redis' : options.db}`,
            ...(options.workers ? [`  workers   ${options.workers} processes on one port (primary ${process.pid})`] : []),
            ...(publicOrigin !== relay.origin ? [`  public    ${publicOrigin}`] : []),
            `  proxies   ${trustProxy ? `trusted: ${trustProxy.join(', ')}` : 'none trusted: the reader is the socket’s peer'}`,
            `  script    ${publicOrigin}/pressbox.js   (and ${publicOrigin}/pressbox.css)`,
            `  builder   ${publicOrigin}/builder   (snippets: script tag, iframe, oEmbed, AMP, React, Vue, WordPress)`,
            `  health    ${relay.origin}/health`,
            `  console   ${environment.adminToken ? `${publicOrigin}/console   (sign in with PRESSBOX_ADMIN_TOKEN)` : 'off: set PRESSBOX_ADMIN_TOKEN to turn on /console and /admin'}`,
          ].join('\n'),
        );
        stopOnSignals(relay.close);
      },
    );

  program
    .command('start')
    .description('Start the relay with its sandbox and a demo key for localhost: what `npm start` runs.')
    .option('--port <port>', 'port to listen on', port, 8787)
    .option('--db <file>', 'SQLite file for keys and usage', DEFAULT_DB)
    .option('--sandbox-port <port>', 'port of the embedded sandbox', port, 4010)
    .option('--demo-port <port>', 'port of the demo publisher site (another origin than the relay)', port, 8788)
    .action(async (options: { port: number; db: string; sandboxPort: number; demoPort: number }) => {
      const relay = await starting(options, () =>
        startRelay({
          port: options.port,
          db: options.db,
          sandbox: { port: options.sandboxPort },
          files: { bundleDir: WIDGET_BUNDLE_DIR },
          logger: requestLines(),
          ...relayEnvironment(),
        }),
      );
      const demo =
        (await relay.store.listKeys()).find((key) => key.name === DEMO_KEY_NAME && key.revokedAt === null) ??
        (await createKey(relay.store, { plan: 'pro', domains: ['localhost', '127.0.0.1'], name: DEMO_KEY_NAME, test: true }, Date.now()));
      const site = await starting({ port: options.demoPort }, () =>
        startDemoSite({ demoDir: DEMO_DIR, relayOrigin: relay.origin, demoKey: () => demo.key, port: options.demoPort }),
      );
      console.log(
        [
          'Pressbox is running',
          `  relay       ${relay.origin}   (upstream: ${relay.liveUpstream})`,
          `  sandbox     ${relay.sandbox.baseUrl}   (keys: sk_sandbox_pro and one per plan)`,
          `  gallery     ${site.origin}/   (every element, with controls and the tag to copy)`,
          `  publisher   ${site.origin}/publisher.html   (a plain page: only the script tag)`,
          `  cms         ${site.origin}/cms.html   (hostile global CSS)`,
          `  no scripts  ${site.origin}/no-script.html   (iframes only, as editors that strip <script> allow)`,
          `  builder     ${relay.origin}/builder?key=${demo.key}   (every snippet, with a live preview)`,
          `  console     ${process.env.PRESSBOX_ADMIN_TOKEN ? `${relay.origin}/console   (sign in with PRESSBOX_ADMIN_TOKEN)` : 'off: PRESSBOX_ADMIN_TOKEN=… npm start turns on /console'}`,
          `  demo key    ${demo.key}   (test key, allowed on localhost)`,
          `  try         curl -H 'Origin: http://localhost' '${relay.origin}/v1/scores?league=nba&key=${demo.key}'`,
          `  keys        npx pressbox keys create --plan free --domain example.com --db ${options.db}`,
          '  stop        Ctrl+C',
        ].join('\n'),
      );
      stopOnSignals(async () => {
        await site.close();
        await relay.close();
      });
    });
}
