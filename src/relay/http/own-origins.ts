import { networkInterfaces } from 'node:os';

/**
 * The relay's own origins: where its embed frames and builder live, so where an embed token may be used and what its
 * snippets point at. From `--public-url` (the address readers use, behind a proxy or TLS terminator), otherwise from the
 * address it listens on. Never from the `Host` header, which any client writes as it likes.
 */
export class OwnOrigins {
  private origins: string[] = [];

  /** The origin snippets and oEmbed answers point at: the first public URL, or the listen address. */
  get primary(): string {
    return this.origins[0] ?? 'http://127.0.0.1';
  }

  has(origin: string): boolean {
    return this.origins.includes(origin);
  }

  /** Set once the relay listens (its port may have been chosen by the system). */
  set(origins: readonly string[]): void {
    this.origins = [...new Set(origins)];
  }
}

export type PublicUrl = { ok: true; origin: string } | { ok: false; message: string };

/** Reads one `--public-url`: an http(s) address whose origin is the relay's as readers reach it. */
export function parsePublicUrl(input: string): PublicUrl {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, message: `--public-url: "${input}" is not an address; write it whole, such as https://widgets.example.com` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: `--public-url: "${input}" must start with https:// (or http://)` };
  if (url.pathname !== '/' || url.search || url.hash || url.username)
    return { ok: false, message: `--public-url: "${input}" must be an origin only (scheme, host, port), without a path` };
  return { ok: true, origin: url.origin };
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The origins a relay listening on `host:port` answers at, when no public URL is given. */
export function listenOrigins(host: string, port: number): string[] {
  const literal = (address: string) => (address.includes(':') ? `[${address}]` : address);
  const hosts = ['0.0.0.0', '::', ''].includes(host)
    ? [
        ...LOOPBACK_NAMES,
        ...Object.values(networkInterfaces())
          .flat()
          .flatMap((info) => (info && !info.internal ? [literal(info.address)] : [])),
      ]
    : LOOPBACK_NAMES.includes(literal(host))
      ? [literal(host), ...LOOPBACK_NAMES]
      : [literal(host)];
  return hosts.map((name) => `http://${name}:${port}`);
}
