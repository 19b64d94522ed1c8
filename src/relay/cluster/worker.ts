import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { startRelay, type RelayOptions, type RunningRelay } from '../server.js';
import { isPressboxMessage, type ToWorker } from './messages.js';
import { askPrimary, workerLiveShare, workerSandboxClock, workerSharedEntries } from './worker-share.js';

/**
 * One worker of `pressbox serve --workers N`: a whole relay on the machine's shared port, with the primary's sandbox,
 * live topics and upstream answers shared through the primary, and its metrics summed there. It drains when the
 * primary says so, and exits with it (a worker whose primary is gone would share nothing any more).
 */
export async function startRelayWorker(options: RelayOptions): Promise<RunningRelay> {
  if (!cluster.isWorker) throw new Error('startRelayWorker runs in a worker started by pressbox serve --workers.');
  const relay = await startRelay(options, {
    sandboxUrl: () => askPrimary<string>({ op: 'sandbox' }),
    sandboxClock: workerSandboxClock,
    share: workerLiveShare(),
    sharedEntries: workerSharedEntries(),
    metricsText: () => askPrimary<string>({ op: 'metrics' }),
    worker: cluster.worker!.id,
  });
  // Constructing one is what makes prom-client answer the primary's requests in this worker.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([relay.metrics.registry]);
  const stop = () => void relay.close().finally(() => process.exit(0));
  process.on('message', (message: unknown) => {
    if (isPressboxMessage<ToWorker>(message) && message.pressbox === 'drain') stop();
  });
  process.once('disconnect', stop);
  // A signal to the whole group (Ctrl+C, systemd) reaches the primary too, which then starts no worker again; one sent
  // to this worker alone drains it, and the primary starts another in its place.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return relay;
}
