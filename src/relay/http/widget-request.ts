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
  /** From the socket, never from headers a client can forge. */
  address: string;
  /** The Host the browser addressed: an embed token is honoured only on requests from the relay's own pages. */
  host: string | undefined;
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function widgetRequestOf(request: IncomingMessage, key: string | undefined): WidgetRequest {
  const { headers } = request;
  return {
    key,
    origin: header(headers.origin),
    referer: header(headers.referer),
    fetchSite: header(headers['sec-fetch-site']),
    address: request.socket.remoteAddress ?? 'local',
    host: header(headers.host),
  };
}

export function widgetRequestOfContext(c: Context<RelayEnv>): WidgetRequest {
  return {
    key: c.req.query('key'),
    origin: c.req.header('origin'),
    referer: c.req.header('referer'),
    fetchSite: c.req.header('sec-fetch-site'),
    address: c.env?.incoming?.socket?.remoteAddress ?? 'local',
    host: c.req.header('host'),
  };
}
