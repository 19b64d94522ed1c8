import { startSandbox, type RunningSandbox } from '../../sandbox/server.js';
import { relayFeature } from './feature.js';

/**
 * The embedded sandbox: the upstream of test keys (pk_test_…), and of live keys when no real service is set. It starts
 * with the relay where live keys need it or the demo plays it; on the real service, only when a test key first asks
 * (never, on a relay whose operator uses none). A worker of `--workers` uses its primary's.
 */
export const sandboxFeature = relayFeature()({
  name: 'sandbox',
  group: undefined,
  flags: {},
  async start(context) {
    const { base, machine } = context;
    if (machine) {
      context.provide('sandbox', { url: async () => machine.sandboxUrl, running: () => undefined });
      return;
    }
    let started: RunningSandbox | undefined;
    let starting: Promise<RunningSandbox> | undefined;
    const start = () =>
      (starting ??= startSandbox({ port: 0, ...base.sandbox, host: '127.0.0.1' }).then(
        (sandbox) => (started = sandbox),
        (error: unknown) => {
          starting = undefined;
          throw error;
        },
      ));
    context.onClose(async () => {
      await (await starting?.catch(() => undefined))?.close();
    });
    if (!base.upstreamUrl) await start();
    context.provide('sandbox', { url: async () => (await start()).baseUrl, running: () => started });
  },
});
