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
  Bindings: { incoming?: { destroyed?: boolean; socket?: { remoteAddress?: string; destroyed?: boolean } } };
};
