import { createHash } from 'node:crypto';

export const LOADS_REMAINING_HEADER = 'X-Pressbox-Loads-Remaining';

/** The ETag of a payload's JSON: the same for a GET answer and a live push of the same data. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** A payload ready to send: the bytes of its JSON and the ETag of that JSON. */
export interface PreparedBody {
  bytes: Buffer;
  etag: string;
}

export function prepareBody(payload: unknown): PreparedBody {
  const body = JSON.stringify(payload);
  return { bytes: Buffer.from(body), etag: etagOf(body) };
}
