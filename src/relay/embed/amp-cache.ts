import { createHash } from 'node:crypto';
import { domainToASCII, domainToUnicode } from 'node:url';
import type { DomainPattern, PageOrigin } from '../keys/domains.js';

/**
 * Google's AMP Cache serves a publisher's AMP page from `https://<label>.cdn.ampproject.org`, where the label is made
 * from the publisher's domain (https://developers.google.com/amp/cache/overview#amp-cache-url-format): `-` doubled,
 * `.` made `-`, IDN kept as punycode, `0-…-0` around a label with hyphens in its third and fourth places, and a base32
 * hash of the domain when the result would not be a valid DNS label. An embed framed there is on the publisher's site.
 */
export const AMP_CACHE_SUFFIX = '.cdn.ampproject.org';
const MAX_LABEL = 63;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** The AMP Cache host that serves pages of `domain` (an ASCII host as the key's patterns hold it). */
export function ampCacheHost(domain: string): string {
  let spelled = (domainToUnicode(domain) || domain).replaceAll('-', '--').replaceAll('.', '-');
  if (spelled.slice(2, 4) === '--') spelled = `0-${spelled}-0`;
  let label = domainToASCII(spelled);
  if (!label || label.length > MAX_LABEL) label = hashedLabel(domain);
  return `${label}${AMP_CACHE_SUFFIX}`;
}

function hashedLabel(domain: string): string {
  const digest = createHash('sha256').update(domain).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out.slice(0, 52);
}

/**
 * The publisher's page behind an AMP Cache origin, when one of the key's patterns names it: the pattern's own host for
 * an exact pattern (hashed labels included), or, for a wildcard, the host the readable label spells. Undefined for any
 * other origin.
 */
export function ampPublisherOrigin(page: PageOrigin, patterns: readonly DomainPattern[]): PageOrigin | undefined {
  if (page.scheme !== 'https' || page.port !== 443 || !page.host.endsWith(AMP_CACHE_SUFFIX)) return undefined;
  const label = page.host.slice(0, -AMP_CACHE_SUFFIX.length);
  if (!label || label.includes('.')) return undefined;
  const exact = patterns.find((pattern) => !pattern.wildcard && ampCacheHost(pattern.host) === page.host);
  const host = exact?.host ?? spelledHost(label);
  return host ? { scheme: 'https', host, port: 443, origin: `https://${host}` } : undefined;
}

/** The domain a readable cache label spells (`www-example-com` → `www.example.com`), undone step by step. */
function spelledHost(label: string): string | undefined {
  const plain = label.startsWith('0-') && label.endsWith('-0') ? label.slice(2, -2) : label;
  const unicode = domainToUnicode(plain) || plain;
  const host = domainToASCII(unicode.replaceAll('--', '\u0000').replaceAll('-', '.').replaceAll('\u0000', '-'));
  return host && !host.startsWith('.') && !host.endsWith('.') && !host.includes('..') ? host : undefined;
}
