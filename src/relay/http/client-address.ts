import { BlockList, isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The reader's address behind proxies the operator trusts (`serve --trust-proxy`). Forwarding headers are read only
 * when the socket's peer is trusted, from the right: each trusted hop appended the address it saw, so the right-most
 * entry that is not a trusted proxy is the reader. Anything a reader writes into those headers stands to the left of
 * what the proxies appended and is never reached unless every hop to its right is trusted.
 */
export type ClientAddress = (socketAddress: string | undefined, headers: IncomingHttpHeaders) => string;

/** Words an operator may write instead of ranges. */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['100.64.0.0', 10, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
    ['fe80::', 10, 'ipv6'],
  ],
};

export type TrustList = { ok: true; list: BlockList; entries: string[] } | { ok: false; message: string };

/** Reads `--trust-proxy` entries (addresses, CIDRs, `loopback`, `private`; commas or repeats). */
export function parseTrustList(input: readonly string[]): TrustList {
  const list = new BlockList();
  const entries = input
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address, prefixText, extra] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined)
      return { ok: false, message: `--trust-proxy: "${entry}" is not an address, a CIDR range or one of loopback, private` };
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
      return { ok: false, message: `--trust-proxy: "${entry}" has a prefix length that is not 0–${family === 4 ? 32 : 128}` };
    list.addSubnet(address!, prefix, type);
  }
  return { ok: true, list, entries };
}

/** An address as sockets and headers write it, without port, brackets or the IPv4-in-IPv6 prefix; undefined if none. */
export function plainAddress(written: string): string | undefined {
  let text = written.trim();
  if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  if (text.startsWith('[')) text = text.slice(1).split(']')[0]!;
  else if (text.includes('.') && text.lastIndexOf(':') > text.lastIndexOf('.')) text = text.slice(0, text.lastIndexOf(':'));
  if (text.toLowerCase().startsWith('::ffff:') && isIP(text.slice(7)) === 4) text = text.slice(7);
  return isIP(text) ? text.toLowerCase() : undefined;
}

/** Whether an address (as `plainAddress` writes it) is on a trust list. */
export function isTrustedPeer(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** Which forwarding header the trusted proxies write (`--proxy-header`); the other is never read. */
export type ProxyHeader = 'x-forwarded-for' | 'forwarded';
export const PROXY_HEADERS: readonly ProxyHeader[] = ['x-forwarded-for', 'forwarded'];

/** The hops a request passed, oldest first, from the one header the proxies write: a reader can send the other. */
function forwardedHops(headers: IncomingHttpHeaders, header: ProxyHeader): string[] | undefined {
  const written = headers[header];
  if (written === undefined) return undefined;
  const hops = (Array.isArray(written) ? written.join(',') : written).split(',');
  if (header === 'x-forwarded-for') return hops;
  return hops.map((element) => {
    const pair = element.split(';').find((part) => part.trim().toLowerCase().startsWith('for='));
    return pair ? pair.trim().slice(4) : '';
  });
}

const LOCAL_PEERS = (parseTrustList(['loopback', 'private']) as Extract<TrustList, { ok: true }>).list;

export interface ClientAddressOptions {
  /** The header the trusted proxies write (default X-Forwarded-For). */
  header?: ProxyHeader;
  /**
   * Called when a request from a loopback or private peer carries forwarding headers while no proxy is trusted: a
   * proxy nobody told the relay about, whose readers all count as its one address.
   */
  onUntrustedProxy?: (peer: string) => void;
}

/**
 * `clientAddress(socketAddress, headers)` for a trust list; with an empty one, the socket's peer, whatever the headers
 * say. `local` stands for a request with no socket (tests calling the app directly).
 */
export function clientAddressResolver(trusted: BlockList | undefined, options: ClientAddressOptions = {}): ClientAddress {
  const header = options.header ?? 'x-forwarded-for';
  // A connection's requests come one after another from the same peer: its address is read once.
  let last = { written: '', plain: undefined as string | undefined };
  const peerOf = (written: string) => {
    if (written !== last.written) last = { written, plain: plainAddress(written) };
    return last.plain;
  };
  return (socketAddress, headers) => {
    const peer = socketAddress === undefined ? undefined : peerOf(socketAddress);
    if (!peer) return socketAddress ?? 'local';
    if (!trusted) {
      const forwarded = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined;
      if (forwarded && options.onUntrustedProxy && isTrustedPeer(LOCAL_PEERS, peer)) options.onUntrustedProxy(peer);
      return peer;
    }
    if (!isTrustedPeer(trusted, peer)) return peer;
    const hops = forwardedHops(headers, header);
    if (!hops) return peer;
    let nearest = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = plainAddress(hops[i]!);
      // A hop no proxy could have written ("unknown", garbage): the reader wrote it, and the hop after it is all we know.
      if (!hop) return nearest;
      if (!isTrustedPeer(trusted, hop)) return hop;
      nearest = hop;
    }
    return nearest;
  };
}
