import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { ENDPOINTS } from '../../../../src/relay/upstream/endpoints.js';
import { createUpstreamClient, type UpstreamAttempt, type UpstreamClientOptions } from '../../../../src/relay/upstream/client.js';
import {
  UpstreamAuthError,
  UpstreamBadRequestError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamNotFoundError,
  UpstreamPlanError,
  UpstreamQuotaError,
  UpstreamRateLimitError,
  UpstreamUnavailableError,
} from '../../../../src/relay/upstream/errors.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { MIDDAY, frozenSandbox } from '../../../helpers/sandbox.js';

const SECRET = 'sk_sandbox_pro';

describe('upstream client against the running sandbox', () => {
  let sandbox: RunningSandbox;
  const requests: Array<{ url: string; headers: Headers }> = [];
  // Records what goes over the wire, then makes the real request.
  const recordingFetch: typeof fetch = (input, init) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  const client = (overrides: Partial<UpstreamClientOptions> = {}) =>
    createUpstreamClient({ baseUrl: sandbox.baseUrl, apiKey: SECRET, fetch: recordingFetch, baseDelayMs: 5, maxDelayMs: 40, ...overrides });

  before(async () => {
    sandbox = await frozenSandbox(MIDDAY, { keys: { sk_client_free: 'free' } });
  });
  afterEach(() => {
    sandbox.faults.clear();
    requests.length = 0;
  });
  after(() => sandbox.close());

  it('reads every endpoint into typed data', async () => {
    const upstream = client();
    const live = await upstream.call(ENDPOINTS.liveGames, { sport: 'nba' });
    assert.ok(live.games.length > 0);
    assert.ok(['scheduled', 'live', 'final'].includes(live.games[0]!.status));
    const lines = await upstream.call(ENDPOINTS.lines, { league: 'nba', include: 'xchg' });
    assert.ok(lines.data[0]!.exchange?.xchg?.moneyline);
    const gameId = live.games[0]!.gameId;
    const props = await upstream.call(ENDPOINTS.playerProps, { league: 'nba', gameId, markets: 'points' });
    assert.equal(props.data[0]!.market, 'points');
    const propSplits = await upstream.call(ENDPOINTS.playerPropSplits, { league: 'nba', gameId, markets: 'points' });
    assert.ok(propSplits.data[0]!.players.length > 0);
    assert.ok((await upstream.call(ENDPOINTS.games, { league: 'nba', date: '2026-11-21' })).data.length > 0);
    assert.equal((await upstream.call(ENDPOINTS.teams, { league: 'nba', injuries: 'true' })).data.length, 30);
    assert.ok((await upstream.call(ENDPOINTS.injuries, { league: 'nfl', team: 'KC' })).data[0]!.players);
    assert.equal((await upstream.call(ENDPOINTS.recentForm, { league: 'nba', team: 'BOS', limit: 5 })).data[0]!.games.length, 5);
    assert.ok((await upstream.call(ENDPOINTS.headToHead, { league: 'nba', teamA: 'BOS', teamB: 'LAL' })).games.length > 0);
    assert.ok((await upstream.call(ENDPOINTS.splits, { league: 'nba' })).data.length > 0);
    assert.equal((await upstream.call(ENDPOINTS.me, {})).plan, 'pro');
  });

  it('sends the key only in the x-api-key header, never in a URL', async () => {
    await client().call(ENDPOINTS.lines, { league: 'nhl' });
    assert.equal(requests.length, 1);
    assert.equal(requests[0]!.headers.get('x-api-key'), SECRET);
    assert.ok(!requests[0]!.url.includes(SECRET));
    assert.ok(!requests[0]!.url.includes('api_key'));
  });

  it('counts the same request units that /me reports', async () => {
    const upstream = client({ apiKey: 'sk_client_free' });
    sandbox.accounts.setUsed('sk_client_free', 0);
    await upstream.call(ENDPOINTS.lines, { league: 'nba' });
    await upstream.call(ENDPOINTS.injuries, { league: 'nba' });
    await upstream.call(ENDPOINTS.splits, { league: 'nba' });
    await upstream.call(ENDPOINTS.liveGames, { sport: 'nba' });
    await upstream.call(ENDPOINTS.lines, { league: 'nba', include: 'xchg' }).catch(() => undefined);
    const stats = upstream.stats();
    assert.equal(stats.units, 2 + 1 + 5 + 1);
    assert.equal(stats.byEndpoint['/lines']!.units, 2);
    assert.equal((await upstream.call(ENDPOINTS.me, {})).usage.used, stats.units);
  });

  it('turns 401, 403, 400 and 404 into typed errors without retrying', async () => {
    await assert.rejects(client({ apiKey: 'sk_wrong' }).call(ENDPOINTS.me, {}), UpstreamAuthError);
    await assert.rejects(client({ apiKey: 'sk_client_free' }).call(ENDPOINTS.lines, { league: 'nba', include: 'xchg' }), (error: unknown) => {
      assert.ok(error instanceof UpstreamPlanError);
      assert.equal(error.status, 403);
      assert.match(error.message, /Starter/);
      return true;
    });
    await assert.rejects(client().call(ENDPOINTS.lines, { league: 'curling' }), UpstreamBadRequestError);
    await assert.rejects(client().call(ENDPOINTS.playerProps, { league: 'nba', gameId: '0000000000000000000000000000ffff' }), UpstreamNotFoundError);
    assert.equal(requests.length, 4, 'one request each');
  });

  it('refuses more than five markets before sending anything', async () => {
    await assert.rejects(
      client().call(ENDPOINTS.playerProps, { league: 'nba', gameId: 'x', markets: 'a,b,c,d,e,f' }),
      UpstreamBadRequestError,
    );
    assert.equal(requests.length, 0);
  });

  it('retries 5xx with full-jitter exponential backoff and then succeeds', async () => {
    sandbox.faults.add({ kind: 'status', status: 503, times: 3 });
    const attempts: UpstreamAttempt[] = [];
    const upstream = client({ random: () => 0.999, baseDelayMs: 20, maxDelayMs: 1000, onAttempt: (attempt) => attempts.push(attempt) });
    const lines = await upstream.call(ENDPOINTS.lines, { league: 'nba' });
    assert.ok(lines.data.length > 0);
    assert.deepEqual(
      attempts.map((attempt) => attempt.outcome),
      [503, 503, 503, 200],
    );
    // Full jitter: each wait is random × min(cap, base × 2^attempt); with random → 1 it reaches the top of each step.
    assert.deepEqual(
      attempts.slice(0, 3).map((attempt) => attempt.retryInMs),
      [19, 39, 79],
    );
    assert.equal(upstream.stats().retries, 3);
  });

  it('draws each wait uniformly below the exponential step', async () => {
    sandbox.faults.add({ kind: 'status', status: 500, times: 3 });
    const draws = [0.5, 0.25, 0];
    const waits: number[] = [];
    await client({
      random: () => draws.shift()!,
      baseDelayMs: 100,
      maxDelayMs: 300,
      onAttempt: (a) => a.retryInMs !== undefined && waits.push(a.retryInMs),
    }).call(ENDPOINTS.lines, { league: 'nba' });
    assert.deepEqual(waits, [50, 50, 0], '0.5×100, 0.25×200, 0×min(300, 400)');
  });

  it('honours Retry-After on 429 before trying again', async () => {
    sandbox.faults.add({ kind: 'status', status: 429, retryAfter: 1, times: 1 });
    const started = performance.now();
    const attempts: UpstreamAttempt[] = [];
    await client({ onAttempt: (attempt) => attempts.push(attempt) }).call(ENDPOINTS.lines, { league: 'nba' });
    assert.ok(performance.now() - started >= 990, 'waited the second Retry-After asked for');
    assert.equal(attempts[0]!.retryInMs, 1000);
  });

  it('gives up on a 429 that keeps coming with a rate-limit error', async () => {
    sandbox.faults.add({ kind: 'status', status: 429, retryAfter: 0 });
    const upstream = client({ maxRetries: 2 });
    await assert.rejects(upstream.call(ENDPOINTS.lines, { league: 'nba' }), UpstreamRateLimitError);
    assert.equal(requests.length, 3);
  });

  it('after a 429 with Retry-After: 10, calls that endpoint for nobody until 10 s have passed, then again', async () => {
    const start = Date.now();
    let clock = start;
    const upstream = client({ now: () => clock });
    sandbox.faults.add({ kind: 'status', status: 429, retryAfter: 10, times: 1, path: '/lines' });
    await assert.rejects(upstream.call(ENDPOINTS.lines, { league: 'nba' }), UpstreamRateLimitError);
    assert.equal(requests.length, 1, 'a 10 s wait is not slept out inside a viewer request');
    for (const later of [0, 1_300, 5_000, 9_900]) {
      clock = start + later;
      await assert.rejects(upstream.call(ENDPOINTS.lines, { league: 'nba' }), (error: unknown) => {
        assert.ok(error instanceof UpstreamRateLimitError);
        assert.match(error.message, /not called again/);
        return true;
      });
    }
    assert.equal(requests.length, 1, 'no call to /lines while it asked to wait');
    await upstream.call(ENDPOINTS.injuries, { league: 'nba' });
    assert.equal(requests.length, 2, 'other endpoints are not held');
    clock = start + 10_100;
    await upstream.call(ENDPOINTS.lines, { league: 'nba' });
    assert.equal(requests.length, 3, 'called again once Retry-After has passed');
  });

  it('treats a spent month as a quota error at once, without retrying', async () => {
    sandbox.accounts.setUsed('sk_client_free', 500);
    await assert.rejects(client({ apiKey: 'sk_client_free' }).call(ENDPOINTS.injuries, { league: 'nba' }), (error: unknown) => {
      assert.ok(error instanceof UpstreamQuotaError);
      assert.ok(error.retryAfterMs! > 86_400_000, 'until the next month');
      return true;
    });
    assert.equal(requests.length, 1);
    sandbox.accounts.setUsed('sk_client_free', 0);
  });

  it('a long Retry-After on 429 is a quota, not a burst', async () => {
    sandbox.faults.add({ kind: 'status', status: 429, retryAfter: 3600 });
    await assert.rejects(client().call(ENDPOINTS.lines, { league: 'nba' }), UpstreamQuotaError);
    assert.equal(requests.length, 1);
  });

  it('reports the upstream as unavailable once 5xx outlast the retries', async () => {
    sandbox.faults.add({ kind: 'status', status: 502 });
    await assert.rejects(client({ maxRetries: 2 }).call(ENDPOINTS.lines, { league: 'nba' }), (error: unknown) => {
      assert.ok(error instanceof UpstreamUnavailableError);
      assert.equal(error.status, 502);
      return true;
    });
    assert.equal(requests.length, 3);
  });

  it('times out a slow answer and retries it', async () => {
    sandbox.faults.add({ kind: 'latency', latencyMs: 400, times: 1 });
    const attempts: UpstreamAttempt[] = [];
    await client({ timeoutMs: 100, onAttempt: (attempt) => attempts.push(attempt) }).call(ENDPOINTS.lines, { league: 'nba' });
    assert.deepEqual(
      attempts.map((attempt) => attempt.outcome),
      ['timeout', 200],
    );
  });

  it('gives up with unavailable when every attempt times out', async () => {
    sandbox.faults.add({ kind: 'latency', latencyMs: 300 });
    await assert.rejects(client({ timeoutMs: 50, maxRetries: 1 }).call(ENDPOINTS.lines, { league: 'nba' }), (error: unknown) => {
      assert.ok(error instanceof UpstreamUnavailableError);
      assert.match(error.message, /no answer within 50 ms after 2 attempts/);
      return true;
    });
  });

  it('retries a dropped connection', async () => {
    sandbox.faults.add({ kind: 'drop', times: 2 });
    const attempts: UpstreamAttempt[] = [];
    await client({ onAttempt: (attempt) => attempts.push(attempt) }).call(ENDPOINTS.liveGames, { sport: 'nhl' });
    // Dropped attempts are network failures, retried up to the answer; how many of the two drops an attempt meets varies.
    const outcomes = attempts.map((attempt) => attempt.outcome);
    assert.equal(outcomes.at(-1), 200, outcomes.join(' '));
    assert.ok(outcomes.length >= 2 && outcomes.slice(0, -1).every((outcome) => outcome === 'network'), outcomes.join(' '));
  });

  it('reports a malformed body as a bad response, without retrying or counting units', async () => {
    sandbox.faults.add({ kind: 'malformed', times: 1 });
    const upstream = client();
    await assert.rejects(upstream.call(ENDPOINTS.lines, { league: 'nba' }), UpstreamBadResponseError);
    assert.equal(requests.length, 1);
    assert.equal(upstream.stats().units, 0);
  });

  it('retries faults hitting a share of requests until it gets through', async () => {
    sandbox.faults.add({ kind: 'status', status: 503, share: 0.3 });
    const upstream = client({ maxRetries: 8 });
    for (let i = 0; i < 20; i++) await upstream.call(ENDPOINTS.injuries, { league: 'nhl' });
    const stats = upstream.stats();
    assert.equal(stats.successes, 20);
    assert.ok(stats.retries > 5, `${stats.retries} retries`);
  });

  it('never puts the secret key into an error message', async () => {
    sandbox.faults.add({ kind: 'status', status: 500 });
    const failures = await Promise.allSettled([
      client({ maxRetries: 0 }).call(ENDPOINTS.lines, { league: 'nba' }),
      client({ apiKey: 'sk_wrong_secret_value' }).call(ENDPOINTS.me, {}),
    ]);
    for (const failure of failures) {
      assert.equal(failure.status, 'rejected');
      const error = (failure as PromiseRejectedResult).reason as UpstreamError;
      assert.ok(error instanceof UpstreamError);
      assert.ok(!`${error.message} ${error.stack}`.includes(SECRET));
      assert.ok(!`${error.message} ${error.stack}`.includes('sk_wrong_secret_value'));
    }
  });
});
