import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { RelayEnv } from './env.js';

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

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** `address`: the reader's, as `ClientAddress` read it (client-address.ts). */
export function widgetRequestOf(request: IncomingMessage, key: string | undefined, address: string): WidgetRequest {
  const { headers } = request;
  return {
    key,
    origin: header(headers.origin),
    referer: header(headers.referer),
    fetchSite: header(headers['sec-fetch-site']),
    address,
  };
}

export function widgetRequestOfContext(c: Context<RelayEnv>): WidgetRequest {
  return {
    key: c.req.query('key'),
    origin: c.req.header('origin'),
    referer: c.req.header('referer'),
    fetchSite: c.req.header('sec-fetch-site'),
    address: c.get('address'),
  };
}
