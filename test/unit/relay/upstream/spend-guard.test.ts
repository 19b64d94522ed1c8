import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SPEND_LIMITS, SpendGuard, SpendRefusal, type SpendLimits } from '../../../../src/relay/upstream/spend-guard.js';
import { currentSpender, type Spender } from '../../../../src/relay/upstream/spend.js';
import { topicSpender, type TopicCounts } from '../../../../src/relay/upstream/who-pays.js';

const limits: SpendLimits = { ...DEFAULT_SPEND_LIMITS, perKey: { burst: 10, perMinute: 60 }, perNetwork: { burst: 100, perMinute: 60 } };
const reader = (key: string, network: string): Spender => ({ key, network, payer: { key, network } });

function guardAt(start = 0, upstreamLimit?: number) {
  let now = start;
  const guard = new SpendGuard(
    limits,
    () => now,
    () => upstreamLimit,
  );
  return { guard, advance: (ms: number) => void (now += ms) };
}

/** A call that charges what it costs as the client does, and says who paid. */
const call = (guard: SpendGuard, units: number) => async () => {
  const payer = currentSpender()!.payer!;
  await guard.charge(payer, units);
  return payer.key;
};

describe('who pays for an upstream call', () => {
  it('charges the reader, and refuses it once its key has nothing left, before the call', async () => {
    const { guard } = guardAt();
    assert.equal(await guard.pay('a', reader('k1', 'n1'), call(guard, 10)), 'k1');
    let called = false;
    await assert.rejects(
      guard.pay('b', reader('k1', 'n2'), async () => (called = true)),
      (error: unknown) => error instanceof SpendRefusal && /this widget key/.test(error.message),
    );
    assert.equal(called, false, 'a refused call never starts');
  });

  it('lets another recent reader of the same answer pay when the reader’s key cannot', async () => {
    const { guard } = guardAt();
    guard.noteReader('shared', reader('k2', 'n9'));
    await guard.pay('x', reader('k1', 'n1'), call(guard, 10));
    assert.equal(await guard.pay('shared', reader('k1', 'n1'), call(guard, 2)), 'k2');
    await assert.rejects(guard.pay('only-k1', reader('k1', 'n1'), call(guard, 2)), SpendRefusal);
  });

  it('bounds the calls one key has under way, and lets the others wait their turn', async () => {
    const { guard } = guardAt();
    let running = 0;
    let most = 0;
    const slow = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
    };
    const spender = reader('k3', 'n3');
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => guard.pay(`answer-${n}`, { ...spender, payer: { key: 'k3', network: `n${n}` } }, slow)),
    );
    assert.equal(most, limits.callsPerKey);
  });

  it('slows a key past its share of the month instead of closing it, and it recovers within a minute', async () => {
    const { guard, advance } = guardAt(Date.UTC(2026, 11, 6), 1000);
    guard.attribute('k4', '2026-12', 300);
    assert.equal(guard.pastShare('k4'), true);
    await guard.pay('a', reader('k4', 'n4'), call(guard, 10));
    const refusal = await guard.refusal({ key: 'k4', network: 'n4' });
    assert.ok(refusal);
    assert.match(refusal.message, /past its share/);
    assert.ok(Number(refusal.headers['Retry-After']) <= 60, refusal.headers['Retry-After']);
    advance(60_000);
    assert.equal(await guard.refusal({ key: 'k4', network: 'n4' }), undefined);
  });
});

describe('live topic pools', () => {
  const guard = new SpendGuard({ ...DEFAULT_SPEND_LIMITS, topics: 100, topicsPerKey: 10, testTopics: 5 }, () => 0);
  const counts = (owned: Record<string, number>, polled: number, fresh = 1): TopicCounts => ({
    fresh,
    polled,
    ownedBy: (owner) => owned[owner] ?? 0,
  });
  const live = { key: { key: 'pk_live_a' } };
  const test = { key: { key: 'pk_test_b', test: true } };

  it('gives each key a share of the relay’s topics, so a few keys cannot fill it', () => {
    assert.ok(topicSpender(guard, live, '198.51.100.1', counts({ 'k|pk_live_a': 9 }, 50)));
    assert.throws(() => topicSpender(guard, live, '198.51.100.1', counts({ 'k|pk_live_a': 10 }, 50)), /this widget key already has 10/);
  });

  it('keeps test keys in a small pool of their own', () => {
    assert.throws(() => topicSpender(guard, test, '198.51.100.1', counts({}, 5)), /the test keys’ pool on this relay already has 5/);
    assert.equal(topicSpender(guard, test, '198.51.100.1', counts({}, 4)).payer, undefined, 'the sandbox costs nothing: no payer');
  });

  it('lets anyone join topics already polled, whatever the pools', () => {
    assert.ok(topicSpender(guard, live, '198.51.100.1', counts({ 'k|pk_live_a': 10 }, 100, 0)));
  });
});
