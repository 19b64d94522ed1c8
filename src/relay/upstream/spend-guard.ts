import { LRUCache } from 'lru-cache';
import { RelayError } from '../base/errors.js';

/** A bucket of upstream units: `burst` at most, refilled at `perMinute`; a build may take it below zero (debt). */
export interface UnitRate {
  burst: number;
  perMinute: number;
}

export interface SpendLimits {
  /** Units one key's requests may cause (cache misses), over every network. */
  perKey: UnitRate;
  /** Units one network's requests may cause (an IPv4 address, an IPv6 /64), over every key. */
  perNetwork: UnitRate;
  /** Live topics one key, one network and the whole relay may have polled at once (topics others share are free). */
  topicsPerKey: number;
  topicsPerNetwork: number;
  topics: number;
  /** The share of the upstream month one key's requests and topics may cause (0.25 = a quarter). */
  keyMonthShare: number;
  /** The share past which the operator is told which key it is (`--upstream-key-alert`). */
  keyAlertShare: number;
}

/** A bucket of `perMinute` whose burst is a few minutes of it (at least 30 units: one cold page of every element). */
export function unitRate(perMinute: number, burstMinutes: number): UnitRate {
  return { perMinute, burst: Math.max(perMinute * burstMinutes, 30) };
}

/** How many minutes of its rate a bucket holds at once. */
export const BURST_MINUTES = { perKey: 5, perNetwork: 7.5 } as const;

export const DEFAULT_SPEND_LIMITS: SpendLimits = {
  // A busy publisher's pages (every league, every game) miss the cache a few hundred units a minute at most.
  perKey: unitRate(600, BURST_MINUTES.perKey),
  // One reader's cold page of every element costs some 30 units; then they read what the cache holds.
  perNetwork: unitRate(20, BURST_MINUTES.perNetwork),
  topicsPerKey: 1_000,
  topicsPerNetwork: 40,
  topics: 5_000,
  keyMonthShare: 0.25,
  keyAlertShare: 0.2,
};

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * The caller pays for misses: a request or stream open is refused before any work while its key or its network is in
 * debt, and what its build spends upstream is charged to both afterwards. Honest readers mostly hit the cache and
 * spend nothing; a flood of made-up requests runs out within one bucket.
 */
export class SpendGuard {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  /** Units each key has caused this month: the store's tally (every relay's), plus what this relay saw since. */
  private month = '';
  private readonly monthUnits = new Map<string, number>();

  constructor(
    readonly limits: SpendLimits,
    private readonly now: () => number,
    /** The upstream month's limit in units, once /me has answered. */
    private readonly upstreamLimit: () => number | undefined = () => undefined,
    /** Told when a key's units pass the alert share (the caller raises it once per key and month). */
    private readonly onAlertShare: (key: string, month: string, units: number, limit: number) => void = () => {},
  ) {}

  /** Units a key caused (any poll or request of its), for its share of the month. */
  attribute(key: string, month: string, units: number): void {
    if (month !== this.month) this.seed(month, []);
    const before = this.monthUnits.get(key) ?? 0;
    this.monthUnits.set(key, before + units);
    const limit = this.upstreamLimit();
    const mark = limit && limit * this.limits.keyAlertShare;
    if (mark && before < mark && before + units >= mark) this.onAlertShare(key, month, before + units, limit);
  }

  /** The month's tally by key as the store has it (every relay's share): replaces what this relay counted. */
  seed(month: string, rows: ReadonlyArray<{ key: string; units: number }>): void {
    this.month = month;
    this.monthUnits.clear();
    for (const row of rows) if (row.key) this.monthUnits.set(row.key, (this.monthUnits.get(row.key) ?? 0) + row.units);
  }

  /** The month's units by key, most first (the metric's top keys). */
  topKeys(count: number): Array<[string, number]> {
    return [...this.monthUnits].sort((a, b) => b[1] - a[1]).slice(0, count);
  }

  private spentShare(key: string): RelayError | undefined {
    const limit = this.upstreamLimit();
    if (!limit) return undefined;
    const share = this.limits.keyMonthShare;
    const caused = this.monthUnits.get(key) ?? 0;
    if (caused < limit * share) return undefined;
    const now = new Date(this.now());
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    return new RelayError(
      'rate_limited',
      `This widget key has caused ${caused.toLocaleString('en-US')} upstream units this month, its share (${Number((share * 100).toFixed(2))} % of the relay’s ${limit.toLocaleString('en-US')}); its widgets keep their last data until the month turns or the operator raises --key-upstream-share.`,
      { 'Retry-After': String(Math.ceil((next - now.getTime()) / 1000)) },
    );
  }

  private bucket(name: string, rate: UnitRate): Bucket {
    const at = this.now();
    let bucket = this.buckets.get(name);
    if (!bucket) this.buckets.set(name, (bucket = { tokens: rate.burst, at }));
    bucket.tokens = Math.min(rate.burst, bucket.tokens + (Math.max(0, at - bucket.at) * rate.perMinute) / 60_000);
    bucket.at = at;
    return bucket;
  }

  /**
   * Why the key or the network may cause no upstream call now (`rate_limited`, 429, Retry-After), or undefined.
   * `network` is undefined for a reader on this machine (a demo, a test, a proxy not declared with --trust-proxy): it
   * cannot be told apart from the others, so only its key's bucket applies.
   */
  refusal(key: string, network: string | undefined): RelayError | undefined {
    if (network !== undefined) {
      const ofNetwork = this.bucket(`n|${network}`, this.limits.perNetwork);
      if (ofNetwork.tokens <= 0) return spent('this address’s network', ofNetwork, this.limits.perNetwork);
    }
    const ofKey = this.bucket(`k|${key}`, this.limits.perKey);
    if (ofKey.tokens <= 0) return spent('this widget key', ofKey, this.limits.perKey);
    return this.spentShare(key);
  }

  /** Throws `refusal`'s answer when there is one. */
  refuse(key: string, network: string | undefined): void {
    const refusal = this.refusal(key, network);
    if (refusal) throw refusal;
  }

  charge(key: string, network: string | undefined, units: number): void {
    if (network !== undefined) this.bucket(`n|${network}`, this.limits.perNetwork).tokens -= units;
    this.bucket(`k|${key}`, this.limits.perKey).tokens -= units;
  }
}

function spent(who: string, bucket: Bucket, rate: UnitRate): RelayError {
  const retryAfter = Math.max(1, Math.ceil(((1 - bucket.tokens) / rate.perMinute) * 60));
  return new RelayError(
    'rate_limited',
    `Too many requests for data the relay does not hold: ${who} has caused its share of upstream calls (${rate.burst} units, then ${rate.perMinute} a minute); retry in ${retryAfter} s. Widgets showing the same games as other readers are not affected.`,
    { 'Retry-After': String(retryAfter) },
  );
}

/** Refusal of a stream whose new topics would pass a topic cap. */
export function tooManyTopics(who: string, cap: number): RelayError {
  return new RelayError(
    'rate_limited',
    `Too many live topics: ${who} already has ${cap} topics polled (its cap); follow fewer dates, games or league lists at once.`,
    { 'Retry-After': '60' },
  );
}
