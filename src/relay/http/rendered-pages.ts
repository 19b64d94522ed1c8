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

/** Pages kept rendered: the same element and data ask for the same HTML, rendered once (a few milliseconds each). */
const MAX_PAGES = 500;

export interface RenderedPage {
  body: PreparedBody;
  refreshMs: number;
}

/** Renders each (request, answer) once while it is asked for; the HTML's ETag follows the data's and the request's. */
export function renderedPages(rendering: ElementRendering) {
  const pages = new LRUCache<string, Promise<RenderedPage>>({ max: MAX_PAGES });
  return {
    page(plan: RenderPlan, search: string, data: PreparedBody): Promise<RenderedPage> {
      const name = `${plan.tag}?${search}\n${data.etag}`;
      let page = pages.get(name);
      if (!page) {
        const payload = JSON.parse(data.bytes.toString()) as { refreshMs: number };
        page = rendering.html(plan, { data: payload, etag: data.etag }).then((html) => ({
          body: { bytes: Buffer.from(html), etag: etagOf(`${search}\n${data.etag}`) },
          refreshMs: payload.refreshMs,
        }));
        pages.set(name, page);
        page.catch(() => pages.delete(name));
      }
      return page;
    },
  };
}
