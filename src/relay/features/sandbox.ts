import { onDemandSandbox } from '../../sandbox/server.js';
import { relayFeature } from './feature.js';

/**
 * The embedded sandbox: the upstream of test keys (pk_test_…), and of live keys when no real service is set. It starts
 * with the relay where live keys need it or the demo plays it; on the real service, only when a test key first asks
 * (never, on a relay whose operator uses none). A worker of `--workers` asks its primary's, which starts it alike.
 */
export const sandboxFeature = relayFeature()({
  name: 'sandbox',
  group: undefined,
  flags: {},
  async start(context) {
    const { base, machine } = context;
    if (machine) {
      context.provide('sandbox', { url: machine.sandboxUrl, running: () => undefined });
      return;
    }
    const sandbox = onDemandSandbox(base.sandbox);
    context.onClose(() => sandbox.close());
    if (!base.upstreamUrl) await sandbox.start();
    context.provide('sandbox', { url: async () => (await sandbox.start()).baseUrl, running: sandbox.running });
  },
});
