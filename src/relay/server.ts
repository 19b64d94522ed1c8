import type { RunningSandbox } from '../sandbox/server.js';
import type { ResourceCache } from './cache/resource-cache.js';
import { relayClocks } from './features/clock.js';
import { jsonLogger } from './base/logger.js';
import { missingRuntimeFlags } from './base/runtime-flags.js';
import { createMetrics, type RelayMetrics } from './http/metrics.js';
import type { LiveHub } from './live/hub.js';
import type { RelayStore } from './store/types.js';
import type { UpstreamBudgetWatch } from './upstream/budget-watch.js';
import type { ProbabilityRecorder } from './live/probability-recorder.js';
import { startFeatures, type MachineSharing, type RelayBaseOptions, type RelayParts } from './features/feature.js';
import { RELAY_FEATURES, type RelayFeatureOptions } from './features/index.js';

export type { MachineSharing };

/** A relay's options: the environment's and every feature's (features/). */
export type RelayOptions = RelayBaseOptions & RelayFeatureOptions;

export interface RunningRelay {
  origin: string;
  /** The relay's clock (injected in tests, else the sandbox's where it is the upstream): days, months, kept times. */
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
  /** The embedded sandbox this process runs (tests steer its clock and faults); throws where it runs none. */
  readonly sandbox: RunningSandbox;
  close(): Promise<void>;
}

/** Reads the relay's settings from the environment: the only place that does. */
export function relayEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): Pick<RelayOptions, 'upstreamUrl' | 'upstreamKey' | 'adminToken' | 'alertSecret'> {
  return {
    alertSecret: env.PRESSBOX_ALERT_SECRET || undefined,
    upstreamUrl: env.PRESSBOX_UPSTREAM_URL || undefined,
    upstreamKey: env.PRESSBOX_UPSTREAM_KEY || undefined,
    adminToken: env.PRESSBOX_ADMIN_TOKEN || undefined,
  };
}

/** Where live keys are served from, as the banner and the relay say it: the host of the real service (never its key), or the sandbox. */
export const upstreamName = (upstreamUrl: string | undefined): string => (upstreamUrl ? new URL(upstreamUrl).host : 'sandbox');

/**
 * The relay: the features of features/index.ts, started in order over one clock, log and set of metrics. One start for
 * every way it runs: `pressbox serve` and `start`, a worker of `--workers` (`machine`: its primary's sandbox, live
 * topics and cache), and every test.
 */
export async function startRelay(options: RelayOptions = {}, machine?: MachineSharing): Promise<RunningRelay> {
  const { now, wall, sandbox } = await relayClocks(options, machine);
  const logger = options.logger ?? jsonLogger();
  const missing = missingRuntimeFlags();
  // A program that starts the relay itself starts Node too: told once what the bin would have given it.
  if (missing.length)
    logger.log('warn', 'runtime flags missing', {
      missing: missing.join(' '),
      fix: `start Node with ${missing.join(' ')} (or NODE_OPTIONS="${missing.join(' ')}"): without them a relay with many live readers holds about 100 MiB more`,
    });
  const metrics = createMetrics(machine && { worker: String(machine.worker) });
  const started = await startFeatures(RELAY_FEATURES, options as Record<string, unknown>, {
    base: sandbox ? { ...options, sandbox: { ...options.sandbox, clock: sandbox } } : options,
    logger,
    now,
    wall,
    metrics,
    machine,
  });
  const parts = started.parts as RelayParts;
  return {
    origin: parts.origin,
    now,
    store: parts.store,
    metrics,
    cache: parts.cache,
    hub: parts.hub,
    openStreams: parts.live.openStreams,
    streamSlotHolders: parts.live.slotHolders,
    liveBacklog: parts.live.backlog,
    liveUpstream: upstreamName(options.upstreamUrl),
    upstreamBudget: parts.upstreamBudget,
    recorder: parts.recorder,
    get sandbox() {
      const running = parts.sandbox.running();
      if (!running)
        throw new Error(
          machine
            ? "A worker's sandbox runs in its primary."
            : 'This relay serves the real data service and no test key has asked for its sandbox yet.',
        );
      return running;
    },
    close: started.close,
  };
}
