// `pressbox serve --time …` as an operator starts it, in one process and with `--workers 2`: every answer is on the
// sandbox's clock (the slate's day, the relay's time header), whichever process gives it.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RELAY_TIME_HEADER } from '../../../src/contract/version.js';
import { createKey } from '../../../src/relay/key-service/service.js';
import { openStore } from '../../../src/relay/store/open.js';
import { startServeProcess } from '../../harness/local-servers.js';

/** The README's example: a Tuesday evening, 8 PM Eastern, two days before Thanksgiving. */
const TIME = '2026-11-25T01:00:00Z';

/** One answer on a connection of its own (the cluster hands each connection to the next worker). */
function scores(origin: string, key: string): Promise<{ status: number; relayTime: number; body: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${origin}/v1/scores?league=nfl&key=${key}`);
    const sent = request(url, { agent: false, headers: { origin: 'https://example.com' } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, relayTime: Number(response.headers[RELAY_TIME_HEADER.toLowerCase()]), body: JSON.parse(text) }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

for (const workers of [undefined, 2]) {
  describe(`pressbox serve --time ${TIME}${workers ? ` --workers ${workers}` : ''}`, () => {
    let dir: string;
    let key: string;
    let served: { child: ChildProcess; origin: string };

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pressbox-time-'));
      const db = join(dir, 'relay.db');
      const store = await openStore({ db });
      try {
        // As `pressbox keys create` makes it: on the machine's clock, whatever day the sandbox plays.
        key = (await createKey(store, { plan: 'pro', domains: ['example.com'], name: 'time', test: false }, Date.now())).key;
      } finally {
        await store.close();
      }
      served = await startServeProcess([
        '--port',
        '0',
        '--db',
        db,
        '--time',
        TIME,
        '--sandbox-calendar',
        'season',
        ...(workers ? ['--workers', String(workers)] : []),
      ]);
    });
    after(async () => {
      served.child.kill('SIGTERM');
      await once(served.child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    });

    it("answers on the sandbox's clock from every process: the NFL's next games are Thanksgiving's", async () => {
      const answers = await Promise.all([0, 1, 2, 3].map(() => scores(served.origin, key)));
      for (const answer of answers) {
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const at = Date.parse(TIME);
        assert.ok(answer.relayTime >= at && answer.relayTime < at + 120_000, `${RELAY_TIME_HEADER}: ${answer.relayTime}`);
        assert.equal(answer.body.next?.[0]?.date, '2026-11-26');
      }
    });
  });
}
