// The relay polling a live topic for all relays dies with kill -9: it gives nothing up, its lease simply runs out,
// and another relay takes the topic over; its viewers get the next change.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { freePort, startRedisServer, startServeProcess, type ServeProcess } from '../../../harness/local-servers.js';
import { openStream, updates } from '../../../helpers/live.js';
import { testRelay } from '../../../helpers/relay.js';
import { frozenSandbox } from '../../../helpers/sandbox.js';

const TOPIC = '/v1/scores?league=nba';

function relayProcess(redisUrl: string, upstreamUrl: string): Promise<ServeProcess> {
  return startServeProcess(
    ['--port', '0', '--redis', redisUrl, '--journal', ':memory:'],
    { PRESSBOX_UPSTREAM_URL: upstreamUrl, PRESSBOX_UPSTREAM_KEY: 'sk_sandbox_pro' },
    20_000,
  );
}

describe('kill -9 of the polling relay', () => {
  let redis: ChildProcess;
  let url: string;
  let sandbox: RunningSandbox;
  let survivor: RunningRelay;
  let polled: ServeProcess;
  let survivorPolls = 0;
  let survivorFirstPollAt = 0;

  before(async () => {
    const port = await freePort();
    redis = await startRedisServer(port);
    url = `redis://127.0.0.1:${port}`;
    sandbox = await frozenSandbox('2026-11-23T01:00:00Z');
    polled = await relayProcess(url, sandbox.baseUrl);
    survivor = await testRelay({
      redis: url,
      upstreamUrl: sandbox.baseUrl,
      upstreamKey: 'sk_sandbox_pro',
      live: {
        pollMs: () => 200,
        onPoll: () => {
          if (survivorPolls++ === 0) survivorFirstPollAt = Date.now();
        },
      },
    });
  });
  after(async () => {
    polled.child.kill('SIGKILL');
    await survivor.close();
    await sandbox.close();
    redis.kill('SIGKILL');
  });

  it('its lease runs out and another relay polls the topic: the viewers there get the next change', async () => {
    const key = (await createKey(survivor.store, { plan: 'pro', domains: ['example.com'], name: 'kill', test: false }, survivor.now())).key;
    // The process's viewer comes first, so the process holds the topic.
    const theirs = await openStream(polled, key, [TOPIC]);
    await theirs.waitFor(1, 10_000);
    const ours = await openStream(survivor, key, [TOPIC]);
    await ours.waitFor(1, 10_000);
    survivorPolls = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(survivorPolls, 0, 'the process polls the topic, not this relay');

    const killedAt = Date.now();
    polled.child.kill('SIGKILL');
    await once(polled.child, 'exit');
    theirs.close();
    const inspect = new Redis(url);
    // Topic leases only: the win-probability recorder's lease is not a topic's. How long the dead relay's lease has
    // left is read from Redis, not assumed: on a busy machine much of it may already have passed.
    const topicLeases = (await inspect.keys('pressbox:live:{shared}:lease:*')).filter((lease) => !lease.includes(':recorder:'));
    const leftMs = topicLeases.length ? await inspect.pttl(topicLeases[0]!) : 0;
    const readAt = Date.now();
    inspect.disconnect();
    assert.ok(topicLeases.length <= 1, 'one lease for the topic');
    // Read well within its 6 s, the lease must still be there; read later, it may have run out on its own.
    if (readAt - killedAt < 4_000) assert.equal(topicLeases.length, 1, 'the dead relay gave nothing up: its lease is still there');

    const before = updates(ours.events).length;
    sandbox.clock.advance(20 * 60_000);
    await survivor.cache.clear();
    await ours.waitFor(before + 1, 30_000);
    assert.ok(survivorPolls > 0, 'this relay polls the topic now');
    // The dead relay gave nothing up: this relay waited for its lease to run out (a busy machine only makes it later).
    if (leftMs > 0)
      assert.ok(survivorFirstPollAt >= readAt + leftMs - 50, `polled ${readAt + leftMs - survivorFirstPollAt} ms before the lease ran out`);
    ours.close();
  });
});
