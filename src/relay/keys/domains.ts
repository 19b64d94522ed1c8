/**
 * Allowed-domain patterns (DESIGN.md §3). Hosts are compared as WHATWG URL parsing leaves them (lower case,
 * IDN as punycode) without a trailing dot, label by label: no regular expressions, no string suffix tests.
 */

export interface DomainPattern {
  /** As the operator wrote it. */
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
  if (wildcard && isIpAddress(host)) return fail('a wildcard needs a domain name, not an IP address');
  if (wildcard && !host.includes('.')) return fail('a wildcard needs at least two labels after it, as in *.example.com');
  // URL drops a port equal to the scheme's default; writing it means the same thing as leaving it out.
  const portWritten = url.port !== '' || rest.endsWith(`:${DEFAULT_PORT[scheme]}`);
  const port = url.port !== '' ? Number(url.port) : portWritten ? DEFAULT_PORT[scheme] : null;
  return { ok: true, pattern: { source, scheme, schemeWritten, host, wildcard, port } };
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

export function patternAllows(pattern: DomainPattern, page: PageOrigin): boolean {
  if (!hostMatches(pattern, page.host)) return false;
  const loopback = isLoopbackHost(pattern.host) && pattern.port === null;
  if (loopback) return pattern.schemeWritten ? page.scheme === pattern.scheme : true;
  if (page.scheme !== pattern.scheme) return false;
  return page.port === (pattern.port ?? DEFAULT_PORT[pattern.scheme]);
}

export type OriginDecision = { allowed: true; rule: string } | { allowed: false; reason: string };

/** Which rule lets this page in, or why none does. Test keys are also welcome on loopback hosts. */
export function decideOrigin(patterns: readonly DomainPattern[], page: PageOrigin | null, testKey: boolean): OriginDecision {
  if (!page) return { allowed: false, reason: 'the request carries no Origin or Referer header, or its origin is "null"' };
  const rule = patterns.find((pattern) => patternAllows(pattern, page));
  if (rule) return { allowed: true, rule: rule.source };
  if (testKey && isLoopbackHost(page.host)) return { allowed: true, rule: 'test keys are allowed on loopback hosts' };
  return { allowed: false, reason: `${page.origin} matches none of the key's allowed domains` };
}
