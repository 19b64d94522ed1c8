import type { LIVE_STREAM_LIMITS } from '../base/defaults.js';
import { RelayError } from '../base/errors.js';

/** Counts by name that forget a name at zero: slots held, never names once seen. */
function adjust(counts: Map<string, number>, name: string, by: number): void {
  const count = (counts.get(name) ?? 0) + by;
  if (count > 0) counts.set(name, count);
  else counts.delete(name);
}

/** Open streams by address and by key, within the relay's limits: a slot is taken when a stream opens, given back when it closes. */
export class StreamSlots {
  private readonly perAddress = new Map<string, number>();
  private readonly perKey = new Map<string, number>();

  constructor(private readonly limits: typeof LIVE_STREAM_LIMITS) {}

  /** Throws the refusal when the address, the key or the relay has no slot left. */
  check(address: string, key: string, open: number): void {
    const { maxStreamsPerAddress, maxStreams, maxStreamsPerKey } = this.limits;
    if ((this.perAddress.get(address) ?? 0) >= maxStreamsPerAddress) {
      throw new RelayError(
        'rate_limited',
        `Too many live streams from this address (at most ${maxStreamsPerAddress}); close other tabs or retry later.`,
        { 'Retry-After': '30' },
      );
    }
    // A relay or a key at its cap refuses the stream, not the reader: the element goes on polling (503, retry later).
    if (open >= maxStreams || (this.perKey.get(key) ?? 0) >= maxStreamsPerKey) {
      const which = open >= maxStreams ? `this relay (${maxStreams})` : `this key on this relay (${maxStreamsPerKey})`;
      throw new RelayError(
        'rate_limited',
        `Live streams are at their limit for ${which}; the widget keeps refreshing without one and retries later.`,
        { 'Retry-After': String(30 + Math.floor(Math.random() * 30)) },
        503,
      );
    }
  }

  take(address: string, key: string, by = 1): void {
    adjust(this.perAddress, address, by);
    adjust(this.perKey, key, by);
  }

  release(address: string, key: string): void {
    this.take(address, key, -1);
  }

  /** Addresses and keys holding stream slots: both empty when no stream is open. */
  holders(): { addresses: number; keys: number } {
    return { addresses: this.perAddress.size, keys: this.perKey.size };
  }
}
