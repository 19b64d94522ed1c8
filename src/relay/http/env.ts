export type RelayEnv = {
  Variables: {
    /** The reader's address, read once per request (client-address.ts). */
    address: string;
    /** The route pattern, for metering and metrics, where Hono's matched pattern is not it. */
    route: string;
  };
  /** From @hono/node-server; absent when the app is called without a socket (app.request). */
  Bindings: {
    incoming?: import('node:http').IncomingMessage;
    outgoing?: import('node:http').ServerResponse;
  };
};
