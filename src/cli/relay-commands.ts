import type { Command } from 'commander';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cluster from 'node:cluster';
import { startDemoSite } from '../demo/server.js';
import { createKey } from '../relay/key-service/service.js';
import type { BetLink } from '../relay/keys/bet-links.js';
import { relayEnvironment, startRelay, upstreamName, type RelayOptions } from '../relay/server.js';
import { RELAY_FEATURES, type RelayFeatureOptions } from '../relay/features/index.js';
import { httpFeature } from '../relay/features/http.js';
import { usageFeature } from '../relay/features/usage.js';
import { jsonLogger, requestLines } from '../relay/base/logger.js';
import { startMachine } from '../relay/cluster/primary.js';
import { startRelayWorker } from '../relay/cluster/worker.js';
import { starting } from './failures.js';
import { semiSpaceMebibytes } from '../relay/base/runtime-flags.js';
import { addFeatureFlags, featureOptions, flagOption } from './feature-flags.js';
import { calendar, CALENDAR_HELP, instant, port, stopOnSignals, workerCount } from './options.js';
import type { CalendarName } from '../sandbox/leagues.js';

const TIME_HELP = "start the embedded sandbox's game clock at this instant, e.g. a game night: 2026-11-25T01:00:00Z";

/** The embedded sandbox's clock and calendar, from `--time` and `--sandbox-calendar`. */
function sandboxClock(options: { time?: number; sandboxCalendar?: CalendarName }) {
  return { ...(options.time === undefined ? {} : { now: options.time }), calendar: options.sandboxCalendar ?? 'season' };
}

const DEMO_KEY_NAME = 'demo';
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WIDGET_BUNDLE_DIR = join(PACKAGE_ROOT, 'dist', 'cdn');
const DEMO_DIR = join(PACKAGE_ROOT, 'demo');

export function relayCommands(program: Command): void {
  serveCommand(program);
  startCommand(program);
}

/** `pressbox serve`: the relay as an operator runs it, its flags those of the relay's features. */
function serveCommand(program: Command): void {
  addFeatureFlags(
    program
      .command('serve')
      .description('Run the relay. Upstream from PRESSBOX_UPSTREAM_URL and PRESSBOX_UPSTREAM_KEY, else the embedded sandbox.'),
    RELAY_FEATURES,
  )
    .option(
      '--workers <n|auto>',
      'relay processes on one port, sharing the store, live topics and cache (auto: one per core); the first process restarts any that dies',
      workerCount,
    )
    .option('--time <iso>', TIME_HELP, instant)
    .option('--sandbox-calendar <name>', CALENDAR_HELP, calendar, 'season')
    .action(async (parsed: Record<string, unknown> & { workers?: number; time?: number; sandboxCalendar?: CalendarName }) => {
      const environment = relayEnvironment();
      const relayOptions: RelayOptions = {
        ...(featureOptions(RELAY_FEATURES, parsed) as RelayFeatureOptions),
        files: { bundleDir: WIDGET_BUNDLE_DIR },
        sandbox: sandboxClock(parsed),
        ...environment,
      };
      const { redis, journal, db, trustProxy, regionHeader, publicUrls } = relayOptions;
      const storeFiles = { ...relayOptions, db: redis ? journal : db };
      if (cluster.isWorker) {
        await starting(storeFiles, () => startRelayWorker(relayOptions));
        return;
      }
      const workers = parsed.workers;
      const relay = workers
        ? await starting(storeFiles, () =>
            startMachine({ workers, logger: jsonLogger(), sandbox: relayOptions.sandbox, upstreamUrl: relayOptions.upstreamUrl }),
          )
        : await starting(storeFiles, () => startRelay(relayOptions));
      const publicOrigin = publicUrls?.[0] ?? relay.origin;
      console.error(
        [
          'Pressbox relay listening',
          `  relay     ${relay.origin}`,
          `  upstream  ${upstreamName(relayOptions.upstreamUrl)}`,
          `  store     ${redis ? 'redis' : db}`,
          `  runtime   Node ${process.versions.node}, young generation ${semiSpaceMebibytes() ? `${semiSpaceMebibytes()} MiB semi-spaces` : "V8's default"}`,
          ...(workers ? [`  workers   ${workers} processes on one port (primary ${process.pid})`] : []),
          ...(publicOrigin !== relay.origin ? [`  public    ${publicOrigin}`] : []),
          `  proxies   ${trustProxy ? `trusted: ${trustProxy.join(', ')}` : 'none trusted: the reader is the socket’s peer'}`,
          ...(regionHeader ? [`  regions   the reader's from ${regionHeader}, as the trusted proxies write it`] : []),
          `  script    ${publicOrigin}/pressbox.js   (and ${publicOrigin}/pressbox.css)`,
          `  builder   ${publicOrigin}/builder   (snippets: script tag, iframe, oEmbed, AMP, React, Vue, WordPress)`,
          `  health    ${relay.origin}/health`,
          `  console   ${environment.adminToken ? `${publicOrigin}/console   (sign in with PRESSBOX_ADMIN_TOKEN)` : 'off: set PRESSBOX_ADMIN_TOKEN to turn on /console and /admin'}`,
        ].join('\n'),
      );
      stopOnSignals(relay.close);
    });
}

/** `pressbox start` (`npm start`): the relay, its sandbox and the demo site, with a demo key for localhost. */
function startCommand(program: Command): void {
  program
    .command('start')
    .description('Start the relay with its sandbox and a demo key for localhost: what `npm start` runs.')
    .addOption(flagOption(httpFeature.flags.port))
    .addOption(flagOption(usageFeature.flags.db))
    .addOption(flagOption(httpFeature.flags.trustProxy))
    .addOption(flagOption(httpFeature.flags.regionHeader))
    .option('--sandbox-port <port>', 'port of the embedded sandbox', port, 4010)
    .option('--demo-port <port>', 'port of the demo publisher site (another origin than the relay)', port, 8788)
    .option('--time <iso>', TIME_HELP, instant)
    .option('--sandbox-calendar <name>', CALENDAR_HELP, calendar, 'season')
    .action(
      async (options: {
        port: number;
        db: string;
        trustProxy?: string[];
        regionHeader?: string;
        sandboxPort: number;
        demoPort: number;
        time?: number;
        sandboxCalendar?: CalendarName;
      }) => {
        const relay = await starting(options, () =>
          startRelay({
            port: options.port,
            db: options.db,
            trustProxy: options.trustProxy,
            regionHeader: options.regionHeader,
            sandbox: { port: options.sandboxPort, ...sandboxClock(options) },
            files: { bundleDir: WIDGET_BUNDLE_DIR },
            logger: requestLines(),
            ...relayEnvironment(),
          }),
        );
        const demo =
          (await relay.store.listKeys()).find((key) => key.name === DEMO_KEY_NAME && key.revokedAt === null) ??
          (await createKey(
            relay.store,
            { plan: 'pro', domains: ['localhost', '127.0.0.1'], name: DEMO_KEY_NAME, test: true },
            relay.now(),
          ));
        const site = await starting({ port: options.demoPort }, () =>
          startDemoSite({
            demoDir: DEMO_DIR,
            relayOrigin: relay.origin,
            demoKey: () => demo.key,
            port: options.demoPort,
            sandbox: { clock: relay.sandbox.clock, calendar: options.sandboxCalendar ?? 'season', afterJump: () => relay.cache.clear() },
          }),
        );
        // The gallery shows a key with two books: stand-ins on the demo site, which show what a book would receive.
        await relay.store.updateKey(demo.key, { betLinks: demoBooks(site.origin) });
        console.log(
          [
            'Pressbox is running',
            `  relay       ${relay.origin}   (upstream: ${relay.liveUpstream})`,
            `  sandbox     ${relay.sandbox.baseUrl}   (keys: sk_sandbox_pro and one per plan)`,
            `  gallery     ${site.origin}/   (every element, with controls and the tag to copy)`,
            `  publisher   ${site.origin}/publisher.html   (a plain page: only the stylesheet and script tag)`,
            `  cms         ${site.origin}/cms.html   (hostile global CSS)`,
            `  no scripts  ${site.origin}/no-script.html   (iframes only, as editors that strip <script> allow)`,
            `  server      ${site.origin}/server-rendered.html   (scores in the page's HTML: GET /v1/render/{tag})`,
            `  builder     ${relay.origin}/builder?key=${demo.key}   (every snippet, with a live preview)`,
            `  console     ${process.env.PRESSBOX_ADMIN_TOKEN ? `${relay.origin}/console   (sign in with PRESSBOX_ADMIN_TOKEN)` : 'off: PRESSBOX_ADMIN_TOKEN=… npm start turns on /console'}`,
            `  demo key    ${demo.key}   (test key, allowed on localhost; prices link to two stand-in books)`,
            `  try         curl -H 'Origin: http://localhost' '${relay.origin}/v1/scores?league=nba&key=${demo.key}'`,
            `  keys        npx pressbox keys create --plan free --domain example.com --db ${options.db}`,
            '  stop        Ctrl+C',
          ].join('\n'),
        );
        stopOnSignals(async () => {
          await site.close();
          await relay.close();
        });
      },
    );
}

/** The demo key's two books: the demo site's stand-in book page, with every placeholder and a tracking code. */
function demoBooks(siteOrigin: string): BetLink[] {
  const slip = '&league={league}&date={date}&game={game}&home={home}&away={away}&market={market}&side={side}&line={line}&player={player}';
  return [
    { name: 'Demo Book', template: `${siteOrigin}/book.html?book=Demo+Book&ref=PRESSBOX-DEMO${slip}` },
    { name: 'Second Book', template: `${siteOrigin}/book.html?book=Second+Book&aff=77${slip}` },
  ];
}
