import { LRUCache } from 'lru-cache';
import { rateLimiter } from './rate-limit.js';
import { decideOrigin, pageOrigin, patternFor, type PageOrigin } from '../keys/domains.js';
import { isActive, parsePlan, type KeyOnPage, type WidgetKey } from '../keys/model.js';
import { patternsOf } from '../key-service/service.js';
import { RelayError } from '../base/errors.js';
import { MAX_ORIGIN_LENGTH } from '../base/input-limits.js';
import { clientKind, localReader } from '../metering/attribution.js';
import type { KeyStore } from '../store/types.js';
import type { WidgetRequest } from '../base/request.js';
import type { CachedUpstream } from '../upstream/cached.js';
import { isEmbedToken, type EmbedTokens } from './embed-token.js';
import type { OwnOrigins } from './own-origins.js';

/** Who may have widget data: the key it names, the page it is for, and the upstream that serves that key. */
export interface Access extends KeyOnPage {
  upstream: CachedUpstream;
}

/** Decided at once when the key is in memory (nearly always), otherwise once the store has answered. */
export type Authorize = (request: WidgetRequest) => Access | Promise<Access>;

/** A key's verdict on one page's headers: the page, and whether the key's rules allow it. */
interface Verdict {
  page: PageOrigin | null;
  allowed: boolean;
  /** Why not, when the page's own host is impossible (longer than DNS allows): nothing of it is echoed back. */
  impossible?: string;
  /** Once granted: the access every request of that page shares. */
  access?: Access;
}

/** How long a key the store does not know is answered `invalid_key` without asking it again. */
const UNKNOWN_KEY_MS = 3_000;
/** Store reads for keys not in memory, per reader's network and minute (a page has one or two keys). */
const UNKNOWN_KEY_READS_PER_MINUTE = 60;

// Every request of a page repeats its Origin: each key remembers its verdicts on the origins it has seen lately.
const verdicts = new WeakMap<WidgetKey, Map<string, Verdict>>();
const VERDICTS_PER_KEY = 256;

function verdictOn(key: WidgetKey, origin: string | undefined, referer: string | undefined, address: string): Verdict {
  // A test key's welcome on loopback pages holds only for a reader on this machine (or one a trusted proxy says is
  // local): anyone can write `Origin: http://localhost`.
  const loopbackWelcome = key.test && localReader(address);
  // Without an Origin, the Referer's path would make every page its own entry: decided afresh; so is an origin no site
  // can have, which would otherwise hold kilobytes per entry.
  if (origin === undefined || origin.length > MAX_ORIGIN_LENGTH) return decide(key, origin, referer, loopbackWelcome);
  let seen = verdicts.get(key);
  if (!seen) verdicts.set(key, (seen = new Map()));
  const name = loopbackWelcome || !key.test ? origin : `remote ${origin}`;
  let verdict = seen.get(name);
  if (!verdict) {
    if (seen.size >= VERDICTS_PER_KEY) seen.clear();
    seen.set(name, (verdict = decide(key, origin, referer, loopbackWelcome)));
  }
  return verdict;
}

function decide(key: WidgetKey, origin: string | undefined, referer: string | undefined, loopbackWelcome: boolean): Verdict {
  const page = pageOrigin(origin, referer);
  const decision = decideOrigin(patternsOf(key), page, loopbackWelcome);
  if (decision.allowed) return { page, allowed: true };
  return { page, allowed: false, impossible: decision.impossible && decision.reason };
}

/** A page opened from a file or a sandboxed frame: its Origin is "null", and the fix is where the page is served. */
const NO_ORIGIN = new RelayError(
  'origin_not_allowed',
  'This page has no origin (its Origin is "null"): it was opened from a file (file://) or runs in a sandboxed frame. Serve it over http(s) from one of the key’s allowed domains; to try a page on your machine, serve its folder (npx pressbox serve, or any local server) and use a pk_test_ key.',
);

/** Key, then page origin: a widget request is served only for a live key on one of its allowed domains. */
export function widgetAuthorizer(
  keys: KeyStore & { cached?(value: string): WidgetKey | undefined; known?(value: string): boolean },
  upstreams: { live: CachedUpstream; test: CachedUpstream },
  now: () => number = Date.now,
  embeds?: { tokens: EmbedTokens; own: OwnOrigins },
): Authorize {
  /** `ownPage`: the relay's own page (the snippet builder's preview), which every key may show. */
  const accessFor = (key: WidgetKey | undefined, request: WidgetRequest, ownPage?: PageOrigin): Access => {
    if (!key)
      throw new RelayError(
        'invalid_key',
        'Invalid widget key: check that the key was copied whole; the relay’s operator can list keys with pressbox keys list.',
      );
    if (!isActive(key, now())) throw new RelayError('invalid_key', 'This widget key was revoked: create a new key and update the page.');
    // Written by a newer release (or by hand): the key is fine, the store is ahead of this relay.
    if (!parsePlan(key.plan))
      throw new RelayError(
        'store_unavailable',
        `This widget key's plan "${key.plan.slice(0, 40)}" is not one this relay knows (its store was written by a newer Pressbox): the relay's operator must upgrade the relay or change the key's plan.`,
      );
    if (key.browserOnly && clientKind(request.fetchSite) !== 'browser')
      throw new RelayError(
        'origin_not_allowed',
        'This widget key answers browsers only (it was set --browser-only): the request carried no Sec-Fetch-Site header, which every current browser sends.',
      );
    if (ownPage) return { key, page: ownPage, upstream: key.test ? upstreams.test : upstreams.live };
    const verdict = verdictOn(key, request.origin, request.referer, request.address);
    const { page, allowed } = verdict;
    if (verdict.impossible)
      throw new RelayError('origin_not_allowed', `This widget key is not allowed on this page: ${verdict.impossible}.`);
    if (!allowed && request.origin === 'null') throw NO_ORIGIN;
    if (!allowed) {
      const where = page ? page.origin : 'this page';
      throw new RelayError(
        'origin_not_allowed',
        `This widget key is not allowed on ${where}: add ${page ? page.host : "the page's domain"} to the key's allowed domains (pressbox keys update ${key.key} --add-domain ${page ? patternFor(page) : '…'})` +
          (page ? '.' : ', and make sure the page sends an Origin or Referer header.'),
      );
    }
    verdict.access ??= { key, page: page!, upstream: key.test ? upstreams.test : upstreams.live };
    return verdict.access;
  };
  // A made-up key costs one store read per network and few seconds, not one per request.
  const unknown = new LRUCache<string, true>({ max: 10_000, ttl: UNKNOWN_KEY_MS });
  const storeReads = rateLimiter({ perMinute: UNKNOWN_KEY_READS_PER_MINUTE, burst: UNKNOWN_KEY_READS_PER_MINUTE, now });
  const lookUp = (value: string, request: WidgetRequest, ownPage?: PageOrigin) => {
    const known = keys.cached?.(value);
    if (known) return accessFor(known, request, ownPage);
    if (unknown.has(value)) return accessFor(undefined, request, ownPage);
    // A key read before whose copy lapsed is read again without spending the budget for keys never seen: a page's
    // readers arriving together then are not refused every few seconds.
    if (!keys.known?.(value)) storeReads('unknown keys', request);
    return keys.getKey(value).then((key) => {
      if (!key) unknown.set(value, true);
      return accessFor(key, request, ownPage);
    });
  };
  // An embed frame asks with a token instead of the key: from the relay's own embed page only, and for the page that
  // framed it, which must still be on the key's allowed domains (see embed-token.ts).
  const embedAccess = (token: string, request: WidgetRequest) => {
    const read = embeds?.tokens.read(token);
    if (!read?.ok)
      throw new RelayError(
        'invalid_key',
        read?.expired
          ? 'This embed’s access has expired: reload the page to renew it.'
          : 'Invalid embed token: embed pages get theirs from the relay; on your own pages use the publishable key.',
      );
    const frame = pageOrigin(request.origin, request.referer);
    if (!frame || !embeds!.own.has(frame.origin))
      throw new RelayError(
        'origin_not_allowed',
        'An embed token works only inside the relay’s own embed frame (/embed/…): on your own pages use the publishable key.',
      );
    const framing = pageOrigin(read.grant.origin, undefined)!;
    const ownPage = embeds!.own.has(framing.origin) ? framing : undefined;
    return lookUp(read.grant.key, { ...request, origin: read.grant.origin, referer: undefined }, ownPage);
  };
  return (request) => {
    if (!request.key)
      throw new RelayError('missing_key', 'Missing widget key: add key="pk_live_…" to the element or data-key to the Pressbox script tag.');
    return isEmbedToken(request.key) ? embedAccess(request.key, request) : lookUp(request.key, request);
  };
}
