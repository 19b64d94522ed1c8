// The embedded sandbox is a feature of the relay that starts only when something needs it: live keys without a real
// data service, or a test key's first request. A relay on the real service whose operator uses no test key runs none.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { frozenSandbox, MIDDAY } from '../../../helpers/sandbox.js';

describe('the embedded sandbox', () => {
  let service: RunningSandbox;
  const relays: RunningRelay[] = [];
  before(async () => {
    // The "real" data service: a sandbox of its own, as the relay would reach a remote one.
    service = await frozenSandbox(MIDDAY);
  });
  after(async () => {
    await Promise.all(relays.map((relay) => relay.close()));
    await service?.close();
  });

  it('runs from the start where live keys have no real service to use', async () => {
    const relay = await testRelay();
    relays.push(relay);
    assert.match(relay.sandbox.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('does not run on the real service until a test key asks, then serves it', async () => {
    const relay = await testRelay({ upstreamUrl: service.baseUrl, upstreamKey: 'sk_sandbox_pro' });
    relays.push(relay);
    const live = await addKey(relay, ['example.com']);
    assert.equal((await widgetGet(relay, `/v1/scores?league=nba&key=${live}`)).status, 200);
    assert.throws(() => relay.sandbox, /no test key has asked for its sandbox yet/);
    const ready = (await (await fetch(`${relay.origin}/ready`)).json()) as { upstream: string };
    assert.equal(ready.upstream, 'ok');
    assert.throws(() => relay.sandbox, /no test key has asked/, '/ready probes the real service, not the sandbox');

    const test = await addKey(relay, ['example.com'], { test: true });
    const answer = await widgetGet(relay, `/v1/scores?league=nba&key=${test}`);
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body.games));
    assert.notEqual(relay.sandbox.baseUrl, service.baseUrl);
  });

  it('stops with the relay', async () => {
    const relay = await testRelay();
    const { baseUrl } = relay.sandbox;
    await relay.close();
    await assert.rejects(fetch(`${baseUrl}/me`), 'nothing listens where the sandbox was');
  });
});
