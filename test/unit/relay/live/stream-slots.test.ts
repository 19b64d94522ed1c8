// Who may open another live stream: a key alone gets a fair share of the relay's pool unless the operator gave keys a
// ceiling of their own (a relay serving one big publisher), test keys stay in a small pool, and the pool is never passed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RelayError } from '../../../../src/relay/base/errors.js';
import { StreamSlots, type StreamLimits } from '../../../../src/relay/live/stream-slots.js';

/** Streams `key` opens (each from an address of its own) until the slots refuse one: how many, and the refusal. */
function openUntilRefused(slots: StreamSlots, key: string, test = false, most = 10_000): { opened: number; refusal?: RelayError } {
  for (let opened = 0; opened < most; opened++) {
    try {
      slots.check(`${key}-${opened}`, key, test);
    } catch (error) {
      assert.ok(error instanceof RelayError);
      return { opened, refusal: error };
    }
    slots.take(`${key}-${opened}`, key, test);
  }
  return { opened: most };
}

const POOL: StreamLimits = { maxStreamsPerAddress: 50, maxStreams: 1_000 };

describe('StreamSlots', () => {
  it('gives one key alone half the pool, and leaves the rest to the others', () => {
    const slots = new StreamSlots(POOL);
    const first = openUntilRefused(slots, 'pk_live_a');
    assert.equal(first.opened, 500);
    assert.equal(first.refusal?.status, 503);
    assert.match(first.refusal!.message, /limit for this key on this relay \(500\)/);
    assert.equal(openUntilRefused(slots, 'pk_live_b').opened, 250, 'the next key gets half of what is left');
  });

  it("gives a key the operator's ceiling in place of its fair share, within the relay's pool", () => {
    const big = new StreamSlots({ ...POOL, maxStreamsPerKey: 900 });
    assert.equal(openUntilRefused(big, 'pk_live_a').opened, 900);
    assert.equal(openUntilRefused(big, 'pk_live_b').opened, 100, 'the others share what is left');
    const beyond = openUntilRefused(big, 'pk_live_c');
    assert.equal(beyond.opened, 0);
    assert.match(beyond.refusal!.message, /limit for this relay \(1000\)/);
    const lower = new StreamSlots({ ...POOL, maxStreamsPerKey: 20 });
    assert.equal(openUntilRefused(lower, 'pk_live_a').opened, 20);
  });

  it('keeps test keys to their own small pool, whatever the ceiling per key', () => {
    const slots = new StreamSlots({ ...POOL, maxStreamsPerKey: 900 });
    const tester = openUntilRefused(slots, 'pk_test_a', true);
    assert.equal(tester.opened, 50);
    assert.match(tester.refusal!.message, /test keys on this relay \(50\)/);
  });

  it('gives a slot back when a stream closes', () => {
    const slots = new StreamSlots({ ...POOL, maxStreamsPerKey: 2 });
    slots.take('one', 'pk_live_a', false);
    slots.take('two', 'pk_live_a', false);
    assert.throws(() => slots.check('three', 'pk_live_a', false), /limit for this key/);
    slots.release('two', 'pk_live_a', false);
    slots.check('three', 'pk_live_a', false);
    slots.release('one', 'pk_live_a', false);
    assert.deepEqual(slots.holders(), { addresses: 0, keys: 0 });
  });
});
