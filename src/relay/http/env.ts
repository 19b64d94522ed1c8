import type { Access } from './access.js';
import type { WidgetRequest } from './widget-request.js';

export type RelayEnv = {
  Variables: {
    access: Access;
    request: WidgetRequest;
    /** The route pattern, for metering and metrics (`/v1/live`). */
    route: string;
  };
  /** From @hono/node-server; absent when the app is called without a socket (app.request). */
  Bindings: {
    incoming?: { socket?: { remoteAddress?: string } };
    outgoing?: import('node:http').ServerResponse;
  };
};
