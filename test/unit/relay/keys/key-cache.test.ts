// Keys kept a few seconds in memory: when a key's copy lapses, the requests that find it so wait for one store read,
// and a key read before is known, so its readers never spend the budget for made-up keys (http/access.ts); under
// 10,000 live readers arriving from one address that budget refused them every five seconds (bench/live-billing.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { cachedKeys } from '../../../../src/relay/key-service/key-cache.js';
import { openStore } from '../../../../src/relay/store/open.js';
import { sleep } from '../../../helpers/wait.js';

describe('the relay’s copy of its keys', () => {
  it('reads a lapsed key once for every request that asks at the same time', async () => {
    const store = await openStore({ db: ':memory:' });
    try {
      const { key } = await createKey(store, { plan: 'pro', domains: ['example.com'], name: '', test: false }, Date.now());
      let reads = 0;
      const counted = { ...store, getKey: (value: string) => (reads++, store.getKey(value)) };
      const keys = cachedKeys(counted, 1);
      assert.equal(keys.known(key), false, 'not read yet');
      await keys.getKey(key);
      assert.equal(keys.known(key), true);
      await sleep(5);
      const answers = await Promise.all(Array.from({ length: 50 }, () => keys.getKey(key)));
      assert.ok(answers.every((answer) => answer?.key === key));
      assert.equal(reads, 2, 'one read when first asked, one when the copy had lapsed');
      assert.equal(keys.known('pk_live_made_up_key_0000000000000000'), false);
    } finally {
      await store.close();
    }
  });
});
