// What each upstream status means, decided apart from the HTTP calls: retry, wait, or which error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bodyCode, classifyAnswer, describeBody, type AnswerContext } from '../../../../src/relay/upstream/answers.js';
import { endpointAt, ENDPOINTS } from '../../../../src/relay/upstream/endpoints.js';

const answer = (status: number, more: Partial<AnswerContext> = {}) =>
  classifyAnswer({
    status,
    code: undefined,
    retryAfterMs: undefined,
    canRetry: true,
    backoffMs: () => 400,
    maxRetryAfterMs: 30_000,
    shortWaitMs: 1000,
    ...more,
  });

describe('upstream answers', () => {
  it('200 is data; 401, 402/403, 400 and 404 are their own errors, never retried', () => {
    assert.deepEqual(answer(200), { kind: 'ok' });
    assert.deepEqual(answer(401), { kind: 'auth' });
    assert.deepEqual(answer(402), { kind: 'plan' });
    assert.deepEqual(answer(403), { kind: 'plan' });
    assert.deepEqual(answer(400), { kind: 'bad_request' });
    assert.deepEqual(answer(404), { kind: 'not_found' });
  });

  it('5xx is retried after the backoff (or Retry-After, capped) while attempts remain, then unavailable', () => {
    assert.deepEqual(answer(503), { kind: 'retry', waitMs: 400, holdEndpoint: false });
    assert.deepEqual(answer(502, { retryAfterMs: 90_000 }), { kind: 'retry', waitMs: 30_000, holdEndpoint: false });
    assert.deepEqual(answer(500, { canRetry: false }), { kind: 'unavailable' });
    assert.deepEqual(answer(418), { kind: 'unavailable' });
  });

  it('429 is slept out when short, holds the endpoint when long, and is a spent quota when it says so or asks too long', () => {
    assert.deepEqual(answer(429, { retryAfterMs: 500 }), { kind: 'retry', waitMs: 500, holdEndpoint: true });
    assert.deepEqual(answer(429, { retryAfterMs: 5000 }), { kind: 'rate_limited', waitMs: 5000 });
    assert.deepEqual(answer(429, { retryAfterMs: 500, canRetry: false }), { kind: 'rate_limited', waitMs: 500 });
    assert.deepEqual(answer(429, { code: 'quota_exceeded', retryAfterMs: 500 }), { kind: 'quota' });
    assert.deepEqual(answer(429, { retryAfterMs: 31_000 }), { kind: 'quota' });
  });

  it('draws a backoff only when it needs one', () => {
    let drawn = 0;
    const backoffMs = () => (drawn++, 250);
    classifyAnswer({
      status: 404,
      code: undefined,
      retryAfterMs: undefined,
      canRetry: true,
      backoffMs,
      maxRetryAfterMs: 1,
      shortWaitMs: 1,
    });
    classifyAnswer({ status: 503, code: undefined, retryAfterMs: 10, canRetry: true, backoffMs, maxRetryAfterMs: 1, shortWaitMs: 1 });
    assert.equal(drawn, 0);
  });

  it('reads the message and code of every error body shape, and nothing from one that is not JSON', () => {
    assert.equal(describeBody('{"error":{"code":"quota_exceeded","message":"Units spent"}}'), 'Units spent');
    assert.equal(describeBody('{"message":"Slow down"}'), 'Slow down');
    assert.equal(describeBody('{"error":"Bad key"}'), 'Bad key');
    assert.equal(describeBody('<html>oops</html>'), '');
    assert.equal(bodyCode('{"error":{"code":"quota_exceeded"}}'), 'quota_exceeded');
    assert.equal(bodyCode('nope'), undefined);
  });

  it("costs what the spec's table says, and names the plan feature of a path as called", () => {
    assert.equal(ENDPOINTS.me.units({}), 0);
    assert.equal(ENDPOINTS.lines.units({ league: 'nba' }), 2);
    assert.equal(ENDPOINTS.splits.units({ league: 'nba' }), 5);
    assert.equal(ENDPOINTS.teamStats.units({ league: 'nba' }), 5);
    assert.equal(ENDPOINTS.teamStats.units({ league: 'nba', teamId: 'BOS' }), 1);
    assert.equal(ENDPOINTS.startingPitchers.units({ date: '2026-11-22' }), 2);
    assert.equal(ENDPOINTS.venueWeather.units({}), 31);
    assert.equal(ENDPOINTS.venueWeather.units({ format: 'detail', teamId: 'NYY' }), 4);
    assert.equal(ENDPOINTS.injuries.units({ league: 'nba' }), 1);
    assert.equal(endpointAt('/player-props')?.feature, 'Player props');
    assert.equal(endpointAt('/nhl/team-stats')?.path, '/{league}/team-stats');
    assert.equal(endpointAt('/nowhere'), undefined);
  });
});
