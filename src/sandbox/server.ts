import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox, type SandboxOptions } from './app.js';

export interface RunningSandbox extends Sandbox {
  /** Base address ending in `/v1`, as the spec's `{base_url}`. */
  baseUrl: string;
  origin: string;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const host = options.host ?? '127.0.0.1';
  const server: ServerType = await new Promise((resolve, reject) => {
    const started = serve({ fetch: sandbox.app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(started));
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    ...sandbox,
    origin,
    baseUrl: `${origin}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A sandbox started the first time it is asked for (again after a failed start), and closed only if it was. */
export interface OnDemandSandbox {
  start(): Promise<RunningSandbox>;
  /** The sandbox once started; undefined before. */
  running(): RunningSandbox | undefined;
  close(): Promise<void>;
}

export function onDemandSandbox(options: SandboxOptions & { port?: number } = {}): OnDemandSandbox {
  let started: RunningSandbox | undefined;
  let starting: Promise<RunningSandbox> | undefined;
  return {
    start: () =>
      (starting ??= startSandbox({ port: 0, ...options, host: '127.0.0.1' }).then(
        (sandbox) => (started = sandbox),
        (error: unknown) => {
          starting = undefined;
          throw error;
        },
      )),
    running: () => started,
    close: async () => {
      await (await starting?.catch(() => undefined))?.close();
    },
  };
}
