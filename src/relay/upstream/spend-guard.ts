import { LRUCache } from 'lru-cache';
import { adjustCount } from '../base/counts.js';
import { RelayError } from '../base/errors.js';
import { spendingAs, type Payer, type Spender } from './spend.js';
import { memoryBuckets, type UnitBuckets, type UnitRate } from './unit-buckets.js';

export type { UnitRate } from './unit-buckets.js';

export interface SpendLimits {
  /** Units one key's requests and topics may cause (cache misses, polls), over every network. */
  perKey: UnitRate;
  /** Units one network's requests may cause (an IPv4 address, an IPv6 /64), over every key. */
  perNetwork: UnitRate;
  /** Upstream calls one key's, and one network's, readers may have under way at once; more wait their turn. */
  callsPerKey: number;
  callsPerNetwork: number;
  /** Live topics one key, one network and the whole relay may have polled at once (topics others share are free). */
  topicsPerKey: number;
  topicsPerNetwork: number;
  topics: number;
  /** Live topics every test key together may have polled (the sandbox's own pool, apart from the live keys'). */
  testTopics: number;
  /** The share of the upstream month one key's requests and topics may cause at full rate (0.25 = a quarter). */
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

/** Past its share of the month a key's bucket refills this much slower, and holds one minute of that. */
const PAST_SHARE_SLOWDOWN = 10;

const TOPICS = 5_000;

export const DEFAULT_SPEND_LIMITS: SpendLimits = {
  // A busy publisher's pages (every league, every game) miss the cache a few hundred units a minute at most.
  perKey: unitRate(600, BURST_MINUTES.perKey),
  // One reader's cold page of every element costs some 30 units; then they read what the cache holds.
  perNetwork: unitRate(20, BURST_MINUTES.perNetwork),
  // A cold nine-league page makes some 36 calls: they go eight at a time, so a flood cannot outrun its buckets.
  callsPerKey: 8,
  callsPerNetwork: 4,
  // A tenth of the relay's topics per key: ten keys at their cap before the relay is full.
  topicsPerKey: TOPICS / 10,
  topicsPerNetwork: 40,
  topics: TOPICS,
  testTopics: TOPICS / 20,
  keyMonthShare: 0.25,
  keyAlertShare: 0.2,
};

/** How long a call waits for a turn among its payer's calls under way before it is refused. */
const TURN_WAIT_MS = 10_000;
/** Payers remembered for each upstream answer (its recent readers), and answers remembered. */
const READERS_PER_ANSWER = 6;
const ANSWERS_REMEMBERED = 20_000;
/** Payers asked at most for one call: each is a look at two buckets (in Redis, two commands). */
const PAYERS_ASKED = 6;
/** A payer found unable to pay is not asked again for this long: a flood of misses costs no Redis command each. */
const DRY_MEMO_MS = 250;

/** A refusal to start an upstream call: the cache answers what it holds instead, and only a reader with nothing gets it. */
export class SpendRefusal extends RelayError {}

/**
 * Who pays for an upstream call, and whether anyone may make it now. A call is charged before it leaves, attempt by
 * attempt, to one payer: the reader (or topic) that needs it, or, when its key or network has spent its buckets,
 * another recent reader of the same answer who has not. So an answer many keys' readers share is never refused for one
 * key's spend, and what runs dry is the long tail only its own callers cause. Calls under way are bounded per key and
 * per network, so no concurrency outruns a bucket; past its share of the month a key's bucket refills ten times slower
 * instead of closing, and it recovers minutes after an attack ends.
 */
export class SpendGuard {
  /** Units each key has caused this month: the store's tally (every relay's), plus what this relay saw since. */
  private month = '';
  private readonly monthUnits = new Map<string, number>();
  private readonly readers = new LRUCache<string, Payer[]>({ max: ANSWERS_REMEMBERED });
  private readonly underWay = new Map<string, number>();
  private readonly dry = new LRUCache<string, { refusal: SpendRefusal; until: number }>({ max: 10_000 });
  private turnTaken: Array<() => void> = [];

  constructor(
    readonly limits: SpendLimits,
    private readonly now: () => number,
    /** The upstream month's limit in units, once /me has answered. */
    private readonly upstreamLimit: () => number | undefined = () => undefined,
    /** Told when a key's units pass the alert share (the caller raises it once per key and month). */
    private readonly onAlertShare: (key: string, month: string, units: number, limit: number) => void = () => {},
    private readonly buckets: UnitBuckets = memoryBuckets(now),
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

  /** Whether the key has caused its share of the upstream month (its bucket then refills slower). */
  pastShare(key: string): boolean {
    const limit = this.upstreamLimit();
    return limit !== undefined && (this.monthUnits.get(key) ?? 0) >= limit * this.limits.keyMonthShare;
  }

  private keyRate(key: string): UnitRate {
    if (!this.pastShare(key)) return this.limits.perKey;
    const perMinute = this.limits.perKey.perMinute / PAST_SHARE_SLOWDOWN;
    return { perMinute, burst: perMinute };
  }

  /** Notes a reader of an upstream answer: while it reads it, it is one of those who may pay for its refresh. */
  noteReader(answer: string, spender: Spender | undefined): void {
    const payer = spender?.payer;
    if (!payer) return;
    const known = this.readers.get(answer);
    if (!known) return void this.readers.set(answer, [payer]);
    if (known.some((reader) => reader.key === payer.key && reader.network === payer.network)) return;
    if (known.length >= READERS_PER_ANSWER) known.shift();
    known.push(payer);
  }

  /** Why the payer may start no call now (`rate_limited`, 429, Retry-After), or undefined. */
  async refusal(payer: Payer): Promise<SpendRefusal | undefined> {
    const name = payerName(payer);
    const memo = this.dry.get(name);
    const now = this.now();
    if (memo && now >= memo.until - DRY_MEMO_MS && now < memo.until) return memo.refusal;
    const refusal = await this.bucketRefusal(payer);
    if (refusal) this.dry.set(name, { refusal, until: now + DRY_MEMO_MS });
    return refusal;
  }

  private async bucketRefusal(payer: Payer): Promise<SpendRefusal | undefined> {
    const { network, key } = namesOf(payer);
    if (network !== undefined) {
      const level = await this.buckets.level(network, this.limits.perNetwork);
      if (level <= 0) return spent('this address’s network', level, this.limits.perNetwork);
    }
    const rate = this.keyRate(payer.key);
    const level = await this.buckets.level(key, rate);
    if (level > 0) return undefined;
    return this.pastShare(payer.key)
      ? spentShare(payer.key, level, rate, this.monthUnits.get(payer.key) ?? 0, this.limits)
      : spent('this widget key', level, rate);
  }

  /** Charges an attempt's units before it leaves (retries and timeouts cost what a success costs). */
  async charge(payer: Payer, units: number): Promise<void> {
    const { network, key } = namesOf(payer);
    if (network !== undefined) await this.buckets.take(network, this.limits.perNetwork, units);
    await this.buckets.take(key, this.keyRate(payer.key), units);
  }

  /**
   * Runs `call`, the refresh of `answer`, as the first of its possible payers who may pay now (the spender's own payer,
   * then the topic's other viewers, then the answer's recent readers); rejects with the spender's refusal when none may.
   */
  async pay<T>(answer: string, spender: Spender | undefined, call: () => Promise<T>): Promise<T> {
    if (!spender?.payer) return call();
    const candidates = unique([spender.payer, ...(spender.alternates?.() ?? []), ...(this.readers.get(answer) ?? [])]).slice(
      0,
      PAYERS_ASKED,
    );
    const waitUntil = performance.now() + TURN_WAIT_MS;
    for (;;) {
      let first: SpendRefusal | undefined;
      let busy = false;
      for (const payer of candidates) {
        const refused = await this.refusal(payer);
        if (refused) {
          first ??= refused;
          continue;
        }
        if (!this.takeTurn(payer)) {
          busy = true;
          continue;
        }
        try {
          return await spendingAs({ ...spender, payer }, call);
        } finally {
          this.endTurn(payer);
        }
      }
      if (!busy || performance.now() >= waitUntil) throw first ?? tooManyCalls();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.turnTaken.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  private takeTurn(payer: Payer): boolean {
    const { network, key } = namesOf(payer);
    if ((this.underWay.get(key) ?? 0) >= this.limits.callsPerKey) return false;
    if (network !== undefined && (this.underWay.get(network) ?? 0) >= this.limits.callsPerNetwork) return false;
    adjustCount(this.underWay, key, 1);
    if (network !== undefined) adjustCount(this.underWay, network, 1);
    return true;
  }

  private endTurn(payer: Payer): void {
    const { network, key } = namesOf(payer);
    adjustCount(this.underWay, key, -1);
    if (network !== undefined) adjustCount(this.underWay, network, -1);
    const waiting = this.turnTaken;
    this.turnTaken = [];
    for (const wake of waiting) wake();
  }
}

const payerName = (payer: Payer) => `${payer.key}|${payer.network ?? ''}`;

/** The names of a payer's buckets and counts: its key's, and its network's when it is charged one. */
const namesOf = (payer: Payer) => ({ key: `k|${payer.key}`, network: payer.network === undefined ? undefined : `n|${payer.network}` });

function unique(payers: Payer[]): Payer[] {
  const seen = new Set<string>();
  return payers.filter((payer) => {
    const name = payerName(payer);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

function retryAfter(level: number, rate: UnitRate): number {
  return Math.max(1, Math.ceil(((1 - level) / rate.perMinute) * 60));
}

function spent(who: string, level: number, rate: UnitRate): SpendRefusal {
  const seconds = retryAfter(level, rate);
  return new SpendRefusal(
    'rate_limited',
    `Too many requests for data the relay does not hold: ${who} has caused its share of upstream calls (${rate.burst} units, then ${rate.perMinute} a minute); retry in ${seconds} s. Widgets showing the same games as other readers are not affected.`,
    { 'Retry-After': String(seconds) },
  );
}

function spentShare(key: string, level: number, rate: UnitRate, caused: number, limits: SpendLimits): SpendRefusal {
  const seconds = retryAfter(level, rate);
  return new SpendRefusal(
    'rate_limited',
    `This widget key has caused ${caused.toLocaleString('en-US')} upstream units this month, past its share (${Number((limits.keyMonthShare * 100).toFixed(2))} % of the relay’s month): data the relay does not hold is fetched for it at ${rate.perMinute} units a minute until the month turns; retry in ${seconds} s. Widgets showing what other readers see are not affected.`,
    { 'Retry-After': String(seconds) },
  );
}

function tooManyCalls(): SpendRefusal {
  return new SpendRefusal(
    'rate_limited',
    'Too many requests for data the relay does not hold are under way for this widget key or network; retry in a few seconds.',
    { 'Retry-After': '5' },
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
