import type { Access } from '../types.js';
import type { WidgetRequest } from '../types.js';

export type RelayEnv = {
  Variables: {
    access: Access;
    request: WidgetRequest;
    /** The reader's address, read once per request (client-address.ts). */
    address: string;
    /** On /v1/live: whether the client has gone (its connection closed), known from before anything was awaited. */
    gone: () => boolean;
    /** The route pattern, for metering and metrics (`/v1/live`). */
    route: string;
  };
  /** From @hono/node-server; absent when the app is called without a socket (app.request). */
  Bindings: {
    incoming?: import('node:http').IncomingMessage;
    outgoing?: import('node:http').ServerResponse;
  };
};
