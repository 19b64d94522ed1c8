import { Hono, type Context } from 'hono';
import { isElementTag } from '../../contract/elements.js';
import { z } from 'zod';
import { frameSize, frameTitle, iframeMarkup, type WidgetChoice } from '../../embed/snippets.js';
import { shortened } from '../base/echo.js';
import { MIN_FRAME_WIDTH, reservedHeight } from '../../embed/tags.js';
import { RelayError } from '../base/errors.js';
import { patternsOf } from '../key-service/service.js';
import type { OwnOrigins } from '../http/own-origins.js';
import type { RelayEnv } from '../http/env.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { widgetRequestOfContext } from '../http/widget-request.js';
import { FRAMEABLE_PROBLEM_POLICY, OWN_PAGE_POLICY, UNFRAMED_POLICY } from '../http/own-page-policy.js';
import { builtFiles } from '../http/static.js';
import { decideOrigin, pageOrigin, type PageOrigin } from '../keys/domains.js';
import { ampPublisherOrigin } from './amp-cache.js';
import { isActive, type WidgetKey } from '../keys/model.js';
import { firstValues } from '../resources/params.js';
import type { KeyStore } from '../store/types.js';
import { BUILDER_CSS, builderPage } from './builder-page.js';
import { catalogFor, type CatalogDeps } from './catalog.js';
import { frameAncestors } from './frame-ancestors.js';
import { EMBED_CSS, embedPage, NOTICE_CSS, openedDirectlyPage, problemPage, readerLanguage, REFUSED_PAGE } from './pages.js';
import { EMBED_TAG_LIST, readEmbedQuery } from './params.js';
import { EMBED_TOKEN_TTL_MS, type EmbedTokens } from '../http/embed-token.js';

export interface EmbedDeps extends CatalogDeps {
  keys: KeyStore;
  tokens: EmbedTokens;
  /** The widget routes' limiter: an embed page, an oEmbed answer and a catalog take from the same key's bucket. */
  limit: RateLimiter;
  /** The machine's clock, on which keys are revoked (the catalog's day is on the relay's `now`). */
  wall: () => number;
  /** The relay's own origins (`--public-url`, else the listen address): never the Host header. */
  own: OwnOrigins;
  /** The built bundle, which also holds the embed frame's and the builder's scripts (dist/cdn/embed). */
  bundleDir?: string;
}

/** The request's own query parameters, the first of a repeated one counting, as on the data routes. */
const queryOf = (c: Context) => firstValues(new URL(c.req.url).search.slice(1));

/** Takes a request from the key's bucket: the refusal when the client is over the limit, else undefined. */
function overLimit(limit: RateLimiter, key: string, c: Context<RelayEnv>): RelayError | undefined {
  try {
    limit(key, widgetRequestOfContext(c));
    return undefined;
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
}

function html(c: Context, status: 200 | 400 | 401 | 403 | 404 | 429, body: string): Response {
  if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', UNFRAMED_POLICY);
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Cache-Control', 'private, no-store');
  return c.body(body, status);
}

/** A mistake in the embed's address or key, readable inside the publisher's frame wherever it is. */
function problem(c: Context, status: 400 | 401 | 404, message: string): Response {
  c.header('Content-Security-Policy', FRAMEABLE_PROBLEM_POLICY);
  return html(c, status, problemPage(message));
}

function usableKey(key: WidgetKey | undefined, now: number): key is WidgetKey {
  return key !== undefined && isActive(key, now);
}

const maxDimension = z.coerce.number().int().positive().optional();

/**
 * Script-free embeds: `/embed/{tag}` (a page with one element, for an iframe), `/oembed` (the iframe for editors that
 * speak oEmbed), and `/builder` (pick a widget, preview it, copy a snippet). See token.ts for how the frame gets data.
 */
export function embedRoutes(deps: EmbedDeps): Hono<RelayEnv> {
  const app = new Hono<RelayEnv>();
  const sendScript = builtFiles();
  const script = async (c: Context, path: string) =>
    (deps.bundleDir ? await sendScript(c, deps.bundleDir, path, { 'Cache-Control': 'public, max-age=300' }) : undefined) ??
    c.text('The embed scripts are not built: run npm run build.', 404);
  const stylesheet = (c: Context, css: string) =>
    c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=300' });

  app.get('/embed/frame.js', (c) => script(c, 'embed/frame.js'));
  app.get('/embed/frame.css', (c) => stylesheet(c, EMBED_CSS));
  app.get('/embed/notice.css', (c) => stylesheet(c, NOTICE_CSS));
  app.get('/builder/builder.js', (c) => script(c, 'embed/builder.js'));
  app.get('/builder/builder.css', (c) => stylesheet(c, BUILDER_CSS));

  app.get('/embed/:tag', (c) => embedPageFor(c, deps));
  app.get('/oembed', (c) => oembedFor(c, deps));

  app.get('/builder', (c) => {
    c.header('Content-Security-Policy', UNFRAMED_POLICY.replace("default-src 'none'", "default-src 'none'; frame-src 'self'"));
    return html(c, 200, builderPage(deps.own.primary));
  });

  app.get('/builder/catalog', async (c) => {
    const key = await deps.keys.getKey(c.req.query('key') ?? '');
    if (!usableKey(key, deps.wall()))
      return c.json({ error: { code: 'invalid_key', message: 'Enter a publishable key this relay knows (pk_live_… or pk_test_…).' } }, 401);
    const limited = overLimit(deps.limit, key.key, c);
    if (limited) throw limited;
    const catalog = await catalogFor(deps, key, c.req.query('league') ?? '');
    return 'error' in catalog ? c.json(catalog, 400) : c.json(catalog);
  });
  return app;
}

/** `/embed/{tag}`: the element's page for an iframe on an allowed site, with a token for its data; else a page that says why not. */
async function embedPageFor(c: Context<RelayEnv>, deps: EmbedDeps): Promise<Response> {
  const tag = c.req.param('tag') ?? '';
  if (!isElementTag(tag))
    return problem(c, 404, `there is no element <${shortened(tag, 40)}> to embed; embeddable elements: ${EMBED_TAG_LIST}.`);
  const read = readEmbedQuery(tag, queryOf(c));
  if (!read.ok) return problem(c, 400, `${read.message}.`);
  const choice: WidgetChoice = { relay: deps.own.primary, tag, ...read.query };
  const key = await deps.keys.getKey(read.query.key);
  if (!usableKey(key, deps.wall()))
    return problem(c, 401, 'this widget key is unknown to the relay or was revoked: check that it was copied whole.');
  // The browser's half of the allow-list: only the key's domains (and the relay's own builder) may frame the page.
  c.header('Content-Security-Policy', `${OWN_PAGE_POLICY}; ${frameAncestors(patternsOf(key), key.test)}`);
  const limited = overLimit(deps.limit, key.key, c);
  if (limited) {
    c.header('Retry-After', limited.headers['Retry-After'] ?? '60');
    return html(c, 429, problemPage(limited.message));
  }
  const destination = c.req.header('sec-fetch-dest');
  if (destination === 'document') return html(c, 200, openedDirectlyPage(choice));
  // A navigation carries no Origin: the framing page is the Referer's origin (browsers send at least that by default).
  const framing = pageOrigin(c.req.header('referer'), undefined);
  if (!framing)
    return destination === 'iframe'
      ? html(
          c,
          403,
          problemPage(
            'the page around this frame sent no Referer, so the relay cannot tell which site it is on: remove referrerpolicy="no-referrer" from the iframe.',
          ),
        )
      : html(c, 200, openedDirectlyPage(choice));
  const publisher = deps.own.has(framing.origin) ? framing : allowedFramer(key, framing);
  if (!publisher) return html(c, 403, REFUSED_PAGE);
  const { token } = deps.tokens.mint(key.key, publisher.origin);
  c.header('Vary', 'Accept-Language', { append: true });
  return html(c, 200, embedPage(choice, token, EMBED_TOKEN_TTL_MS, readerLanguage(c.req.header('accept-language'))));
}

/**
 * The site a frame is on, when the key allows it: the framing page itself, or the publisher whose AMP page Google's
 * AMP Cache serves (its loads are counted for the publisher's origin).
 */
function allowedFramer(key: WidgetKey, framing: PageOrigin): PageOrigin | undefined {
  const patterns = patternsOf(key);
  if (decideOrigin(patterns, framing, key.test).allowed) return framing;
  const publisher = ampPublisherOrigin(framing, patterns);
  return publisher && decideOrigin(patterns, publisher, false).allowed ? publisher : undefined;
}

/** `/oembed?url=`: the iframe for one of this relay's embed pages, as editors that speak oEmbed ask for it. */
async function oembedFor(c: Context<RelayEnv>, deps: EmbedDeps): Promise<Response> {
  // Consumers are editors' servers and browsers alike; nothing here is secret.
  c.header('Access-Control-Allow-Origin', '*');
  const refuse = (status: 400 | 404 | 501, message: string) =>
    c.json({ error: { code: status === 404 ? 'not_found' : 'bad_request', message } }, status);
  const format = c.req.query('format') ?? 'json';
  if (format !== 'json') return refuse(501, `Only format=json is offered, not ${shortened(format, 20)}.`);
  const url = c.req.query('url');
  if (!url) return refuse(400, 'url is required: the address of a Pressbox embed page, /embed/{element}?key=…');
  const sizes = z.object({ maxwidth: maxDimension, maxheight: maxDimension }).safeParse(queryOf(c));
  if (!sizes.success) return refuse(400, 'maxwidth and maxheight are whole numbers of pixels above zero.');
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return refuse(404, `${shortened(url)} is not an address.`);
  }
  const tag = /^\/embed\/([a-z-]+)$/.exec(target.pathname)?.[1];
  if (!deps.own.has(target.origin) || !tag || !isElementTag(tag))
    return refuse(404, `${shortened(url)} is not an embed of this relay: its embeds are ${deps.own.primary}/embed/{element}?key=….`);
  const read = readEmbedQuery(tag, firstValues(target.search.slice(1)));
  if (!read.ok) return refuse(404, `${shortened(url)} is not a valid embed: ${read.message}.`);
  if (!usableKey(await deps.keys.getKey(read.query.key), deps.wall()))
    return refuse(404, `${shortened(url)} names a widget key this relay does not know (or one that was revoked).`);
  const limited = overLimit(deps.limit, read.query.key, c);
  if (limited) throw limited;
  const choice: WidgetChoice = { relay: target.origin, tag, ...read.query };
  // An element has one height at every width: a frame under it would cut its last row, so no embed fits (oEmbed's
  // 404, "no response for this url", with the sizes that would fit).
  const needed = reservedHeight(tag, choice.attributes);
  const { maxwidth = Infinity, maxheight = Infinity } = sizes.data;
  if (maxheight < needed || maxwidth < MIN_FRAME_WIDTH)
    return refuse(
      404,
      `<${tag}> needs a frame at least ${MIN_FRAME_WIDTH} px wide and ${needed} px high, more than maxwidth=${sizes.data.maxwidth ?? '(none)'} and maxheight=${sizes.data.maxheight ?? '(none)'} allow.`,
    );
  const size = frameSize(choice, sizes.data.maxwidth, sizes.data.maxheight);
  return c.json({
    version: '1.0',
    type: 'rich',
    provider_name: 'Pressbox',
    provider_url: `${target.origin}/builder`,
    title: frameTitle(tag),
    html: iframeMarkup(choice, size),
    width: size.width,
    height: size.height,
    cache_age: 86_400,
  });
}
