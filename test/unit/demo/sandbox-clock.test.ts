// The gallery's sandbox clock: what it shows, the jump to the latest busy evening and back to now, and nothing
// else accepted. The sandbox clock is the demo's real one (src/sandbox/clock.ts) over an injected wall clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoSite } from '../../../src/demo/server.js';
import { SandboxClock } from '../../../src/sandbox/clock.js';
import { latestBusyEvening } from '../../../src/sandbox/busy-evening.js';

describe('the gallery’s sandbox clock', () => {
  it('jumps to the evening with the most games live and back to now, clearing what the relay kept', async () => {
    const clock = new SandboxClock({ now: Date.parse('2026-12-03T16:00:00Z'), rate: 0 });
    let cleared = 0;
    const app = demoSite({
      demoDir: 'demo',
      relayOrigin: 'http://127.0.0.1:1',
      demoKey: () => 'pk_test_x',
      sandbox: { clock, calendar: 'season', afterJump: () => cleared++ },
    });
    const shown = await (await app.request('/_demo/clock')).json();
    assert.equal(shown.now, '2026-12-03T16:00:00.000Z');
    assert.equal(shown.calendar, 'season');

    const post = (body: string, type = 'application/json') =>
      app.request('/_demo/clock', { method: 'POST', headers: { 'content-type': type }, body });
    const busy = await (await post('{"to":"busy-evening"}')).json();
    assert.equal(busy.now, new Date(latestBusyEvening('season', Date.now())).toISOString());
    assert.equal(new Date(busy.now).getUTCMinutes(), 30, 'an evening at half past the hour, Eastern');
    assert.equal(cleared, 1);
    const back = await (await post('{"to":"now"}')).json();
    assert.ok(Math.abs(Date.parse(back.now) - Date.now()) < 60_000);
    assert.equal(cleared, 2);

    assert.equal((await post('{"to":"2020-01-01"}')).status, 400);
    assert.equal((await post('to=now', 'application/x-www-form-urlencoded')).status, 400, 'a form from another origin changes nothing');
    assert.equal(cleared, 2);
  });

  it('has no clock where the site has no sandbox of its own', async () => {
    const app = demoSite({ demoDir: 'demo', relayOrigin: 'http://127.0.0.1:1', demoKey: () => 'pk_test_x' });
    const answer = await app.request('/_demo/clock');
    assert.equal(answer.status, 200, 'the gallery asks, and must not log a failed request');
    assert.equal(await answer.json(), null);
    const jump = await app.request('/_demo/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"to":"now"}',
    });
    assert.equal(jump.status, 404, 'nothing to move');
  });
});
