import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLogger } from '../../../../src/relay/base/logger.js';
import { startSandbox } from '../../../../src/sandbox/server.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { addKey, testRelay } from '../../../helpers/relay.js';

const SECRET = 'sk_sandbox_hygiene_secret_7c1e9a44d2';

describe('the upstream secret key stays secret', () => {
  it('appears in no response body, header or log line of a full run, errors and faults included', async () => {
    const upstream = await startSandbox({ now: Date.parse(MIDDAY), rate: 0, calendar: 'round-the-clock', keys: { [SECRET]: 'pro' } });
    const logLines: string[] = [];
    const relay = await testRelay({
      upstreamUrl: upstream.baseUrl,
      upstreamKey: SECRET,
      logger: jsonLogger((line) => logLines.push(line)),
    });
    const seen: string[] = [];
    const record = async (path: string, headers: Record<string, string> = { origin: 'https://example.com' }) => {
      const response = await fetch(`${relay.origin}${path}`, { headers });
      seen.push(`${response.status} ${path}`, ...[...response.headers].map(([name, value]) => `${name}: ${value}`), await response.text());
    };
    try {
      const key = await addKey(relay, ['example.com']);
      await record(`/v1/scores?league=nba&key=${key}`);
      const scores = JSON.parse(seen.at(-1)!);
      const gameId = scores.games.find((game: { status: string }) => game.status !== 'final').id;
      for (const path of [
        `/v1/games/${gameId}?league=nba`,
        `/v1/win-probability?league=nba&gameId=${gameId}`,
        `/v1/props?league=nba&gameId=${gameId}`,
        '/v1/form?league=nba&team=BOS',
        '/v1/form?league=nba&team=BOS&opponent=NYK',
        '/v1/injuries?league=nfl',
        '/v1/scores?league=nhl&date=2026-11-20',
        '/v1/scores?league=curling',
        '/v1/games/nope?league=nba',
      ]) {
        await record(`${path}&key=${key}`);
      }
      await record(`/v1/scores?league=nba&key=${key}`, { origin: 'https://evil.net' });
      upstream.faults.add({ kind: 'status', status: 401 });
      await record(`/v1/injuries?league=wnba&key=${key}`);
      upstream.faults.clear();
      upstream.faults.add({ kind: 'malformed' });
      await record(`/v1/injuries?league=mlb&key=${key}`);
      upstream.faults.clear();
      await record('/metrics', { authorization: 'Bearer test-admin-token-0123456789abcdef' });
      await record('/admin/keys', { authorization: 'Bearer test-admin-token-0123456789abcdef' });
      await record('/health');

      assert.ok(seen.length > 50 && logLines.length > 10, 'the run produced output to check');
      assert.ok(
        logLines.some((line) => line.includes('upstream attempt failed')),
        'upstream failures were logged',
      );
      for (const text of [...seen, ...logLines]) {
        assert.ok(!text.includes(SECRET), `the secret leaked: ${text.slice(0, 200)}`);
        assert.ok(!text.includes(upstream.baseUrl), `the upstream address leaked: ${text.slice(0, 200)}`);
      }
    } finally {
      await relay.close();
      await upstream.close();
    }
  });
});
