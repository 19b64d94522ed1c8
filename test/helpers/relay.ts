import { startRelay, type RelayOptions, type RunningRelay } from '../../src/relay/server.js';
import type { BetLink } from '../../src/relay/keys/bet-links.js';
import { createKey } from '../../src/relay/key-service/service.js';
import type { Plan } from '../../src/relay/keys/model.js';
import { silentLogger } from '../../src/relay/base/logger.js';
import { runningClock } from './clock.js';
import { MIDDAY } from './sandbox.js';
import { until } from './wait.js';

/**
 * A relay on a free port with an in-memory store, its sandbox clock frozen at MIDDAY and its own clock running from
 * MIDDAY: the same day as the data, whatever the date of the run.
 */
export async function testRelay(options: RelayOptions = {}): Promise<RunningRelay> {
  return startRelay({
    port: 0,
    db: ':memory:',
    journal: ':memory:',
    logger: silentLogger,
    adminToken: 'test-admin-token-0123456789abcdef',
    now: runningClock(MIDDAY),
    ...options,
    sandbox: { now: Date.parse(MIDDAY), rate: 0, calendar: 'round-the-clock', ...options.sandbox },
  });
}

export async function addKey(
  relay: RunningRelay,
  domains: string[],
  options: {
    plan?: Plan;
    test?: boolean;
    name?: string;
    hideOdds?: boolean;
    oddsRegions?: string[];
    betLinks?: BetLink[];
    gamblingLines?: Record<string, string>;
  } = {},
): Promise<string> {
  return (
    await createKey(
      relay.store,
      {
        plan: options.plan ?? 'pro',
        domains,
        name: options.name ?? '',
        test: options.test ?? false,
        hideOdds: options.hideOdds,
        oddsRegions: options.oddsRegions,
        betLinks: options.betLinks,
        gamblingLines: options.gamblingLines,
      },
      relay.now(),
    )
  ).key;
}

export async function widgetGet(
  relay: RunningRelay,
  path: string,
  headers: Record<string, string> = { origin: 'https://example.com' },
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${relay.origin}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** GET /ready's body once its status is `status` (a store that failed moments ago keeps it down for a few seconds). */
export async function readinessOnce(origin: string, status: 'ready' | 'degraded' | 'not_ready'): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  await until(async () => {
    body = (await (await fetch(`${origin}/ready`)).json()) as Record<string, unknown>;
    return body.status === status;
  }, `GET /ready saying ${status}`);
  return body;
}
