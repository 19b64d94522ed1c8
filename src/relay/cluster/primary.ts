import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type RegistryContentType } from 'prom-client';
import { onDemandSandbox, type OnDemandSandbox } from '../../sandbox/server.js';
import type { SandboxOptions } from '../../sandbox/app.js';
import { SandboxClock } from '../../sandbox/clock.js';
import type { Logger, LogLevel } from '../base/logger.js';
import { MachineShare } from './machine-share.js';
import { isPressboxMessage, type ToPrimary, type ToWorker, type WorkerRequest } from './messages.js';

/** How long SIGTERM waits for the workers to drain before it stops them. */
const DRAIN_TIMEOUT_MS = 30_000;
/** A worker that dies sooner than this after it started is restarted after a growing pause, not at once. */
const CRASH_LOOP_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
const SWEEP_MS = 10_000;

export interface Machine {
  /** The address every worker listens on. */
  origin: string;
  /** Drains every worker (their streams get a reconnect hint, their loads are committed), then stops the sandbox. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  startedAt: number;
  /** Pause before the next restart, grown while the worker keeps dying young. */
  restartDelay: number;
}

/**
 * The primary of `pressbox serve --workers N`: it serves no request itself. It runs the sandbox once for the machine
 * (when something needs it), starts N workers on one port (the cluster's round-robin hands them connections), keeps
 * what they share (machine-share.ts), starts a worker again when one dies, sums their metrics for /metrics and drains
 * them all on SIGTERM.
 */
export async function startMachine(options: {
  workers: number;
  logger: Logger;
  sandbox?: SandboxOptions;
  /** The real service, if any: then the sandbox starts only when a worker first needs it (a test key). */
  upstreamUrl?: string;
}): Promise<Machine> {
  // One clock for the machine: the sandbox's, which every worker runs too (relay/features/clock.ts).
  const clock = new SandboxClock(options.sandbox);
  const sandbox = onDemandSandbox({ ...options.sandbox, clock, port: 0 });
  if (!options.upstreamUrl) await sandbox.start();
  const share = new MachineShare();
  const aggregator = new AggregatorRegistry();
  const slots = new Map<number, Slot>();
  let draining = false;
  let started = false;
  const sweep = setInterval(() => share.sweep(), SWEEP_MS);
  sweep.unref();

  const answer = workerAnswers(share, slots, aggregator, sandbox, clock);
  clock.onChange((reading) => {
    const message: ToWorker = { pressbox: 'clock', reading };
    for (const { worker } of slots.values()) if (worker.isConnected()) worker.send(message);
  });

  const fork = (restartDelay = 0): Worker => {
    const worker = cluster.fork();
    slots.set(worker.id, { worker, startedAt: Date.now(), restartDelay });
    worker.on('message', (message: unknown) => {
      if (!isPressboxMessage<ToPrimary>(message) || message.pressbox !== 'ask') return;
      answer(worker, message.request).then(
        (result) => worker.isConnected() && worker.send({ pressbox: 'answer', id: message.id, result } satisfies ToWorker),
        (error: unknown) =>
          worker.isConnected() && worker.send({ pressbox: 'answer', id: message.id, error: String(error) } satisfies ToWorker),
      );
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker.id);
    slots.delete(worker.id);
    share.forget(worker.id);
    // Before every worker listened, a worker that exits fails the start instead (below).
    if (draining || !slot || !started) return;
    const young = Date.now() - slot.startedAt < CRASH_LOOP_MS;
    const delay = young ? Math.min(MAX_RESTART_DELAY_MS, Math.max(500, slot.restartDelay * 2)) : 0;
    const { level, message } = workerExit(code, signal);
    options.logger.log(level, message, { worker: worker.id, code, signal, restartInMs: delay });
    setTimeout(() => {
      if (!draining) fork(young ? delay : 0);
    }, delay).unref();
  });

  const listening = allListening(options.workers, () => (draining = true));
  for (let index = 0; index < options.workers; index++) fork();
  let origin: string;
  try {
    origin = await listening;
    started = true;
  } catch (error) {
    for (const { worker } of slots.values()) worker.kill();
    await sandbox.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    origin,
    close: () =>
      (closing ??= (async () => {
        draining = true;
        clearInterval(sweep);
        await Promise.all([...slots.values()].map(({ worker }) => drained(worker)));
        await sandbox.close();
      })()),
  };
}

/** What the primary answers a worker's question with: the machine's shared state, and every worker's metrics summed. */
function workerAnswers(
  share: MachineShare,
  slots: Map<number, Slot>,
  aggregator: AggregatorRegistry<RegistryContentType>,
  sandbox: OnDemandSandbox,
  clock: SandboxClock,
) {
  return async (worker: Worker, request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'hold':
        return share.hold(worker.id, request.topic, request.ms);
      case 'release':
        return share.release(worker.id, request.topic);
      case 'publish': {
        const state = share.publish(request.topic, request.json, request.etag);
        const message: ToWorker = { pressbox: 'state', topic: request.topic, state };
        for (const { worker: each } of slots.values()) if (each.isConnected()) each.send(message);
        return state;
      }
      case 'latest':
        return share.latest(request.topic);
      case 'cache-get':
        return share.cacheGet(request.key);
      case 'cache-set':
        return share.cacheSet(request.key, request.entry, request.keepMs);
      case 'cache-claim':
        return share.cacheClaim(request.key, request.ms);
      case 'cache-clear':
        return share.cacheClear();
      case 'metrics':
        return (await aggregator.clusterMetrics()) as string;
      case 'sandbox':
        return (await sandbox.start()).baseUrl;
      case 'clock':
        return clock.reading();
    }
  };
}

/** The origin once every worker listens; refused (and `onFailed` called) when one exits before it does. */
function allListening(workers: number, onFailed: () => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let ready = 0;
    const onListening = (_worker: Worker, address: { address: string | null; port: number }) => {
      if (++ready < workers) return;
      cluster.off('listening', onListening);
      const host = address.address && address.address !== '::' ? address.address : '127.0.0.1';
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    };
    cluster.on('listening', onListening);
    // A worker that cannot start (port taken, store unreadable) says why on its stderr and exits: so does the machine.
    const onEarlyExit = (_worker: Worker, code: number) => {
      if (ready >= workers) return cluster.off('exit', onEarlyExit);
      onFailed();
      reject(new Error(`a relay worker exited with code ${code} before it listened (its error is above)`));
    };
    cluster.on('exit', onEarlyExit);
  });
}

/** A worker asked to drain (killed if it has not exited within DRAIN_TIMEOUT_MS), resolved once it has exited. */
function drained(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    if (worker.isDead()) return resolve();
    worker.once('exit', () => resolve());
    const timer = setTimeout(() => worker.kill('SIGKILL'), DRAIN_TIMEOUT_MS);
    timer.unref();
    if (worker.isConnected()) worker.send({ pressbox: 'drain' } satisfies ToWorker);
    else worker.kill();
  });
}

/**
 * How a worker's end is logged: stopped on purpose (SIGTERM or SIGINT from an operator or a service manager, or a clean
 * exit) is news, not an error; a crash or a kill is an error, for alerting to catch.
 */
export function workerExit(code: number | null, signal: string | null): { level: LogLevel; message: string } {
  return code === 0 || signal === 'SIGTERM' || signal === 'SIGINT'
    ? { level: 'info', message: `relay worker stopped (${signal ?? 'exit 0'}); starting another` }
    : { level: 'error', message: 'relay worker died; starting another' };
}
