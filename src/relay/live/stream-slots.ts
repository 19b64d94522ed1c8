import { adjustCount } from '../base/counts.js';
import { RelayError } from '../base/errors.js';

export interface StreamLimits {
  /** Open streams allowed from one client address (behind trusted proxies, the reader's). */
  maxStreamsPerAddress: number;
  /** Open streams allowed on this relay, whoever opens them. */
  maxStreams: number;
  /**
   * One key's streams on this relay, set by the operator (`--max-streams-per-key`): in place of the fair share, so a
   * relay given to one big publisher can give that key every stream it has.
   */
  maxStreamsPerKey?: number;
}

/** Test keys' streams, all of them together, hold at most this share of the relay's (at least one). */
const TEST_KEYS_SHARE = 0.05;

/**
 * Open streams by address and by key, within the relay's limits: a slot is taken when a stream opens, given back when it
 * closes. Fair shares: unless the operator set a ceiling per key, a key may open another stream while it holds fewer
 * than its pool has free (alone, half the pool; every other key still finds room), and test keys draw from a small
 * pool of their own inside the relay's.
 */
export class StreamSlots {
  private readonly perAddress = new Map<string, number>();
  private readonly perKey = new Map<string, number>();
  private open = 0;
  private testOpen = 0;
  private readonly testPool: number;

  constructor(private readonly limits: StreamLimits) {
    this.testPool = Math.max(1, Math.floor(limits.maxStreams * TEST_KEYS_SHARE));
  }

  /** Throws the refusal when the address, the key, its pool or the relay has no slot left. */
  check(address: string, key: string, test: boolean): void {
    const { maxStreamsPerAddress, maxStreams, maxStreamsPerKey } = this.limits;
    if ((this.perAddress.get(address) ?? 0) >= maxStreamsPerAddress) {
      throw new RelayError(
        'rate_limited',
        `Too many live streams from this address (at most ${maxStreamsPerAddress}); close other tabs or retry later.`,
        { 'Retry-After': '30' },
      );
    }
    const held = this.perKey.get(key) ?? 0;
    const free = test ? Math.min(this.testPool - this.testOpen, maxStreams - this.open) : maxStreams - this.open;
    const keyCap = maxStreamsPerKey ?? free;
    const which =
      this.open >= maxStreams
        ? `this relay (${maxStreams})`
        : test && this.testOpen >= this.testPool
          ? `test keys on this relay (${this.testPool})`
          : held >= keyCap
            ? `this key on this relay (${held})`
            : undefined;
    // A relay or a key at its cap refuses the stream, not the reader: the element goes on polling (503, retry later).
    if (which) {
      throw new RelayError(
        'rate_limited',
        `Live streams are at their limit for ${which}; the widget keeps refreshing without one and retries later.`,
        { 'Retry-After': String(30 + Math.floor(Math.random() * 30)) },
        503,
      );
    }
  }

  take(address: string, key: string, test: boolean, by = 1): void {
    adjustCount(this.perAddress, address, by);
    adjustCount(this.perKey, key, by);
    this.open += by;
    if (test) this.testOpen += by;
  }

  release(address: string, key: string, test: boolean): void {
    this.take(address, key, test, -1);
  }

  /** Addresses and keys holding stream slots: both empty when no stream is open. */
  holders(): { addresses: number; keys: number } {
    return { addresses: this.perAddress.size, keys: this.perKey.size };
  }
}
