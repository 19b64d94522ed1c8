import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { openSqliteStore } from '../../../../src/relay/store/sqlite.js';
import { startServeProcess } from '../../../harness/local-servers.js';

const DELIVERED = 40;

const startRelayProcess = (db: string) => startServeProcess(['--port', '0', '--db', db], {}, 20_000);

async function keyIn(db: string): Promise<string> {
  const setup = openSqliteStore(db);
  const key = (await createKey(setup, { plan: 'pro', domains: ['example.com'], name: 'durability', test: false }, Date.now())).key;
  await setup.close();
  return key;
}

describe('durable metering', () => {
  it(`kill -9 right after ${DELIVERED} delivered responses loses none of their loads`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-durability-'));
    const db = join(dir, 'relay.db');
    const key = await keyIn(db);
    const { child, origin } = await startRelayProcess(db);
    try {
      for (let i = 0; i < DELIVERED; i++) {
        const response = await fetch(`${origin}/v1/injuries?league=nba&key=${key}`, { headers: { origin: 'https://example.com' } });
        assert.equal(response.status, 200);
        await response.arrayBuffer();
      }
      child.kill('SIGKILL');
      const [, signal] = await once(child, 'exit');
      assert.equal(signal, 'SIGKILL');

      const after = openSqliteStore(db);
      const month = new Date().toISOString().slice(0, 7);
      assert.equal(await after.loadsUsed(key, month), DELIVERED);
      await after.close();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops on SIGTERM after the requests in flight, with their loads counted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-sigterm-'));
    const db = join(dir, 'relay.db');
    const key = await keyIn(db);
    const { child, origin } = await startRelayProcess(db);
    try {
      const requests = Array.from({ length: 10 }, () =>
        fetch(`${origin}/v1/scores?league=nba,nhl,mlb&key=${key}`, { headers: { origin: 'https://example.com' } }).then(
          (response) => response.status,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGTERM');
      const statuses = await Promise.allSettled(requests);
      const [code] = await once(child, 'exit');
      assert.equal(code, 0, 'a clean exit');
      const served = statuses.filter((result) => result.status === 'fulfilled' && result.value === 200).length;
      assert.ok(served > 0, 'requests already in flight were answered');
      const after = openSqliteStore(db);
      assert.equal(await after.loadsUsed(key, new Date().toISOString().slice(0, 7)), served, 'every answered request was counted, no more');
      await after.close();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
