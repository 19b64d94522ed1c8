import type { SpendGuard } from '../upstream/spend-guard.js';
import type { RunningSandbox, startSandbox } from '../../sandbox/server.js';
import type { SandboxClock } from '../../sandbox/clock.js';
import type { ResourceCache, SharedEntries } from '../cache/resource-cache.js';
import type { RelayMetrics } from '../http/metrics.js';
import type { StaticOptions } from '../http/static.js';
import type { LiveHub } from '../live/hub.js';
import type { LeagueInterest } from '../resources/league-interest.js';
import type { ProbabilityRecorder } from '../live/probability-recorder.js';
import type { liveRoute } from '../live/route.js';
import type { LiveShare } from '../live/share.js';
import type { Logger } from '../base/logger.js';
import type { UsageAlerts } from '../metering/alerts.js';
import type { RelayStore } from '../store/types.js';
import type { UpstreamBudgetWatch } from '../upstream/budget-watch.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { PartReport, PartState, Readiness } from '../base/readiness.js';
import { withDefaults, type Flags, type SettingsOf, type SettledOf } from './flags.js';

/** What every feature may read: the relay's environment, its clock and log, its metrics, its machine. */
export interface RelayBaseOptions {
  /** The real Sports Data Service; without both, live keys are served from the embedded sandbox. */
  upstreamUrl?: string;
  upstreamKey?: string;
  adminToken?: string;
  /** The secret usage-alert webhooks are signed with (HMAC-SHA256). */
  alertSecret?: string;
  logger?: Logger;
  /** The relay's clock, injected (tests); otherwise the sandbox's or the machine's (features/clock.ts). */
  now?: () => number;
  /** The widget bundle and demo pages, when this relay serves them. */
  files?: StaticOptions;
  /** Options for the embedded sandbox (tests and the demo fix its clock and port). */
  sandbox?: Parameters<typeof startSandbox>[0];
}

/** What a relay shares with the other workers of its machine (`--workers`): relay/cluster. */
export interface MachineSharing {
  /** The address of the sandbox the primary runs for every worker (started when first asked for, on a real upstream). */
  sandboxUrl(): Promise<string>;
  /** The primary's sandbox clock, followed in this worker. */
  sandboxClock(): Promise<SandboxClock>;
  share: LiveShare;
  sharedEntries: SharedEntries;
  /** Every worker's metrics, summed by the primary. */
  metricsText(): Promise<string>;
  /** Labels the worker's process metrics (memory, CPU, event loop) with its number. */
  worker: number;
}

/** The embedded Sports Data Service, as the features after the sandbox feature (sandbox.ts) reach it. */
export interface SandboxHandle {
  /** Its `{base_url}`: starts it first where it is not running yet. */
  url(): Promise<string>;
  /** The sandbox this process runs, once started (a worker's runs in its primary: never here). */
  running(): RunningSandbox | undefined;
}

/** What features hand each other, by name: each is provided by one feature and needed by those after it. */
export interface RelayParts {
  /** The embedded sandbox, started where something needs it (sandbox.ts). */
  sandbox: SandboxHandle;
  /** The Redis the relays share, when there is one (`--redis`). */
  redis: string | undefined;
  store: RelayStore;
  alerts: UsageAlerts;
  interest: LeagueInterest;
  cache: ResourceCache;
  upstreams: { live: CachedUpstream; test: CachedUpstream };
  upstreamBudget: UpstreamBudgetWatch;
  spend: SpendGuard;
  share: LiveShare;
  hub: LiveHub;
  live: ReturnType<typeof liveRoute>;
  /** The live billing window (`--live-load-every`): what a live reader costs, as the console shows it. */
  liveLoadEveryMs: number;
  recorder: ProbabilityRecorder | undefined;
  origin: string;
}

export type { PartState, PartReport, Readiness };

/** A started feature's view of the relay. */
export interface FeatureContext<Settings> {
  /** The feature's own settings, defaults filled in. */
  settings: Settings;
  base: RelayBaseOptions;
  logger: Logger;
  /** Calendar time: the sandbox's clock where it is the upstream (features/clock.ts). */
  now: () => number;
  /** The machine's clock, for refills and intervals that must pass while the sandbox's clock is frozen or set back. */
  wall: () => number;
  metrics: RelayMetrics;
  machine: MachineSharing | undefined;
  provide<K extends keyof RelayParts>(name: K, part: RelayParts[K]): void;
  need<K extends keyof RelayParts>(name: K): RelayParts[K];
  /** A part GET /ready reports on. */
  ready(name: string, state: () => Promise<PartReport>): void;
  readiness(): Promise<Readiness>;
  /** Runs on close before the requests in flight finish: stop timers and streams (last started, first stopped). */
  onStop(stop: () => void | Promise<void>): void;
  /** Runs on close once the requests in flight have finished: release files and connections (last started, first). */
  onClose(close: () => void | Promise<void>): void;
}

/**
 * One part of the relay: its flags (`pressbox serve`'s, and the programmatic options under `group`) and how it starts
 * from what the features before it provided.
 */
export interface RelayFeature<F extends Flags = Flags, Extra = unknown, Group extends string | undefined = string | undefined> {
  name: string;
  /** Where its settings sit among the relay's options: under this key, or at the top level. */
  group: Group;
  flags: F;
  /** Refuses settings that cannot work, before any feature has opened anything. */
  check?(settings: SettledOf<F> & Extra, base: RelayBaseOptions): void;
  start(context: FeatureContext<SettledOf<F> & Extra>): void | Promise<void>;
}

/** A feature with its types inferred: `Extra` is its programmatic settings that no flag sets (tests' clocks, hooks). */
export function relayFeature<Extra = unknown>() {
  return <const F extends Flags, const Group extends string | undefined>(feature: RelayFeature<F, Extra, Group>) => feature;
}

export type AnyFeature = RelayFeature<Flags, never>;

/** The options a feature takes from callers: its settings, at the top level or under its group. */
export type OptionsOf<T> =
  T extends RelayFeature<infer F, infer Extra, infer Group>
    ? Group extends string
      ? { [K in Group]?: SettingsOf<F> & Partial<Extra> }
      : SettingsOf<F> & Partial<Extra>
    : never;

type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never;

/** Every feature's options together. */
export type FeatureOptions<List extends readonly AnyFeature[]> = Intersection<OptionsOf<List[number]>>;

/** The settings a feature's options give it, defaults filled in (typed by the feature, which alone reads them). */
function settingsOf(feature: AnyFeature, options: Record<string, unknown>): never {
  const given = feature.group ? options[feature.group] : options;
  return withDefaults(feature.flags, given as Record<string, unknown> | undefined) as never;
}

export interface StartedFeatures {
  parts: Partial<RelayParts>;
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

type Environment = Pick<FeatureContext<unknown>, 'base' | 'logger' | 'now' | 'wall' | 'metrics' | 'machine'>;

/**
 * Starts the features in order, each from what those before it provided; closes what started if one fails. Every
 * feature's settings are checked before the first starts, so a bad one opens nothing.
 */
export async function startFeatures(
  features: readonly AnyFeature[],
  options: Record<string, unknown>,
  environment: Environment,
): Promise<StartedFeatures> {
  const settings = features.map((feature) => settingsOf(feature, options));
  features.forEach((feature, index) => feature.check?.(settings[index]!, environment.base));
  const parts: Partial<RelayParts> = {};
  const readinessParts = new Map<string, () => Promise<PartReport>>();
  const stops: Array<() => void | Promise<void>> = [];
  const closes: Array<() => void | Promise<void>> = [];
  let starting = '';
  const context: Omit<FeatureContext<unknown>, 'settings'> = {
    ...environment,
    provide: (name, part) => void (parts[name] = part),
    need: (name) => {
      if (!(name in parts)) throw new Error(`The ${starting} feature needs ${name}, which no feature started before it provides.`);
      return parts[name]!;
    },
    ready: (name, state) => void readinessParts.set(name, state),
    readiness: async () => {
      const readiness: Readiness = { parts: {}, problems: {} };
      for (const [name, state] of readinessParts) {
        const report = await state();
        readiness.parts[name] = typeof report === 'string' ? report : report.state;
        if (typeof report !== 'string') readiness.problems[name] = report.problem;
      }
      return readiness;
    },
    onStop: (stop) => void stops.push(stop),
    onClose: (close) => void closes.push(close),
  };
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const stop of stops.reverse()) await stop();
      for (const release of closes.reverse()) await release();
    })());
  try {
    for (const [index, feature] of features.entries()) {
      starting = feature.name;
      await feature.start({ ...context, settings: settings[index]! });
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { parts, readiness: context.readiness, close };
}
