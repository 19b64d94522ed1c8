import { DEFAULT_SPEND_LIMITS } from '../upstream/spend-guard.js';
import type { Spender } from '../upstream/spend.js';

/**
 * Which requests get a day's snapshot: the same caps on distinct requests that bound live topics (per key, per
 * network, per relay), counted per UTC day. A request some page already has a snapshot of is free to everyone; a flood
 * of made-up teams or dates from one address fills its network's share and nothing more.
 */
export const SNAPSHOT_CAPS = {
  perKey: DEFAULT_SPEND_LIMITS.topicsPerKey,
  perNetwork: DEFAULT_SPEND_LIMITS.topicsPerNetwork,
  perRelay: DEFAULT_SPEND_LIMITS.topics,
} as const;

export class SnapshotBook {
  #day = '';
  readonly #names = new Set<string>();
  readonly #byKey = new Map<string, number>();
  readonly #byNetwork = new Map<string, number>();

  constructor(private readonly caps: typeof SNAPSHOT_CAPS = SNAPSHOT_CAPS) {}

  /** Whether `name` may have a snapshot on `day`, taking a place in the caller's shares when it is new. */
  admit(day: string, name: string, spender: Pick<Spender, 'key' | 'network'> | undefined): boolean {
    if (day !== this.#day) {
      this.#day = day;
      this.#names.clear();
      this.#byKey.clear();
      this.#byNetwork.clear();
    }
    if (this.#names.has(name)) return true;
    if (this.#names.size >= this.caps.perRelay) return false;
    const keyCount = spender ? (this.#byKey.get(spender.key) ?? 0) : 0;
    const networkCount = spender ? (this.#byNetwork.get(spender.network) ?? 0) : 0;
    if (keyCount >= this.caps.perKey || networkCount >= this.caps.perNetwork) return false;
    this.#names.add(name);
    if (spender) {
      this.#byKey.set(spender.key, keyCount + 1);
      this.#byNetwork.set(spender.network, networkCount + 1);
    }
    return true;
  }
}
