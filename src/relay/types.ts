import type { PageOrigin } from './keys/domains.js';
import type { WidgetKey } from './keys/model.js';
import type { CachedUpstream } from './upstream/cached.js';

// What the relay's layers pass to each other about one widget request, kept apart so that none imports another's module for it.

/** What the relay reads of a widget's request to decide who may have what: the same for data routes and live streams. */
export interface WidgetRequest {
  key: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  /** Sec-Fetch-Site: every current browser sends it, scripts replaying a key rarely do. */
  fetchSite: string | undefined;
  /** The reader's address: the socket's peer, or what trusted proxies forwarded (client-address.ts). */
  address: string;
}

/** Who may have widget data: the key it names, the page it is for, and the upstream that serves that key. */
export interface Access {
  key: WidgetKey;
  page: PageOrigin;
  upstream: CachedUpstream;
}

/** Decided at once when the key is in memory (nearly always), otherwise once the store has answered. */
export type Authorize = (request: WidgetRequest) => Access | Promise<Access>;
