import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { RelayEnv } from './env.js';
import type { WidgetRequest } from '../base/request.js';

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** `address` and `region`: the reader's, as `ClientAddress` and `ReaderRegion` read them (client-address.ts, reader-region.ts). */
export function widgetRequestOf(request: IncomingMessage, key: string | undefined, address: string, region?: string): WidgetRequest {
  const { headers } = request;
  return {
    key,
    origin: header(headers.origin),
    referer: header(headers.referer),
    fetchSite: header(headers['sec-fetch-site']),
    address,
    region,
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
