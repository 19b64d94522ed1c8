import type { Context, MiddlewareHandler } from 'hono';
import { decideOrigin, pageOrigin, parseDomainPattern, patternFor, type DomainPattern } from '../keys/domains.js';
import { isActive, type WidgetKey } from '../keys/model.js';
import { RelayError } from '../errors.js';
import { clientKind } from '../metering/attribution.js';
import { LOADS_REMAINING_HEADER } from './deliver.js';
import { CONTRACT_HEADER } from '../../contract/version.js';
import type { KeyStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { RelayEnv } from './env.js';

// Keys come from a short-lived in-memory cache as the same objects, so their parsed patterns can be kept with them.
const parsedPatterns = new WeakMap<WidgetKey, DomainPattern[]>();

export function patternsOf(key: WidgetKey): DomainPattern[] {
  let patterns = parsedPatterns.get(key);
  if (!patterns) {
    patterns = key.domains.flatMap((domain) => {
      const parsed = parseDomainPattern(domain);
      return parsed.ok ? [parsed.pattern] : [];
    });
    parsedPatterns.set(key, patterns);
  }
  return patterns;
}

/**
 * CORS for every browser-facing answer: the page's own origin is echoed (errors too, so the element can
 * read the message), never with credentials, and responses vary by Origin.
 */
export function corsHeaders(c: Context): void {
  c.header('Vary', 'Origin');
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') c.header('Access-Control-Allow-Origin', origin);
  c.header('Access-Control-Expose-Headers', `ETag, Retry-After, ${LOADS_REMAINING_HEADER}, ${CONTRACT_HEADER}`);
}

/** Key, then page origin: a widget request is served only for a live key on one of its allowed domains. */
export function widgetAccess(
  keys: KeyStore,
  upstreams: { live: CachedUpstream; test: CachedUpstream },
  now: () => number = Date.now,
): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    corsHeaders(c);
    const value = c.req.query('key');
    if (!value)
      throw new RelayError('missing_key', 'Missing widget key: add key="pk_live_…" to the element or data-key to the Pressbox script tag.');
    const key = await keys.getKey(value);
    if (!key)
      throw new RelayError(
        'invalid_key',
        'Invalid widget key: check that the key was copied whole; the relay’s operator can list keys with pressbox keys list.',
      );
    if (!isActive(key, now())) throw new RelayError('invalid_key', 'This widget key was revoked: create a new key and update the page.');
    if (key.browserOnly && clientKind(c) !== 'browser')
      throw new RelayError(
        'origin_not_allowed',
        'This widget key answers browsers only (it was set --browser-only): the request carried no Sec-Fetch-Site header, which every current browser sends.',
      );
    const page = pageOrigin(c.req.header('origin'), c.req.header('referer'));
    const decision = decideOrigin(patternsOf(key), page, key.test);
    if (!decision.allowed) {
      const where = page ? page.origin : 'this page';
      throw new RelayError(
        'origin_not_allowed',
        `This widget key is not allowed on ${where}: add ${page ? page.host : "the page's domain"} to the key's allowed domains (pressbox keys update ${key.key} --add-domain ${page ? patternFor(page) : '…'})` +
          (page ? '.' : ', and make sure the page sends an Origin or Referer header.'),
      );
    }
    c.set('widgetKey', key);
    c.set('page', page!);
    c.set('upstream', key.test ? upstreams.test : upstreams.live);
    await next();
  };
}
