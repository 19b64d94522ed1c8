import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { parseFaultSpec } from '../../../src/sandbox/faults.js';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { MIDDAY, frozenSandbox } from '../../helpers/sandbox.js';

describe('sandbox fault injection', () => {
  let sandbox: RunningSandbox;
  const lines = () => fetch(`${sandbox.baseUrl}/lines?league=nba`, { headers: { 'x-api-key': 'sk_sandbox_pro' } });
  const control = (method: string, body?: unknown) =>
    fetch(`${sandbox.origin}/_sandbox/faults`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  before(async () => {
    sandbox = await frozenSandbox(MIDDAY);
  });
  afterEach(() => sandbox.faults.clear());
  after(() => sandbox.close());

  it('fails the next N requests with a status, then recovers', async () => {
    assert.equal((await control('POST', { kind: 'status', status: 503, times: 2 })).status, 200);
    assert.equal((await lines()).status, 503);
    assert.equal((await lines()).status, 503);
    assert.equal((await lines()).status, 200);
    assert.deepEqual((await (await control('GET')).json()).rules, []);
  });

  it('sends 429 with Retry-After', async () => {
    await control('POST', { kind: 'status', status: 429, retryAfter: 7 });
    const response = await lines();
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('retry-after'), '7');
  });

  it('limits a rule to a path', async () => {
    await control('PUT', { rules: [{ kind: 'status', status: 500, path: '/injuries' }] });
    assert.equal((await lines()).status, 200);
    const injuries = await fetch(`${sandbox.baseUrl}/injuries?league=nba`, { headers: { 'x-api-key': 'sk_sandbox_pro' } });
    assert.equal(injuries.status, 500);
  });

  it('hits about the share of requests asked for', async () => {
    await control('POST', { kind: 'status', status: 502, share: 0.3 });
    let failed = 0;
    for (let i = 0; i < 200; i++) if ((await lines()).status === 502) failed++;
    assert.ok(failed > 35 && failed < 85, `${failed} of 200 failed`);
  });

  it('adds latency', async () => {
    await control('POST', { kind: 'latency', latencyMs: 150 });
    const started = performance.now();
    assert.equal((await lines()).status, 200);
    assert.ok(performance.now() - started >= 145);
  });

  it('answers 200 with a malformed JSON body', async () => {
    await control('POST', { kind: 'malformed', times: 1 });
    const response = await lines();
    assert.equal(response.status, 200);
    await assert.rejects(response.json());
  });

  it('drops the connection', async () => {
    await control('POST', { kind: 'drop', times: 1 });
    await assert.rejects(lines());
    assert.equal((await lines()).status, 200);
  });

  it('refuses malformed rules with 400', async () => {
    assert.equal((await control('POST', { kind: 'status' })).status, 400);
    assert.equal((await control('POST', { kind: 'teleport' })).status, 400);
  });

  it('reads the command-line form of a rule', () => {
    assert.deepEqual(parseFaultSpec('status=503,share=0.2'), { kind: 'status', status: 503, share: 0.2 });
    assert.deepEqual(parseFaultSpec('latency=300,path=/lines'), { kind: 'latency', latencyMs: 300, path: '/lines' });
    assert.deepEqual(parseFaultSpec('status=429,retry-after=2,times=3'), { kind: 'status', status: 429, retryAfter: 2, times: 3 });
    assert.deepEqual(parseFaultSpec('drop'), { kind: 'drop' });
    assert.throws(() => parseFaultSpec('explode'), /unknown fault setting "explode"/);
    assert.throws(() => parseFaultSpec('status'), /"status" needs a number/);
    assert.throws(() => parseFaultSpec('share=0.5'), /invalid fault/);
  });
});
