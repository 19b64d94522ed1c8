/** What the relay reads of a widget's request to decide who may have what: the same for data routes and live streams. */
export interface WidgetRequest {
  key: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  /** Sec-Fetch-Site: every current browser sends it, scripts replaying a key rarely do. */
  fetchSite: string | undefined;
  /** The reader's address: the socket's peer, or what trusted proxies forwarded (client-address.ts). */
  address: string;
  /** The reader's ISO 3166 region as a trusted proxy names it (http/reader-region.ts); undefined when unknown. */
  region?: string;
}
