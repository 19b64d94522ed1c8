// A copied key replayed from a script: every load is attributed (origin, address prefix, route, browser or not),
// the operator sees it in `pressbox usage --by` and hears of it (log line, Prometheus counter, signed webhook);
// and the per-key guards (daily ceiling, browsers only) hold.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { Logger } from '../../../../src/relay/base/logger.js';
import { addressPrefix } from '../../../../src/relay/metering/attribution.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';

const SECRET = 'alert-secret-for-tests';
const BROWSER = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

describe('quota that cannot be drained quietly', () => {
  let dir: string;
  let relay: RunningRelay;
  let receiver: Server;
  const received: Array<{ body: string; signature: string }> = [];
  const logged: Array<Record<string, unknown>> = [];
  const logger: Logger = { log: (_level, message, fields) => message === 'usage alert' && logged.push(fields ?? {}) };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-watch-'));
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ body, signature: String(request.headers['x-pressbox-signature']) });
        response.end('ok');
      });
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => receiver.once('listening', resolve));
    relay = await testRelay({
      db: join(dir, 'relay.db'),
      logger,
      alertWebhook: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/pressbox`,
      alertSecret: SECRET,
      rateLimit: { perMinute: 100_000, burst: 100_000 },
    });
  });
  after(async () => {
    await relay.close();
    receiver.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a forged-origin burst from one address shows in usage --by and raises alerts, signed to the webhook', async () => {
    const key = (await createKey(relay.store, { plan: 'custom:400', domains: ['example.com'], name: 'Courier', test: false }, relay.now()))
      .key;
    for (let i = 0; i < 20; i++)
      assert.equal(
        (await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://example.com', ...BROWSER })).status,
        200,
      );
    // The burst: the public key and a forged Origin, from a script on one machine.
    for (let i = 0; i < 300; i++)
      assert.equal((await widgetGet(relay, `/v1/scores?league=nba&key=${key}`, { origin: 'https://example.com' })).status, 200);

    const byPrefix = JSON.parse(await cli('usage', '--by', 'prefix', '--key', key, '--db', join(dir, 'relay.db'), '--json'));
    assert.deepEqual(byPrefix, [{ key, value: '127.0.0.0/24', loads: 320, share: 1, fromScripts: 300 }]);
    const byClient = await cli('usage', '--by', 'client', '--key', key, '--db', join(dir, 'relay.db'));
    assert.match(byClient, /script\s+300\s+93\.8 %/);
    assert.match(byClient, /browser\s+20\s+6\.3 %/);
    const byRoute = JSON.parse(await cli('usage', '--by', 'route', '--key', key, '--db', join(dir, 'relay.db'), '--json'));
    assert.deepEqual(
      byRoute.map((group: { value: string; loads: number }) => [group.value, group.loads]),
      [
        ['/v1/scores', 300],
        ['/v1/injuries', 20],
      ],
    );

    await waitFor(() => received.length >= 3);
    const kinds = logged.map((alert) => alert.kind);
    assert.deepEqual(kinds, ['outsized_prefix', 'month_50', 'month_80'], 'in the order they happened');
    const outsized = logged[0]!;
    assert.equal(outsized.prefix, '127.0.0.0/24');
    assert.equal(outsized.key, key);
    for (const { body, signature } of received) {
      // The receiver's check, as docs/operators.md gives it: the HMAC of "t.body", and a t within five minutes.
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      assert.equal(v1, createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex'), 'signed with the shared secret');
      assert.ok(Math.abs(relay.now() / 1000 - Number(t)) < 300, 'timestamped with the relay’s clock');
      assert.equal(JSON.parse(body).event, 'usage_alert');
    }
    assert.deepEqual(received.map(({ body }) => JSON.parse(body).alert.kind).sort(), ['month_50', 'month_80', 'outsized_prefix']);
    const metrics = await relay.metrics.alerts.get();
    assert.deepEqual(Object.fromEntries(metrics.values.map((value) => [value.labels.kind, value.value])), {
      outsized_prefix: 1,
      month_50: 1,
      month_80: 1,
    });
  });

  it('a daily ceiling refuses the day’s next load with quota_exceeded until midnight UTC', async () => {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: '', test: false, dailyLimit: 3 }, relay.now()))
      .key;
    for (let i = 0; i < 3; i++) assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).status, 200);
    const refused = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'quota_exceeded');
    assert.match(refused.body.error.message, /for today \(its daily ceiling\)/);
    assert.ok(Number(refused.headers.get('retry-after')) <= 86_400);
  });

  it('a browser-only key refuses requests without Fetch Metadata, and serves browsers', async () => {
    const key = (
      await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: '', test: false, browserOnly: true }, relay.now())
    ).key;
    const script = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
    assert.deepEqual([script.status, script.body.error.code], [403, 'origin_not_allowed']);
    assert.match(script.body.error.message, /browsers only/);
    assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://example.com', ...BROWSER })).status, 200);
  });

  it('keeps networks, not addresses: IPv4 /24, IPv6 /48', () => {
    assert.equal(addressPrefix('203.0.113.77'), '203.0.113.0/24');
    assert.equal(addressPrefix('::ffff:198.51.100.9'), '198.51.100.0/24');
    assert.equal(addressPrefix('2001:db8:abcd:12:1::7'), '2001:db8:abcd::/48');
    assert.equal(addressPrefix('2001:db8::1'), '2001:db8:0::/48');
    assert.equal(addressPrefix('::1'), '0:0:0::/48');
    assert.equal(addressPrefix(undefined), 'unknown');
  });
});

async function cli(...args: string[]): Promise<string> {
  return (await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args])).stdout;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 100) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
