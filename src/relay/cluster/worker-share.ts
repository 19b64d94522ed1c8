import { liveAnswersOnly } from '../cache/live-answers-only.js';
import type { SharedEntries } from '../cache/resource-cache.js';
import type { LiveShare, TopicState } from '../live/share.js';
import { SandboxClock, type ClockReading } from '../../sandbox/clock.js';
import { isPressboxMessage, type ToPrimary, type ToWorker, type WorkerRequest } from './messages.js';

/** How long a worker waits for the primary before it treats the call as failed (the primary only answers from memory). */
const ANSWER_TIMEOUT_MS = 5000;

const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
const stateListeners: Array<(topic: string, state: TopicState) => void> = [];
const clockListeners: Array<(reading: ClockReading) => void> = [];
let nextId = 0;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  process.on('message', (message: unknown) => {
    if (!isPressboxMessage<ToWorker>(message)) return;
    if (message.pressbox === 'answer') {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
    } else if (message.pressbox === 'state') for (const listener of stateListeners) listener(message.topic, message.state);
    else if (message.pressbox === 'clock') for (const listener of clockListeners) listener(message.reading);
  });
}

/** One request to the primary, answered from its memory. */
export function askPrimary<T>(request: WorkerRequest): Promise<T> {
  listen();
  return new Promise<T>((resolve, reject) => {
    const id = ++nextId;
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`the primary process did not answer ${request.op}`));
    }, ANSWER_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
    const message: ToPrimary = { pressbox: 'ask', id, request };
    process.send!(message);
  });
}

/** Live topics shared by the workers of one machine through the primary: one of them polls each (live/share.ts). */
export function workerLiveShare(): LiveShare {
  listen();
  return {
    // The primary always answers (it is the machine); were it gone, this worker exits with it.
    hold: (topic, ms) => askPrimary<boolean>({ op: 'hold', topic, ms }),
    release: (topic) => askPrimary<void>({ op: 'release', topic }),
    publish: async (topic, json, etag) => (await askPrimary<TopicState>({ op: 'publish', topic, json, etag })).id,
    latest: (topic) => askPrimary<TopicState | undefined>({ op: 'latest', topic }),
    onState: (listener) => void stateListeners.push(listener),
    close: async () => {},
  };
}

/** Upstream answers shared by the workers of one machine: a worker that missed asks the primary before upstream. */
export function workerSharedEntries(): SharedEntries {
  return liveAnswersOnly({
    get: (key) => askPrimary({ op: 'cache-get', key }),
    set: (key, entry, keepMs) => askPrimary({ op: 'cache-set', key, entry, keepMs }),
    claim: (key, ms) => askPrimary({ op: 'cache-claim', key, ms }),
    clear: () => askPrimary({ op: 'cache-clear' }),
  });
}

/** The primary's sandbox clock, run in this worker: read once, then followed through every change the primary sends. */
export async function workerSandboxClock(): Promise<SandboxClock> {
  listen();
  const clock = new SandboxClock();
  clockListeners.push((reading) => clock.follow(reading));
  clock.follow(await askPrimary<ClockReading>({ op: 'clock' }));
  return clock;
}
