import { startSandbox, type RunningSandbox } from '../sandbox/server.js';
import type { ResourceCache } from './cache/resource-cache.js';
import { jsonLogger } from './logger.js';
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

/** The features of features/index.ts, started in order over one clock, log and set of metrics. */
async function startRelayCore(options: RelayOptions, sandboxUrl: string, machine?: MachineSharing): Promise<RelayCore> {
  const now = options.now ?? Date.now;
  const metrics = createMetrics(machine && { worker: String(machine.worker) });
  const started = await startFeatures(RELAY_FEATURES, options as Record<string, unknown>, {
    base: options,
    logger: options.logger ?? jsonLogger(),
    now,
    metrics,
    sandboxUrl,
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
    close: started.close,
  };
}
