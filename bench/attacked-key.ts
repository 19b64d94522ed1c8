// Issue 68: what an attacker holding a publisher's public key does to that publisher's readers and to the operator's
// upstream month, against a relay on a real upstream (a sandbox started apart, counting units with its own /me).
// `node --import tsx bench/attacked-key.ts` prints the rows; `npm run bench` puts them in its table.
import { Redis } from 'ioredis';
import { addKey, testRelay } from '../test/helpers/relay.js';
import { ALL_LEAGUES, attackBed, dayAfter, getFrom, sleep, type AttackBed } from '../test/helpers/attacks.js';
import { MIDDAY } from '../test/helpers/sandbox.js';

export interface KeyAttackRow {
  attack: string;
  units: number;
  /** Units a minute while the attack ran. */
  perMinute: number;
  /** Honest readers' requests answered with data, of those made, during and after the attack. */
  honest?: string;
  note?: string;
}

/**
 * The same attacks on commit 008fc60, before issue 68 (`node --import tsx bench/attacked-key.ts` there): kept beside each
 * new measurement so the table shows both.
 */
export const BEFORE_ISSUE_68: Record<string, string> = {
  '600 concurrent nine-league date requests, 600 forged networks (bound: 3,000-unit burst)': '3,930 units, 547 answered 200',
  '90 s of new dates from forged networks, 40 at once, key past its month share; 10 honest readers of it and another key':
    '1,232 units; honest readers served 856/875; the victim’s own new requests answered again 10 s after',
  'two relays on one Redis, 30 s of new dates through both': '4,341 units (buckets per process)',
};

const dated = (n: number) => `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(MIDDAY, -399 + (n % 455))}`;
const forged = (n: number) => `203.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
const COMMON = ['/v1/scores?league=nba', '/v1/scores?league=nhl', '/v1/standings?league=nba', '/v1/injuries?league=nfl'];

async function unitsDuring<T>(bed: AttackBed, run: () => Promise<T>): Promise<{ units: number; seconds: number; result: T }> {
  const before = await bed.units();
  const started = performance.now();
  const result = await run();
  await bed.relay.cache.settled();
  return { units: (await bed.units()) - before, seconds: (performance.now() - started) / 1000, result };
}

/** Units the store attributes to `key` this month (every relay's). */
async function unitsOfKey(bed: AttackBed, key: string): Promise<number> {
  const rows = await bed.relay.store.upstreamUnitsByKey(new Date(bed.relay.now()).toISOString().slice(0, 7));
  return rows.filter((row) => row.key === key).reduce((sum, row) => sum + row.units, 0);
}

/** Honest readers of two keys, each reading one common topic a second from its own network, until `stop()`. */
function honestReaders(bed: AttackBed, keys: string[]) {
  let asked = 0;
  let served = 0;
  let running = true;
  const readers = Array.from({ length: 10 }, async (_, n) => {
    for (let i = 0; running; i++) {
      const answer = await getFrom(bed, `${COMMON[(n + i) % COMMON.length]}&key=${keys[n % keys.length]}`, `192.0.2.${n + 10}`);
      asked++;
      if (answer.status === 200) served++;
      await sleep(1000);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(readers);
      return `${served}/${asked}`;
    },
  };
}

/** Requests nobody made before (the flood asks for scores only): each needs the upstream, for this key alone. */
const UNTOUCHED = ['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'mls', 'cfb', 'ncaab'].flatMap((league) => [
  `/v1/standings?league=${league}`,
  `/v1/form?league=${league}&team=${league === 'nba' ? 'BOS' : 'NYY'}`,
  `/v1/injuries?league=${league}`,
]);

/** Seconds after the attack until a request only the victim's readers make is answered again, not refused. */
async function lockoutAfter(bed: AttackBed, limitSeconds: number): Promise<string> {
  const ended = performance.now();
  let retryAfter = 'none';
  for (let n = 0; n < UNTOUCHED.length && performance.now() - ended < limitSeconds * 1000; n++) {
    const answer = await getFrom(bed, `${UNTOUCHED[n]}&key=${bed.key}`, '192.0.2.99');
    if (answer.status !== 429) return `${((performance.now() - ended) / 1000).toFixed(0)} s`;
    retryAfter = answer.headers.get('retry-after') ?? 'none';
    await sleep(5000);
  }
  return `not within ${limitSeconds} s (Retry-After ${retryAfter} s)`;
}

/** A flood of new nine-league dates from a new forged network each request, `workers` at a time, for `seconds`. */
async function flood(bed: AttackBed, workers: number, seconds: number, first = 0): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let sent = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const n = first + sent++;
        await getFrom(bed, `${dated(n)}&key=${bed.key}`, forged(n));
      }
    }),
  );
  return sent;
}

/** The attacks, or those whose name contains `only`. */
export async function keyAttacks(seconds = 30, only = ''): Promise<KeyAttackRow[]> {
  const rows: KeyAttackRow[] = [];
  if ('concurrent'.includes(only)) {
    const bed = await attackBed();
    try {
      const {
        units,
        seconds: took,
        result,
      } = await unitsDuring(bed, async () => {
        const answers = await Promise.all(Array.from({ length: 600 }, (_, n) => getFrom(bed, `${dated(n)}&key=${bed.key}`, forged(n))));
        return answers.filter((answer) => answer.status === 200).length;
      });
      rows.push({
        attack: '600 concurrent nine-league date requests, 600 forged networks (bound: 3,000-unit burst)',
        units,
        perMinute: Math.round((units / took) * 60),
        note: `${result} answered 200`,
      });
    } finally {
      await bed.close();
    }
  }
  if ('share'.includes(only)) {
    // A per-key share of 0.1 % of the pro month (1,000 units): the flood passes it within its first seconds, as a long
    // attack on a small plan would.
    const bed = await attackBed({ upstream: { keyMonthShare: 0.001 } });
    try {
      const other = await addKey(bed.relay, ['example.com'], { name: 'another publisher' });
      for (const path of COMMON) for (const key of [bed.key, other]) await getFrom(bed, `${path}&key=${key}`, '192.0.2.200');
      const honest = honestReaders(bed, [bed.key, other]);
      // Long enough for the common answers to expire: each honest refresh then needs someone to pay.
      const { units, seconds: took } = await unitsDuring(bed, () => flood(bed, 40, seconds * 3));
      const lockout = await lockoutAfter(bed, 180);
      rows.push({
        attack: `${seconds * 3} s of new dates from forged networks, 40 at once, key past its month share; 10 honest readers of it and another key`,
        units,
        perMinute: Math.round((units / took) * 60),
        honest: await honest.stop(),
        note: `the victim's own new requests answered again ${lockout} after the attack`,
      });
    } finally {
      await bed.close();
    }
  }
  if ('relays'.includes(only)) {
    const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    url.pathname = '/13';
    const redis = new Redis(url.toString());
    await redis.flushdb();
    redis.disconnect();
    const bed = await attackBed({ redis: url.toString() });
    const second = await testRelay({
      redis: url.toString(),
      upstreamUrl: bed.upstream.baseUrl,
      upstreamKey: 'sk_sandbox_pro',
      trustProxy: ['loopback'],
    });
    try {
      const { units, seconds: took } = await unitsDuring(bed, () =>
        Promise.all([flood(bed, 20, seconds), flood({ ...bed, relay: second }, 20, seconds, 100_000)]),
      );
      rows.push({
        attack: `two relays on one Redis, ${seconds} s of new dates through both`,
        units,
        perMinute: Math.round((units / took) * 60),
        note: `${await unitsOfKey(bed, bed.key)} charged to the key; one key's bound over the run: ${Math.round(3000 + (600 * took) / 60 + 2 * 40)} (3,000 at once, 600 a minute, 8 calls of 5 units under way per relay)`,
      });
    } finally {
      await second.close();
      await bed.close();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await keyAttacks(Number(process.argv[2] ?? 30), process.argv[3]))
    console.log(`| ${row.attack} | ${row.units} (${row.perMinute}/min) | ${row.honest ?? ''} | ${row.note ?? ''} |`);
}
