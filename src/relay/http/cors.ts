import type { Context } from 'hono';
import { CONTRACT_HEADER, CONTRACT_REVISION_HEADER } from '../../contract/version.js';
import { LOADS_REMAINING_HEADER } from './body.js';

const EXPOSED_HEADERS = `ETag, Retry-After, ${LOADS_REMAINING_HEADER}, ${CONTRACT_HEADER}, ${CONTRACT_REVISION_HEADER}`;

/**
 * CORS for every browser-facing answer: the page's own origin is echoed (errors too, so the element can
 * read the message), never with credentials, and responses vary by Origin.
 */
export function corsHeaderList(origin: string | undefined): string[] {
  return origin && origin !== 'null'
    ? ['Vary', 'Origin', 'Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', EXPOSED_HEADERS]
    : ['Vary', 'Origin', 'Access-Control-Expose-Headers', EXPOSED_HEADERS];
}

/** Headers as Node's writeHead takes them, name then value: `[name, value, name, value…]`. */
export function eachHeader(list: readonly string[], set: (name: string, value: string) => void): void {
  for (let i = 0; i < list.length; i += 2) set(list[i]!, list[i + 1]!);
}

export function corsHeaders(c: Context): void {
  eachHeader(corsHeaderList(c.req.header('origin')), (name, value) => c.header(name, value));
}
