// How the relay answers, under both of its HTTP stacks: the data routes on Node's own request and response
// (data-routes.ts) and every other route on Hono (features/http-app.ts). The headers every answer carries, CORS, a
// refusal's status, headers and body, writing it, and observing the answer are written once, here, so a refusal reads
// the same byte for byte whichever stack gave it (test/system/relay/http/answers.test.ts).
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { CONTRACT_HEADER, CONTRACT_REVISION_HEADER, RELAY_TIME_HEADER } from '../../contract/version.js';
import { RelayError, unexpectedFailure } from '../base/errors.js';
import type { Logger } from '../base/logger.js';
import { LOADS_REMAINING_HEADER } from './body.js';
import type { RelayEnv } from './env.js';
import type { RelayMetrics } from './metrics.js';

/** Sent with every answer of the relay: pages on other origins read it (CORS decides who), none may sniff its type. */
export const SECURITY_HEADERS: readonly string[] = ['X-Content-Type-Options', 'nosniff', 'Cross-Origin-Resource-Policy', 'cross-origin'];

export const JSON_TYPE = 'application/json; charset=utf-8';

const EXPOSED_HEADERS = `ETag, Retry-After, ${LOADS_REMAINING_HEADER}, ${CONTRACT_HEADER}, ${CONTRACT_REVISION_HEADER}, ${RELAY_TIME_HEADER}`;

/** Status, headers as Node's writeHead takes them (`[name, value, name, value…]`), body. */
export interface Answer {
  status: number;
  headers: string[];
  body?: Buffer | string;
}

/**
 * CORS for every browser-facing answer: the page's own origin is echoed (errors too, so the element can read the
 * message), never with credentials, and responses vary by Origin. A `null` origin (a page opened from a file, a
 * sandboxed frame) is echoed as well: it is never granted data, so all it can read is the refusal naming its cause.
 */
function corsHeaderList(origin: string | undefined): string[] {
  return origin
    ? ['Vary', 'Origin', 'Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', EXPOSED_HEADERS]
    : ['Vary', 'Origin', 'Access-Control-Expose-Headers', EXPOSED_HEADERS];
}

/** What every answer to a page starts with: CORS for its origin, then the security headers. */
export function pageHeaders(origin: string | undefined): string[] {
  const headers = corsHeaderList(origin);
  headers.push(...SECURITY_HEADERS);
  return headers;
}

/** Headers as a `[name, value…]` list, one pair at a time. */
export function eachHeader(list: readonly string[], set: (name: string, value: string) => void): void {
  for (let i = 0; i < list.length; i += 2) set(list[i]!, list[i + 1]!);
}

/** A refusal's answer; anything but a RelayError is the relay's own failure, logged and answered with one 500 body. */
export function refusalAnswer(error: unknown, headers: string[], path: string, logger: Logger): Answer {
  const refusal = error instanceof RelayError ? error : unexpectedFailure(error, path, logger);
  headers.push(...Object.entries(refusal.headers).flat(), 'Content-Type', JSON_TYPE);
  return { status: refusal.status, headers, body: JSON.stringify(refusal.body()) };
}

/** Writes the answer on Node's response, unless the reader has gone or an answer has already started. */
export function writeAnswer(response: ServerResponse, { status, headers, body }: Answer): void {
  if (response.destroyed || response.headersSent) return;
  if (body !== undefined) headers.push('Content-Length', String(Buffer.byteLength(body)));
  response.writeHead(status, headers);
  response.end(body);
}

/**
 * A refusal on a Hono route, written as the data routes write theirs: on Node's response itself (Hono's own Response
 * would reorder and lowercase the headers), or, without a socket (app.request), as a Response of the same answer.
 */
export function refuseOnHono(c: Context<RelayEnv>, error: unknown, logger: Logger): Response {
  const answer = refusalAnswer(error, pageHeaders(c.req.header('origin')), c.req.path, logger);
  const outgoing = c.env?.outgoing;
  if (outgoing) {
    writeAnswer(outgoing, answer);
    return RESPONSE_ALREADY_SENT;
  }
  const headers = new Headers();
  eachHeader(answer.headers, (name, value) => headers.append(name, value));
  return new Response(answer.body as string, { status: answer.status, headers });
}

/** The status a Hono route answered with, where the answer was written on Node's response directly. */
export function answeredStatus(c: Context<RelayEnv>): number {
  const outgoing = c.env?.outgoing;
  return outgoing?.headersSent ? outgoing.statusCode : c.res.status;
}

export interface AnsweredRequest {
  method: string;
  /** The path alone, as received (still percent-encoded): query strings hold keys. */
  path: string;
  /** The reader's address (behind trusted proxies, the one they forwarded). */
  address: string;
  /** The route pattern, never the raw path: a scan of made-up paths must not grow the metrics without bound. */
  route: string;
  status: number;
  ms: number;
}

/** Every answer, on every route: counted and timed in the metrics, and one log line (never headers). */
export function requestObserver(metrics: RelayMetrics, logger: Logger): (answered: AnsweredRequest) => void {
  return ({ method, path, address, route, status, ms }) => {
    metrics.requests.count(route, status);
    metrics.duration.observe(route, ms / 1000);
    logger.log(status >= 500 ? 'error' : 'info', 'request', { method, path, status, ms: Math.round(ms * 10) / 10, client: address });
  };
}

/** The path as the client sent it, still percent-encoded (Hono's `c.req.path` is decoded). */
export function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('?', start);
  return start === -1 ? '/' : url.slice(start, end === -1 ? undefined : end);
}
