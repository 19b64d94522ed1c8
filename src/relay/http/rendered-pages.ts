import { LRUCache } from 'lru-cache';
import { etagOf, type PreparedBody } from './body.js';

/** The route a server rendering is counted under (usage by route, metrics). */
export const RENDER_ROUTE = '/v1/render/{tag}';
export const RENDER_PREFIX = '/v1/render/';

/** A rendering the relay can serve: the element's attributes, and the data route and query its data comes from. */
export interface RenderPlan {
  tag: string;
  attributes: Record<string, string>;
  path: string;
  search: string;
}

/**
 * Server rendering, given to the data routes by the render feature (features/render.ts), which loads the elements
 * and Lit's server renderer (src/ssr) only in a relay that serves renderings.
 */
export interface ElementRendering {
  /** Which data the element's attributes name, or why they cannot be rendered. */
  plan(tag: string, query: URLSearchParams): Promise<RenderPlan | { problem: string; code: 'not_found' | 'bad_request' }>;
  /** The element's HTML for one answer. */
  html(plan: RenderPlan, answer: { data: unknown; etag: string }): Promise<string>;
}

/**
 * Rendered pages kept: the same element and data ask for the same HTML, rendered once (a few milliseconds each). Bounded
 * by bytes (an element's page is 25–110 KB, its compressed forms a tenth more): made-up attribute combinations cannot
 * grow the relay's memory past this.
 */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

export interface RenderedPage {
  body: PreparedBody;
  refreshMs: number;
}

/** Renders each (request, answer) once while it is asked for; the HTML's ETag follows the data's and the request's. */
export function renderedPages(rendering: ElementRendering) {
  const pages = new LRUCache<string, RenderedPage>({
    maxSize: MAX_PAGE_BYTES,
    sizeCalculation: (page) => Math.ceil(page.body.bytes.length * 1.2),
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();
  return {
    page(plan: RenderPlan, search: string, data: PreparedBody): RenderedPage | Promise<RenderedPage> {
      const name = `${plan.tag}?${search}\n${data.etag}`;
      const kept = pages.get(name);
      if (kept) return kept;
      let pending = inFlight.get(name);
      if (!pending) {
        const payload = JSON.parse(data.bytes.toString()) as { refreshMs: number };
        pending = rendering
          .html(plan, { data: payload, etag: data.etag })
          .then((html) => {
            const page = { body: { bytes: Buffer.from(html), etag: etagOf(`${search}\n${data.etag}`) }, refreshMs: payload.refreshMs };
            pages.set(name, page);
            return page;
          })
          .finally(() => inFlight.delete(name));
        inFlight.set(name, pending);
      }
      return pending;
    },
  };
}
