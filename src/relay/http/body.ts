import { createHash } from 'node:crypto';
import { compressSync, encodedEtag, preferredEncoding, type Encoding } from './encoding.js';

export const LOADS_REMAINING_HEADER = 'X-Pressbox-Loads-Remaining';

/** The ETag of a payload's JSON: the same for a GET answer and a live push of the same data. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** A payload ready to send: the bytes of its JSON and the ETag of that JSON. */
export interface PreparedBody {
  bytes: Buffer;
  etag: string;
  /** The same bytes compressed, made by the first request that takes each coding and kept for the others. */
  encoded?: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

/** Below this, compressing saves too little to be worth a header and the CPU. */
const COMPRESS_FROM_BYTES = 1024;

/** How a payload goes to a request that accepts `acceptEncoding`: the coding, its ETag and its bytes. */
export function representation(prepared: PreparedBody, acceptEncoding: string | undefined): { encoding: Encoding; etag: string } {
  const encoding = prepared.bytes.length < COMPRESS_FROM_BYTES ? 'identity' : preferredEncoding(acceptEncoding);
  return { encoding, etag: encodedEtag(prepared.etag, encoding) };
}

export function bytesOf(prepared: PreparedBody, encoding: Encoding): Buffer {
  if (encoding === 'identity') return prepared.bytes;
  prepared.encoded ??= {};
  return (prepared.encoded[encoding] ??= compressSync(prepared.bytes, encoding));
}

export function prepareBody(payload: unknown): PreparedBody {
  const body = JSON.stringify(payload);
  return { bytes: Buffer.from(body), etag: etagOf(body) };
}
