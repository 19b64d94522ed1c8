import type { PageOrigin } from '../keys/domains.js';
import type { WidgetKey } from '../keys/model.js';
import type { CachedUpstream } from '../upstream/cached.js';

export type RelayEnv = {
  Variables: {
    widgetKey: WidgetKey;
    page: PageOrigin;
    upstream: CachedUpstream;
    /** The route pattern, for metering and metrics (`/v1/games/:gameId`). */
    route: string;
  };
  /** From @hono/node-server; absent when the app is called without a socket (app.request). */
  Bindings: {
    incoming?: { destroyed?: boolean; socket?: { remoteAddress?: string; destroyed?: boolean } };
    outgoing?: import('node:http').ServerResponse;
  };
};
