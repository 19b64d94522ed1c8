import { parse as parseHost } from 'tldts';
import { publicSuffixBelow } from './public-suffix.js';
import { hostFitsDns, MAX_HOST_LENGTH, MAX_LABEL_LENGTH } from '../base/input-limits.js';

/**
 * Allowed-domain patterns (docs/operators.md, "Publishable keys and allowed domains"). Hosts are compared as WHATWG URL parsing leaves them (lower case,
 * IDN as punycode) without a trailing dot, label by label: no regular expressions, no string suffix tests.
 * A pattern may not be, or wildcard over, a public suffix of the Public Suffix List (tldts: its ICANN and private
 * sections), and is stored in its canonical form.
 */

export interface DomainPattern {
  /** Its canonical form (`canonicalPattern`), as stored. */
  source: string;
  scheme: 'http' | 'https';
  schemeWritten: boolean;
  /** Without the `*.` of a wildcard. */
  host: string;
  wildcard: boolean;
  /** Null when not written: the scheme's default port (or, on loopback, any port). */
  port: number | null;
}

export interface PageOrigin {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  /** The serialised origin, as echoed in Access-Control-Allow-Origin. */
  origin: string;
}

export type PatternResult = { ok: true; pattern: DomainPattern } | { ok: false; message: string };

const DEFAULT_PORT = { http: 80, https: 443 } as const;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

function isIpAddress(host: string): boolean {
  if (host.startsWith('[')) return true;
  const labels = host.split('.');
  return labels.length === 4 && labels.every((label) => label !== '' && [...label].every((ch) => ch >= '0' && ch <= '9'));
}

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

/** Reads a pattern such as `example.com`, `*.example.com`, `http://localhost`, `shop.example.com:8443`. */
export function parseDomainPattern(input: string): PatternResult {
  const source = input.trim();
  const fail = (why: string): PatternResult => ({ ok: false, message: `"${source}" is not a domain pattern: ${why}` });
  if (source === '') return fail('it is empty');

  let scheme: 'http' | 'https' = 'https';
  let schemeWritten = false;
  let rest = source;
  const separator = source.indexOf('://');
  if (separator >= 0) {
    const written = source.slice(0, separator).toLowerCase();
    if (written !== 'http' && written !== 'https') return fail('only http:// and https:// may be written');
    scheme = written;
    schemeWritten = true;
    rest = source.slice(separator + 3);
  }
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  if (rest.includes('/') || rest.includes('?') || rest.includes('#')) return fail('write the host only, without a path');
  if (rest.includes('@')) return fail('write the host only, without user information');

  const wildcard = rest.startsWith('*.');
  if (wildcard) rest = rest.slice(2);
  if (rest.includes('*')) return fail('a wildcard may only be the first label, as in *.example.com');

  let url: URL;
  try {
    url = new URL(`${scheme}://${rest}`);
  } catch {
    return fail('the host cannot be parsed');
  }
  const host = withoutTrailingDot(url.hostname);
  if (host === '') return fail('the host is empty');
  if (!hostFitsDns(host)) return fail(`the host is longer than DNS allows (${MAX_HOST_LENGTH} characters, labels of ${MAX_LABEL_LENGTH})`);
  if (wildcard && isIpAddress(host)) return fail('a wildcard needs a domain name, not an IP address');
  if (isIpAddress(host) && !isLoopbackHost(host) && !schemeWritten)
    return fail(`an IP address matches only with its scheme written: https://${host} or http://${host}`);
  const suffix = publicSuffixProblem(host, wildcard);
  if (suffix) return fail(suffix);
  // URL drops a port equal to the scheme's default; writing it means the same thing as leaving it out.
  const portWritten = url.port !== '' || rest.endsWith(`:${DEFAULT_PORT[scheme]}`);
  const port = url.port !== '' ? Number(url.port) : portWritten ? DEFAULT_PORT[scheme] : null;
  const pattern = { source, scheme, schemeWritten, host, wildcard, port };
  return { ok: true, pattern: { ...pattern, source: canonicalPattern(pattern) } };
}

/**
 * Why a host may not be allowed, alone or under a wildcard: it is a public suffix (`co.uk`, `github.io`), under which
 * anyone can register a site. Loopback and IP addresses are not names; every other name must have a registrable part.
 */
function publicSuffixProblem(host: string, wildcard: boolean): string | undefined {
  if (isLoopbackHost(host) || isIpAddress(host)) return undefined;
  const parsed = parseHost(host, { allowPrivateDomains: true });
  if (parsed.publicSuffix !== host) return wildcard ? suffixBelowProblem(host) : undefined;
  const what = parsed.isPrivate
    ? 'a public suffix (private section of the Public Suffix List: anyone can make a site under it)'
    : parsed.isIcann
      ? 'a public suffix (ICANN section of the Public Suffix List)'
      : 'a name with no registrable domain (a single label, or a suffix no one owns)';
  const written = wildcard ? `*.${host}` : host;
  return `${host} is ${what}, so ${written} would let every site under it use the key; write your own domain, such as example.${host} or *.example.${host}`;
}

/** Why `*.host` may not be allowed although `host` may: a public suffix lies under it (`*.amazonaws.com`: s3.amazonaws.com). */
function suffixBelowProblem(host: string): string | undefined {
  const below = publicSuffixBelow(host);
  if (!below) return undefined;
  return `${below.suffix} is a public suffix under ${host} (${below.section} section of the Public Suffix List: anyone can make a site under it), so *.${host} would let those sites use the key; allow your own names, such as mysite.${below.suffix.replace(/^\*\./, 'x.')} or ${host} alone`;
}

/**
 * The one way a pattern is stored: lower case, punycode, no trailing dot, the scheme only when it is http or written
 * for an IP address or loopback, the port only when it is not the scheme's default (loopback: whenever written).
 */
function canonicalPattern(pattern: Omit<DomainPattern, 'source'>): string {
  const loopback = isLoopbackHost(pattern.host);
  const schemeNeeded = pattern.scheme === 'http' || (pattern.schemeWritten && (loopback || isIpAddress(pattern.host)));
  const scheme = schemeNeeded ? `${pattern.scheme}://` : '';
  const port = pattern.port === null || (!loopback && pattern.port === DEFAULT_PORT[pattern.scheme]) ? '' : `:${pattern.port}`;
  return `${scheme}${pattern.wildcard ? '*.' : ''}${pattern.host}${port}`;
}

/** The page origin from an `Origin` header or, when that is absent, the origin of `Referer`; null when neither is usable. */
export function pageOrigin(originHeader: string | undefined | null, refererHeader: string | undefined | null): PageOrigin | null {
  const candidate = originHeader ?? refererHeader;
  if (!candidate || candidate === 'null') return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const scheme = url.protocol === 'http:' ? 'http' : 'https';
  const host = withoutTrailingDot(url.hostname);
  const port = url.port === '' ? DEFAULT_PORT[scheme] : Number(url.port);
  return { scheme, host, port, origin: url.origin };
}

/** The shortest pattern that allows exactly this page: the bare host for https on its default port, else the origin. */
export function patternFor(page: PageOrigin): string {
  return page.scheme === 'https' && page.port === DEFAULT_PORT.https ? page.host : page.origin;
}

function hostMatches(pattern: DomainPattern, host: string): boolean {
  if (!pattern.wildcard) return host === pattern.host;
  const wanted = pattern.host.split('.');
  const labels = host.split('.');
  if (labels.length <= wanted.length) return false;
  const tail = labels.slice(labels.length - wanted.length);
  return tail.every((label, i) => label === wanted[i]);
}

function patternAllows(pattern: DomainPattern, page: PageOrigin): boolean {
  if (!hostMatches(pattern, page.host)) return false;
  const loopback = isLoopbackHost(pattern.host) && pattern.port === null;
  if (loopback) return pattern.schemeWritten ? page.scheme === pattern.scheme : true;
  if (page.scheme !== pattern.scheme) return false;
  return page.port === (pattern.port ?? DEFAULT_PORT[pattern.scheme]);
}

/** `impossible`: the page's host is one no site can have, so the refusal echoes nothing of it. */
export type OriginDecision = { allowed: true; rule: string } | { allowed: false; reason: string; impossible?: true };

/** Which rule lets this page in, or why none does. Test keys are also welcome on loopback hosts. */
export function decideOrigin(patterns: readonly DomainPattern[], page: PageOrigin | null, testKey: boolean): OriginDecision {
  if (!page) return { allowed: false, reason: 'the request carries no Origin or Referer header, or its origin is "null"' };
  if (!hostFitsDns(page.host))
    return {
      allowed: false,
      impossible: true,
      reason: `the page's host is longer than DNS allows (${MAX_HOST_LENGTH} characters, labels of ${MAX_LABEL_LENGTH}), so no site can have it`,
    };
  // No browser sends one: a "*" in a host is a forged origin trying to meet a wildcard.
  if (page.host.includes('*')) return { allowed: false, reason: `${page.origin} has a literal "*" in its host, which no pattern matches` };
  const rule = patterns.find((pattern) => patternAllows(pattern, page));
  if (rule) return { allowed: true, rule: rule.source };
  if (testKey && isLoopbackHost(page.host)) return { allowed: true, rule: 'test keys are allowed on loopback hosts' };
  return { allowed: false, reason: `${page.origin} matches none of the key's allowed domains` };
}
