import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Embed tokens: what an embed page gives the element inside it instead of the publishable key. A token names the
 * key and the page that framed the embed (its origin, from the navigation's Referer), expires, and is signed by the
 * relay. The relay honours it only on requests made by its own embed pages (same origin as the relay), so a token
 * copied out of a frame is useless on any other site; every request re-checks the framing origin against the key's
 * allowed domains, so taking a domain off the list stops its frames at once.
 */
const EMBED_TOKEN_PREFIX = 'pb_embed_';

/** Long enough for a reader to keep a live game open; the embed page reloads itself a little before it runs out. */
export const EMBED_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

export interface EmbedGrant {
  key: string;
  /** The framing page's origin, `https://news.example.com`. */
  origin: string;
  expiresAt: number;
}

export type ReadToken = { ok: true; grant: EmbedGrant } | { ok: false; expired: boolean };

export interface EmbedTokens {
  mint(key: string, origin: string): { token: string; expiresAt: number };
  read(token: string): ReadToken;
}

const encode = (text: string) => Buffer.from(text).toString('base64url');

export function isEmbedToken(key: string): boolean {
  return key.startsWith(EMBED_TOKEN_PREFIX);
}

export function embedTokens(secret: string, now: () => number = Date.now): EmbedTokens {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest();
  return {
    mint(key, origin) {
      const expiresAt = now() + EMBED_TOKEN_TTL_MS;
      const body = encode(JSON.stringify([key, origin, expiresAt]));
      return { token: `${EMBED_TOKEN_PREFIX}${body}.${sign(body).toString('base64url')}`, expiresAt };
    },
    read(token) {
      const [body, signature, ...rest] = token.slice(EMBED_TOKEN_PREFIX.length).split('.');
      if (!body || !signature || rest.length > 0) return { ok: false, expired: false };
      const expected = sign(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, expired: false };
      const [key, origin, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [string, string, number];
      if (expiresAt <= now()) return { ok: false, expired: true };
      return { ok: true, grant: { key, origin, expiresAt } };
    },
  };
}
