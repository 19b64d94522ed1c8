import type { IncomingMessage, ServerResponse } from 'node:http';
import { RELAY_TIME_HEADER } from '../../contract/version.js';
import { RelayError } from '../base/errors.js';
import type { Logger } from '../base/logger.js';
import type { WidgetRequest } from '../base/request.js';
import type { UsageStore } from '../store/types.js';
import { countLoad } from '../metering/quota.js';
import type { Access } from './access.js';
import { pageHeaders, refusalAnswer, writeAnswer, type Answer, type AnsweredRequest } from './answer.js';
import { bytesOf, LOADS_REMAINING_HEADER, representation, type PreparedBody } from './body.js';
import type { ClientAddress } from './client-address.js';
import type { RelayMetrics } from './metrics.js';
import { RENDER_PREFIX, RENDER_ROUTE, renderedPages, type ElementRendering, type RenderPlan } from './rendered-pages.js';

const HTML_TYPE = 'text/html; charset=utf-8';

interface RenderRouteDeps {
  usage: UsageStore;
  metrics: RelayMetrics;
  logger: Logger;
  clientAddress: ClientAddress;
  observe: (answered: AnsweredRequest) => void;
  now: () => number;
}

/** The data routes' gate: the key granted for the page's origin, the rate limit. */
type Admit = (
  request: IncomingMessage,
  search: string,
  address: string,
) => Promise<{ access: Access; widgetRequest: WidgetRequest; query: string }>;

/** The payload of the data route a plan names, under the same rules as the route itself (data-routes.ts). */
type PayloadFor = (
  request: IncomingMessage,
  access: Access,
  widgetRequest: WidgetRequest,
  plan: RenderPlan,
) => PreparedBody | Promise<PreparedBody>;

/**
 * `GET /v1/render/{tag}?{attributes}&key=…`: the element's data as its data route would answer it (the same gate,
 * rules and payload), then its HTML. One load, like the data it carries; 304 and HEAD deliver none.
 */
export function renderRoute(deps: RenderRouteDeps, rendering: ElementRendering, admit: Admit, payloadFor: PayloadFor) {
  const pages = renderedPages(rendering);

  const answer = async (
    request: IncomingMessage,
    response: ServerResponse,
    tag: string,
    search: string,
    address: string,
  ): Promise<Answer> => {
    const headers = pageHeaders(request.headers.origin);
    try {
      const { access, widgetRequest, query } = await admit(request, search, address);
      const plan = await rendering.plan(decodedTag(tag), new URLSearchParams(query));
      if ('problem' in plan) throw new RelayError(plan.code, plan.problem);
      const page = await pages.page(plan, query, await payloadFor(request, access, widgetRequest, plan));
      const { encoding, etag } = representation(page.body, request.headers['accept-encoding']);
      headers.push(
        'ETag',
        etag,
        'Vary',
        'Accept-Encoding',
        // Fresh as long as its data: a page's server may keep it that long (the key's loads are counted per answer).
        'Cache-Control',
        `private, max-age=${Math.floor(page.refreshMs / 1000)}`,
        RELAY_TIME_HEADER,
        String(deps.now()),
      );
      if (request.headers['if-none-match'] === etag) return { status: 304, headers };
      headers.push('Content-Type', HTML_TYPE);
      if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
      const body = bytesOf(page.body, encoding);
      if (request.method === 'HEAD') return { status: 200, headers: [...headers, 'Content-Length', String(body.byteLength)] };
      if (request.destroyed || response.destroyed) return { status: 499, headers };
      const remaining = await countLoad(deps.usage, access, widgetRequest, RENDER_ROUTE, deps.now());
      deps.metrics.loads.count(RENDER_ROUTE);
      headers.push(LOADS_REMAINING_HEADER, String(remaining));
      return { status: 200, headers, body };
    } catch (error) {
      return refusalAnswer(error, headers, RENDER_ROUTE, deps.logger);
    }
  };

  return async (request: IncomingMessage, response: ServerResponse, pathname: string, search: string): Promise<void> => {
    const started = performance.now();
    const address = deps.clientAddress(request.socket.remoteAddress, request.headers);
    const answered = await answer(request, response, pathname.slice(RENDER_PREFIX.length), search, address);
    writeAnswer(response, answered);
    deps.observe({
      method: request.method!,
      path: pathname,
      address,
      route: RENDER_ROUTE,
      status: answered.status,
      ms: performance.now() - started,
    });
  };
}

/** The path's tag as written; a malformed escape (`%E0`) names no element rather than failing the request. */
function decodedTag(tag: string): string {
  try {
    return decodeURIComponent(tag);
  } catch {
    return tag;
  }
}
