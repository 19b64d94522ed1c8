// The operators' recipe as readers meet it when Redis goes away: deploy/nginx.conf in front of three relays on one
// Redis, readers from many loopback addresses, and Redis killed under them. What needs the store (the admin API, the
// console) is answered 503 by every relay; those answers must reach their callers as 503s and not mark every relay
// down, or nginx answers 502 even for the loads the relays still serve from their degraded allowance.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey } from '../../../../src/relay/key-service/service.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { findDebianTool, startDeployNginx } from '../../../harness/deploy-nginx.js';
import { freePort, startRedisServer } from '../../../harness/local-servers.js';
import { monthOf } from '../../../helpers/clock.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';
import { frozenSandbox, MIDDAY } from '../../../helpers/sandbox.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
const READERS = 60;

/** A GET through nginx from one loopback address: its status and body. */
function getFrom(
  origin: string,
  path: string,
  localAddress: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const outgoing = request({ host: hostname, port, path, localAddress, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('deploy/nginx.conf in front of three relays when Redis is taken away', () => {
  let dir: string;
  let redis: ChildProcess;
  let redisPort: number;
  let sandbox: RunningSandbox;
  let relays: RunningRelay[] = [];
  let nginx: { origin: string; process: ChildProcess } | undefined;

  const startRedis = async () => {
    // Appended and synced on every write, so what was counted survives the kill: what is measured here is the relays.
    redis = await startRedisServer(redisPort, ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']);
  };

  before(async () => {
    const found = findDebianTool('nginx');
    if ('missing' in found) throw new Error(found.missing);
    dir = await mkdtemp(join(tmpdir(), 'pressbox-proxy-outage-'));
    redisPort = await freePort();
    await startRedis();
    sandbox = await frozenSandbox(MIDDAY);
    relays = await Promise.all(
      [0, 1, 2].map((index) =>
        testRelay({
          redis: `redis://127.0.0.1:${redisPort}`,
          journal: join(dir, `journal-${index}.db`),
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          adminToken: ADMIN_TOKEN,
          // The relays trust nginx's address only, as the recipe says.
          trustProxy: ['127.0.0.1'],
        }),
      ),
    );
    nginx = await startDeployNginx(
      found.path,
      relays.map((relay) => Number(new URL(relay.origin).port)),
      dir,
    );
  });

  after(async () => {
    nginx?.process.kill();
    await Promise.all(relays.map((relay) => relay.close().catch(() => {})));
    await sandbox?.close();
    redis?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps serving readers through nginx, answers what needs the store 503 (never 502), and counts every load after', async () => {
    const key = (
      await createKey(relays[0]!.store, { plan: 'pro', domains: ['example.com'], name: 'newsroom', test: false }, relays[0]!.now())
    ).key;
    // Every relay reads the key once while Redis is there (a relay serves no key it never read while the store is away).
    for (const relay of relays) assert.equal((await widgetGet(relay, `/v1/scores?league=nba&key=${key}`)).status, 200);

    redis.kill('SIGKILL');
    await once(redis, 'exit');

    const readerStatuses: number[] = [];
    const operatorAnswers: Array<{ status: number; body: string }> = [];
    for (let reader = 0; reader < READERS; reader++) {
      const address = `127.42.${Math.floor(reader / 250)}.${(reader % 250) + 1}`;
      const load = await getFrom(nginx!.origin, `/v1/scores?league=nba&key=${key}`, address, { origin: 'https://example.com' });
      readerStatuses.push(load.status);
      operatorAnswers.push(await getFrom(nginx!.origin, '/admin/keys', '127.43.0.1', { authorization: `Bearer ${ADMIN_TOKEN}` }));
    }
    assert.deepEqual(
      [...new Set(readerStatuses)],
      [200],
      `every reader served from the degraded allowance (statuses: ${readerStatuses.join(' ')})`,
    );
    for (const answer of operatorAnswers) {
      assert.equal(answer.status, 503, `the admin API says the store is away, as JSON (got ${answer.status})`);
      assert.equal((JSON.parse(answer.body) as { error: { code: string } }).error.code, 'store_unavailable');
    }

    await startRedis();
    const delivered = relays.length + READERS;
    const month = monthOf(relays[0]!.now());
    const started = Date.now();
    while ((await relays[0]!.store.loadsUsed(key, month).catch(() => -1)) !== delivered) {
      assert.ok(Date.now() - started < 20_000, `usage reaching the ${delivered} loads delivered`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
