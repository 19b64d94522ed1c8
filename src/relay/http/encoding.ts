// Content codings: which one a request takes, and the ETag of each representation.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli where the request accepts it at least as gladly as gzip, else gzip, else none (RFC 9110 §12.5.3: a coding
 * with q=0 is refused; `*` stands for any coding not named).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : 'identity';
}

/**
 * The strong ETag of one representation: a compressed one differs from the plain one (`"abc"` → `"abc-br"`), as
 * HTTP asks of strong validators, so a revalidation answers 304 only for the bytes the browser has.
 */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/** The ETag of the data itself, whichever representation a page got it in (what live streams compare). */
export function plainEtag(etag: string): string {
  return etag.replace(/-(?:br|gzip)"$/, '"');
}

/** Compressed once per payload and shared by every request for it, so the cost does not grow with viewers. */
export function compressSync(bytes: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 6 });
}
