import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

describe('operations: admin API, metrics, rate limit', () => {
  let relay: RunningRelay;
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${relay.origin}${path}`, {
      ...init,
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef', 'content-type': 'application/json', ...init.headers },
    });
  before(async () => {
    relay = await testRelay({ rateLimit: { perMinute: 60, burst: 5 } });
  });
  after(() => relay.close());

  it('keeps /admin and /metrics behind the admin token; /health is public', async () => {
    assert.equal((await fetch(`${relay.origin}/admin/keys`)).status, 401);
    assert.equal((await fetch(`${relay.origin}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
    assert.equal((await fetch(`${relay.origin}/health`)).status, 200);
    const metrics = await (await admin('/metrics')).text();
    assert.match(metrics, /pressbox_http_requests_total/);
    assert.match(metrics, /pressbox_widget_loads_total/);
    assert.match(metrics, /pressbox_upstream_units_total|pressbox_upstream_requests_total/);
    assert.match(metrics, /pressbox_cache_total/);
  });

  it('refuses a missing or wrong operator token in the error shape, with the challenge', async () => {
    const missing = await fetch(`${relay.origin}/admin/keys`);
    assert.equal(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /Bearer/);
    assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'missing_key');
    const wrong = await fetch(`${relay.origin}/admin/keys`, { headers: { authorization: 'Bearer wrong' } });
    const body = (await wrong.json()) as { error: { code: string; message: string } };
    assert.deepEqual([wrong.status, body.error.code], [401, 'invalid_key']);
    assert.match(body.error.message, /PRESSBOX_ADMIN_TOKEN/);
  });

  it('labels requests in /metrics by route pattern: made-up paths add no series', async () => {
    for (let i = 0; i < 5; i++) await fetch(`${relay.origin}/scan-${i}/wp-login.php`);
    await fetch(`${relay.origin}/admin/keys/pk_live_${'0'.repeat(32)}`, {
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
    });
    const metrics = await (await admin('/metrics')).text();
    assert.doesNotMatch(metrics, /scan-\d|wp-login|pk_live_0/);
    assert.match(metrics, /route="unmatched"/);
    assert.match(metrics, /route="\/admin\/keys\/:key"/);
  });

  it('marks every answer nosniff and readable cross-origin, scripts included', async () => {
    for (const path of ['/health', '/pressbox.js', '/v1/scores?league=nba']) {
      const response = await fetch(`${relay.origin}${path}`);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('cross-origin-resource-policy'), 'cross-origin', path);
    }
  });

  it('rotates a key: the new one works at once, the old one through its grace period, and not at all with none', async () => {
    const old = await addKey(relay, ['example.com'], { plan: 'starter', name: 'Courier' });
    const response = await admin(`/admin/keys/${old}/rotate`, { method: 'POST', body: JSON.stringify({ graceSeconds: 3600 }) });
    assert.equal(response.status, 201);
    const rotated = (await response.json()) as {
      key: { key: string; plan: string; domains: string[]; name: string };
      old: { revokedAt: string };
    };
    assert.notEqual(rotated.key.key, old);
    assert.deepEqual([rotated.key.plan, rotated.key.domains, rotated.key.name], ['starter', ['example.com'], 'Courier']);
    assert.ok(Math.abs(Date.parse(rotated.old.revokedAt) - relay.now() - 3_600_000) < 60_000, 'revoked in an hour');
    for (const key of [rotated.key.key, old]) assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200, key);
    await admin(`/admin/keys/${old}`, { method: 'DELETE' });
    assert.equal(
      (await widgetGet(relay, `/v1/injuries?league=nba&key=${old}`)).body.error.code,
      'invalid_key',
      'revoke ends the grace period',
    );

    const again = await addKey(relay, ['example.com']);
    await admin(`/admin/keys/${again}/rotate`, { method: 'POST', body: JSON.stringify({ graceSeconds: 0 }) });
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${again}`)).body.error.code, 'invalid_key', 'no grace: revoked now');
  });

  it('applies a domain change or a revocation made through the admin API at once, though keys are kept in memory', async () => {
    const key = await addKey(relay, ['example.com']);
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200);
    await admin(`/admin/keys/${key}`, { method: 'PATCH', body: JSON.stringify({ domains: ['other.example'] }) });
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).body.error.code, 'origin_not_allowed');
    await admin(`/admin/keys/${key}`, { method: 'DELETE' });
    const revoked = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
    assert.deepEqual([revoked.status, revoked.body.error.code], [401, 'invalid_key']);
  });

  it('creates, shows, updates, checks and revokes keys', async () => {
    const created = await admin('/admin/keys', {
      method: 'POST',
      body: JSON.stringify({ plan: 'starter', domains: ['*.example.com'], name: 'Example News' }),
    });
    assert.equal(created.status, 201);
    const key = await created.json();
    assert.match(key.key, /^pk_live_[0-9a-f]{32}$/);
    assert.equal(key.monthlyLoads, 25_000);
    const check = await (await admin(`/admin/keys/${key.key}/check?origin=${encodeURIComponent('https://www.example.com')}`)).json();
    assert.deepEqual([check.allowed, check.rule], [true, '*.example.com']);
    const apex = await (await admin(`/admin/keys/${key.key}/check?origin=${encodeURIComponent('https://example.com')}`)).json();
    assert.equal(apex.allowed, false);
    const updated = await (
      await admin(`/admin/keys/${key.key}`, { method: 'PATCH', body: JSON.stringify({ domains: ['example.com'], plan: 'custom:10' }) })
    ).json();
    assert.deepEqual([updated.domains, updated.monthlyLoads], [['example.com'], 10]);
    const revoked = await (await admin(`/admin/keys/${key.key}`, { method: 'DELETE' })).json();
    assert.ok(revoked.revokedAt);
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key.key}`)).body.error.code, 'invalid_key');
    const test = await (
      await admin('/admin/keys', { method: 'POST', body: JSON.stringify({ plan: 'free', domains: ['example.com'], test: true }) })
    ).json();
    assert.match(test.key, /^pk_test_/);
  });

  it('sets, clears and refuses the regions where a key’s odds may show', async () => {
    const created = await (
      await admin('/admin/keys', {
        method: 'POST',
        body: JSON.stringify({ plan: 'pro', domains: ['example.com'], oddsRegions: ['us-nj', 'GB'] }),
      })
    ).json();
    assert.deepEqual(created.oddsRegions, ['US-NJ', 'GB']);
    const patch = (body: unknown) => admin(`/admin/keys/${created.key}`, { method: 'PATCH', body: JSON.stringify(body) });
    assert.deepEqual((await (await patch({ oddsRegions: ['US'] })).json()).oddsRegions, ['US']);
    assert.equal((await (await patch({ oddsRegions: null })).json()).oddsRegions, null);
    const refused = await patch({ oddsRegions: ['New Jersey'] });
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).error.message, /oddsRegions: "New Jersey" is not an ISO 3166 code/);
    assert.equal((await patch({ oddsRegions: [] })).status, 400, 'no list is null, not an empty one');
    assert.equal((await patch({ oddsRegions: Array.from({ length: 101 }, (_, i) => `US-${i}`) })).status, 400);
  });

  it('refuses bad admin input with bad_request', async () => {
    const bad = await admin('/admin/keys', { method: 'POST', body: JSON.stringify({ plan: 'gold', domains: ['example.com/path'] }) });
    assert.equal(bad.status, 400);
    const body = await bad.json();
    assert.match(body.error.message, /plan/);
    assert.match(body.error.message, /without a path/);
    assert.equal((await admin('/admin/usage?month=2026-13')).status, 400);
  });

  it('limits requests per key and address, with Retry-After', async () => {
    const key = await addKey(relay, ['example.com']);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200, 200, 429, 429],
    );
    assert.equal(answers[5]!.body.error.code, 'rate_limited');
    assert.ok(Number(answers[5]!.headers.get('retry-after')) >= 1);
    const other = await addKey(relay, ['example.com']);
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${other}`)).status, 200, 'another key has its own bucket');
  });

  it('serves test keys from the sandbox and on loopback pages', async () => {
    const key = await addKey(relay, ['example.com'], { test: true });
    const answer = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'http://localhost:5173' });
    assert.equal(answer.status, 200);
    const calls = await relay.metrics.upstreamRequests.get();
    assert.ok(calls.values.some((value) => value.labels.upstream === 'test'));
  });
});
