import type { TestRunnerPlugin } from '@web/test-runner';
import { REGION_HEADER, startRegionProxy, type RegionProxy } from '../harness/region-proxy.js';
import { createKey } from '../../src/relay/key-service/service.js';
import { silentLogger } from '../../src/relay/base/logger.js';
import { startRelay, type RunningRelay } from '../../src/relay/server.js';
import { pruneKept } from '../../src/relay/resources/test-kept.js';
import { BET_BOOKS, REGION_LINE } from './bet-fixtures.js';
import type { FaultRuleInput } from '../../src/sandbox/faults.js';
import { MIDDAY } from '../helpers/sandbox.js';

export interface BrowserTestSetup {
  relay: string;
  /**
   * `books`: a test key whose prices link to two books (BET_BOOKS); `lined`: a test key with a responsible-gambling line
   * for New Jersey (REGION_LINE).
   */
  keys: { test: string; denied: string; spent: string; invalid: string; books: string; lined: string };
  /** The relay behind a proxy it trusts, which tells it every reader is in New Jersey (`--region-header`). */
  newJerseyRelay: string;
  /** A relay whose data-service account is on the free plan, and a live key for it allowed on this page. */
  freeRelay: string;
  freeRelayKey: string;
  /** A relay that refuses every live stream (as a buffering proxy would make it fail), on the same sandbox. */
  streamlessRelay: string;
  streamlessRelayKey: string;
  /**
   * A relay on the season calendar at SEASON_EVENING (Monday 26 April 2027, 8:30 PM Eastern): NBA first-round playoff
   * games, no MLS match that day, the NFL in its off-season. Its key is allowed on this page.
   */
  seasonRelay: string;
  seasonRelayKey: string;
  /** The same calendar at RAINOUT_EVENING (Tuesday 4 May 2027, 7:30 PM Eastern): an MLB game rained out. */
  rainoutRelay: string;
  rainoutRelayKey: string;
}

export const SEASON_EVENING = '2027-04-27T00:30:00Z';
export const RAINOUT_EVENING = '2027-05-04T23:30:00Z';

/** A relay whose clock and sandbox's stand still at `instant` on the season calendar, with a live key for this machine. */
async function relayFrozenAt(instant: string, name: string): Promise<{ relay: RunningRelay; key: string }> {
  const at = Date.parse(instant);
  const relay = await startRelay({
    port: 0,
    db: ':memory:',
    logger: silentLogger,
    now: () => at,
    rateLimit: { perMinute: 1_000_000, burst: 100_000 },
    sandbox: { calendar: 'season', now: at, rate: 0 },
  });
  const { key } = await createKey(relay.store, { plan: 'pro', domains: ['localhost', '127.0.0.1'], name, test: false }, Date.now());
  return { relay, key };
}

/**
 * Starts a real relay (with its sandbox, clock frozen at MIDDAY) for the browser tests and lets them steer it
 * through server commands: fetch the setup, fresh keys, upstream faults, the relay's clock, loads counted.
 */
export function pressboxRelayPlugin(): TestRunnerPlugin {
  let relay: RunningRelay;
  let freeRelay: RunningRelay;
  let streamlessRelay: RunningRelay;
  let seasonRelay: RunningRelay;
  let rainoutRelay: RunningRelay;
  let seasonRelayKey = '';
  let rainoutRelayKey = '';
  let setup: BrowserTestSetup;
  let offsetMs = 0;
  const month = () => new Date(Date.now() + offsetMs).toISOString().slice(0, 7);
  let newJersey: RegionProxy;
  const key = async (
    domains: string[],
    options: {
      test?: boolean;
      plan?: `custom:${number}` | 'pro';
      betLinks?: typeof BET_BOOKS;
      gamblingLines?: Record<string, string>;
    } = {},
  ) =>
    (
      await createKey(
        relay.store,
        {
          plan: options.plan ?? 'pro',
          domains,
          name: 'browser test',
          test: options.test ?? false,
          betLinks: options.betLinks,
          gamblingLines: options.gamblingLines,
        },
        Date.now(),
      )
    ).key;

  return {
    name: 'pressbox-relay',
    async serverStart() {
      relay = await startRelay({
        port: 0,
        db: ':memory:',
        logger: silentLogger,
        now: () => Date.now() + offsetMs,
        rateLimit: { perMinute: 1_000_000, burst: 100_000 },
        sandbox: { calendar: 'round-the-clock', now: Date.parse(MIDDAY), rate: 0 },
        // Live topics re-read every 200 ms here, so a change in the sandbox reaches a page within a test's patience.
        live: { pollMs: () => 200, maxStreamsPerAddress: 1000 },
        // Pages also reach it through a proxy on this machine that places every reader in New Jersey.
        trustProxy: ['127.0.0.1'],
        regionHeader: REGION_HEADER,
      });
      newJersey = await startRegionProxy(relay.origin, 'US-NJ');
      freeRelay = await startRelay({
        port: 0,
        db: ':memory:',
        logger: silentLogger,
        upstreamUrl: relay.sandbox.baseUrl,
        upstreamKey: 'sk_sandbox_free',
        rateLimit: { perMinute: 1_000_000, burst: 100_000 },
      });
      streamlessRelay = await startRelay({
        port: 0,
        db: ':memory:',
        logger: silentLogger,
        upstreamUrl: relay.sandbox.baseUrl,
        upstreamKey: 'sk_sandbox_pro',
        rateLimit: { perMinute: 1_000_000, burst: 100_000 },
        live: { maxStreamsPerAddress: 0 },
      });
      ({ relay: seasonRelay, key: seasonRelayKey } = await relayFrozenAt(SEASON_EVENING, 'season'));
      ({ relay: rainoutRelay, key: rainoutRelayKey } = await relayFrozenAt(RAINOUT_EVENING, 'rainout'));
      const streamlessRelayKey = (
        await createKey(
          streamlessRelay.store,
          { plan: 'pro', domains: ['localhost', '127.0.0.1'], name: 'no streams', test: false },
          Date.now(),
        )
      ).key;
      const freeRelayKey = (
        await createKey(freeRelay.store, { plan: 'pro', domains: ['localhost', '127.0.0.1'], name: 'plan test', test: false }, Date.now())
      ).key;
      const spent = await key(['localhost', '127.0.0.1'], { plan: 'custom:1' });
      await relay.store.countLoad(spent, month(), 1, { route: '/v1/scores', origin: 'http://localhost' });
      setup = {
        relay: relay.origin,
        keys: {
          test: await key(['example.com'], { test: true }),
          denied: await key(['example.com']),
          spent,
          invalid: 'pk_live_00000000000000000000000000000000',
          books: await key(['example.com'], { test: true, betLinks: BET_BOOKS }),
          lined: await key(['example.com'], { test: true, gamblingLines: { 'US-NJ': REGION_LINE } }),
        },
        newJerseyRelay: newJersey.origin,
        freeRelay: freeRelay.origin,
        freeRelayKey,
        streamlessRelay: streamlessRelay.origin,
        streamlessRelayKey,
        seasonRelay: seasonRelay.origin,
        seasonRelayKey,
        rainoutRelay: rainoutRelay.origin,
        rainoutRelayKey,
      };
    },
    async serverStop() {
      await freeRelay?.close();
      await streamlessRelay?.close();
      await seasonRelay?.close();
      await rainoutRelay?.close();
      await newJersey?.close();
      await relay?.close();
    },
    async executeCommand({ command, payload }) {
      const input = (payload ?? {}) as { rules?: FaultRuleInput[]; ms?: number; key?: string };
      switch (command) {
        case 'pressbox-setup':
          return setup;
        case 'pressbox-fresh-key':
          return key(['example.com'], { test: true });
        case 'pressbox-faults':
          relay.sandbox.faults.set(input.rules ?? []);
          relay.cache.clear();
          return true;
        case 'pressbox-advance-sandbox':
          relay.sandbox.clock.advance(input.ms ?? 0);
          relay.cache.clear();
          streamlessRelay.cache.clear();
          return true;
        case 'pressbox-advance-relay':
          offsetMs += input.ms ?? 0;
          return true;
        case 'pressbox-sandbox-lines': {
          const league = (payload as { league: string }).league;
          const response = await fetch(`${relay.sandbox.baseUrl}/lines?league=${league}&include=xchg`, {
            headers: { 'x-api-key': 'sk_sandbox_pro' },
          });
          return response.json();
        }
        case 'pressbox-open-streams':
          return relay.openStreams();
        case 'pressbox-loads':
          return relay.store.loadsUsed(input.key!, month());
        case 'pressbox-reset':
          relay.sandbox.clock.set(Date.parse(MIDDAY));
          relay.sandbox.faults.clear();
          relay.cache.clear();
          streamlessRelay.cache.clear();
          // Games a test played to their final were kept: with the sandbox's clock set back they are live again.
          await Promise.all([relay, freeRelay, streamlessRelay].map((each) => pruneKept(each.store, Number.MAX_SAFE_INTEGER)));
          offsetMs = 0;
          return true;
        default:
          return undefined;
      }
    },
  };
}
