import { isLoopbackHost, type DomainPattern } from '../keys/domains.js';
import { AMP_CACHE_SUFFIX, ampCacheHost } from './amp-cache.js';

const LOOPBACK_SOURCES = ['http://localhost:*', 'https://localhost:*', 'http://127.0.0.1:*', 'https://127.0.0.1:*'];

/**
 * The `frame-ancestors` sources for a key's allowed domains, so the browser itself refuses to show an embed framed
 * by any other site. CSP reads `*.example.com` as any subdomain at any depth but not the apex, and a source without a
 * port as the scheme's default port, as our patterns do. Two differences, both covered by the relay's own Referer
 * check on every embed: an `http://` source also admits the https page, and CSP cannot name an IPv6 literal
 * (`[::1]`), which is left out. `'self'` lets the relay's own snippet builder preview any key.
 */
export function frameAncestors(patterns: readonly DomainPattern[], testKey: boolean): string {
  const sources = new Set<string>(["'self'"]);
  for (const pattern of patterns) {
    if (pattern.host.startsWith('[')) continue;
    if (isLoopbackHost(pattern.host) && pattern.port === null) {
      sources.add(`${pattern.scheme}://${pattern.host}:*`);
      if (!pattern.schemeWritten) sources.add(`http://${pattern.host}:*`);
      continue;
    }
    sources.add(`${pattern.scheme}://${pattern.wildcard ? '*.' : ''}${pattern.host}${pattern.port === null ? '' : `:${pattern.port}`}`);
    // Google's AMP Cache serves the site's AMP pages from a host of its own; CSP cannot spell a wildcard's, so any
    // cache host there, narrowed to the key's domains by the Referer check.
    if (pattern.port === null) sources.add(pattern.wildcard ? `https://*${AMP_CACHE_SUFFIX}` : `https://${ampCacheHost(pattern.host)}`);
  }
  if (testKey) for (const source of LOOPBACK_SOURCES) sources.add(source);
  return `frame-ancestors ${[...sources].join(' ')}`;
}
