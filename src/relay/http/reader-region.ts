import type { IncomingHttpHeaders } from 'node:http';
import type { BlockList } from 'node:net';
import { regionCode } from '../keys/odds-regions.js';
import { isTrustedPeer, plainAddress } from './client-address.js';

/**
 * The reader's ISO 3166 region (`US`, `US-NJ`) from the one header a trusted proxy or CDN sets (`serve --region-header
 * NAME`), or undefined when unknown: no header named, a peer that is no trusted proxy, a value that is no code.
 */
export type ReaderRegion = (socketAddress: string | undefined, headers: IncomingHttpHeaders) => string | undefined;

/** A header name as HTTP writes one (a token), in the lower case Node reads headers in. */
export function regionHeaderName(written: string): string | undefined {
  return /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/.test(written) ? written.toLowerCase() : undefined;
}

export function readerRegionResolver(header: string | undefined, trusted: BlockList | undefined): ReaderRegion {
  if (!header || !trusted) return () => undefined;
  return (socketAddress, headers) => {
    const peer = socketAddress === undefined ? undefined : plainAddress(socketAddress);
    // Only the proxy the relay's socket talks to can vouch for the header; from anyone else it says what its sender wants.
    if (!peer || !isTrustedPeer(trusted, peer)) return undefined;
    const written = headers[header];
    // Sent twice (a proxy that adds its own beside the reader's, which Node joins with a comma): no one region, so none.
    return typeof written === 'string' ? regionCode(written) : undefined;
  };
}
