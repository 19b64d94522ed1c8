// A public `pk_test_` key flooding the relay with made-up and real game ids, by GET and HEAD (issue 68): the sandbox's
// answers, kept games and snapshots stay in the relay's bounded memory, and Redis barely grows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { dayAfter } from '../../../helpers/attacks.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { addKey, testRelay } from '../../../helpers/relay.js';
import { MIDDAY } from '../../../helpers/sandbox.js';

const ORIGIN = 'https://example.com';
const WORKERS = 40;
const FLOOD_MS = 8_000;
/** A database of its own: other files flush the tests' database while their own tests run. */
const redisUrl = Object.assign(new URL(testRedisUrl()), { pathname: '/12' }).toString();

async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}

describe('a test key flooding made-up and real game ids', () => {
  let relay: RunningRelay;
  let redis: Redis;
  let key: string;
  before(async () => {
    redis = new Redis(redisUrl);
    await redis.flushdb();
    relay = await testRelay({ redis: redisUrl, rateLimit: { perMinute: 100_000_000, burst: 10_000_000 } });
    key = await addKey(relay, ['example.com'], { test: true });
  });
  after(async () => {
    await relay.close();
    await redis.flushdb();
    redis.disconnect();
  });

  it('leaves Redis with no test answer, kept game or snapshot, and within 2 MB', async (t) => {
    const days = Array.from({ length: 60 }, (_, i) => dayAfter(MIDDAY, -i));
    const real: string[] = [];
    for (const day of days.slice(0, 20)) {
      const scores = await fetch(`${relay.origin}/v1/scores?league=nba&date=${day}&key=${key}`, { headers: { origin: ORIGIN } });
      for (const game of ((await scores.json()) as { games?: Array<{ id: string }> }).games ?? []) real.push(game.id);
    }
    assert.ok(real.length > 20, `real sandbox games to ask for (${real.length})`);
    const keysBefore = await redis.dbsize();
    const memoryBefore = await usedMemory(redis);

    let requests = 0;
    const ends = Date.now() + FLOOD_MS;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        for (let i = 0; Date.now() < ends; i++) {
          const n = worker * 1_000_000 + i;
          const path = [
            `/v1/games/${n.toString(36)}x${worker}?league=nba`,
            `/v1/games/${real[n % real.length]}?league=nba&date=${days[n % days.length]}`,
            `/v1/scores?league=nba&date=${days[n % days.length]}&team=${['BOS', 'LAL', 'NYK', 'MIA'][n % 4]}`,
          ][n % 3];
          const response = await fetch(`${relay.origin}${path}&key=${key}`, { method: n % 2 ? 'HEAD' : 'GET', headers: { origin: ORIGIN } });
          await response.arrayBuffer();
          requests++;
        }
      }),
    );

    const grown = (await redis.dbsize()) - keysBefore;
    const memory = (await usedMemory(redis)) - memoryBefore;
    const testNames = [
      ...(await redis.keys('pressbox:cache:{test|*')),
      ...(await redis.keys('pressbox:cache-claim:{test|*')),
      ...(await redis.keys('*kept:test:*')),
    ];
    t.diagnostic(`${requests} requests: Redis +${grown} keys, +${memory} bytes, ${testNames.length} test names`);
    assert.deepEqual(testNames.slice(0, 5), [], `no test answer in Redis (${testNames.length} after ${requests} requests)`);
    assert.ok(grown < 50, `Redis grew by ${grown} keys after ${requests} requests`);
    assert.ok(memory < 2 * 1024 * 1024, `Redis grew by ${memory} bytes after ${requests} requests`);
  });
});
