// Test keys' answers and kept answers, in this relay's memory: bounded by count and bytes, per relay and per key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_PARTITION, UpstreamPartitions } from '../../../../src/relay/cache/upstream-partitions.js';
import { keptStoreOf, TEST_KEPT_CAPS } from '../../../../src/relay/resources/test-kept.js';
import type { HistoryStore } from '../../../../src/relay/store/types.js';
import { spendingAs } from '../../../../src/relay/upstream/spend.js';

const big = (n: number) => ({ value: { filler: 'x'.repeat(n) }, fetchedAt: 0 });

describe('test keys in memory', () => {
  it('the test partition holds at most its bytes and count; the live one is untouched', () => {
    const partitions = new UpstreamPartitions(5000);
    for (let i = 0; i < 2000; i++) partitions.set(`test|finalGame|nba|${i}`, big(64 * 1024));
    const held = Array.from({ length: 2000 }, (_, i) => partitions.get(`test|finalGame|nba|${i}`)).filter(Boolean);
    assert.ok(held.length * 64 * 1024 <= TEST_PARTITION.maxBytes, `${held.length} answers of 64 KiB`);
    for (let i = 0; i < 1000; i++) partitions.set(`test|games|nba|${i}`, big(10));
    assert.ok(Array.from({ length: 1000 }, (_, i) => partitions.get(`test|games|nba|${i}`)).filter(Boolean).length <= TEST_PARTITION.max);
    for (let i = 0; i < 1000; i++) partitions.set(`live|games|nba|${i}`, big(10));
    assert.equal(Array.from({ length: 1000 }, (_, i) => partitions.get(`live|games|nba|${i}`)).filter(Boolean).length, 1000);
  });

  it('test kept answers stay out of the store, within a share per key and per relay', async () => {
    const store = {} as HistoryStore;
    assert.equal(keptStoreOf(store, 'live:/v1/games/1'), store);
    const kept = keptStoreOf(store, 'test:/v1/games/1');
    const body = Buffer.alloc(4096);
    const keepAs = (key: string, count: number) =>
      spendingAs({ key, network: 'n' }, async () => {
        for (let i = 0; i < count; i++) await kept.keepPayload(`test:/v1/games/${key}-${i}`, body, 0);
      });
    await keepAs('pk_test_a', 1000);
    const heldOf = async (key: string, count: number) =>
      (await Promise.all(Array.from({ length: count }, (_, i) => kept.keptPayload(`test:/v1/games/${key}-${i}`)))).filter(Boolean).length;
    const perKey = Math.min(TEST_KEPT_CAPS.perKey.answers, Math.floor(TEST_KEPT_CAPS.perKey.bytes / body.length));
    assert.equal(await heldOf('pk_test_a', 1000), perKey, 'one key keeps its share and no more');
    await keepAs('pk_test_b', 10);
    assert.equal(await heldOf('pk_test_b', 10), 10, 'another key still keeps');
    for (let k = 0; k < 40; k++) await keepAs(`pk_test_${k}`, 300);
    let all = 0;
    for (let k = 0; k < 40; k++) all += await heldOf(`pk_test_${k}`, 300);
    assert.ok(all <= TEST_KEPT_CAPS.perRelay.answers && all * body.length <= TEST_KEPT_CAPS.perRelay.bytes, `${all} kept on the relay`);
  });
});
