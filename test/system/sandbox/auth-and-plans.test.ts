import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { MIDDAY, frozenSandbox, getJson } from '../../helpers/sandbox.js';

async function used(sandbox: RunningSandbox, key: string): Promise<number> {
  return (await getJson(sandbox, '/me', key)).body.usage.used;
}

describe('sandbox authentication, plans, units and quota', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await frozenSandbox(MIDDAY, { keys: { sk_test_extra_key: 'builder' } });
  });
  after(() => sandbox.close());
  beforeEach(() => {
    for (const account of sandbox.accounts.list()) sandbox.accounts.setUsed(account.apiKey, 0);
  });

  it('answers 401 without a key, and with a wrong key passed either way', async () => {
    const missing = await fetch(`${sandbox.baseUrl}/me`);
    assert.equal(missing.status, 401);
    assert.match((await missing.json()).error.message, /x-api-key|api_key/);
    assert.equal((await fetch(`${sandbox.baseUrl}/lines?league=nba`, { headers: { 'x-api-key': 'sk_wrong' } })).status, 401);
    assert.equal((await fetch(`${sandbox.baseUrl}/lines?league=nba&api_key=sk_wrong`)).status, 401);
  });

  it('accepts the key as the x-api-key header or the api_key query parameter', async () => {
    assert.equal((await fetch(`${sandbox.baseUrl}/lines?league=nba`, { headers: { 'x-api-key': 'sk_sandbox_free' } })).status, 200);
    assert.equal((await fetch(`${sandbox.baseUrl}/lines?league=nba&api_key=sk_sandbox_free`)).status, 200);
  });

  it('knows keys added at start-up on the plan given', async () => {
    const { body } = await getJson(sandbox, '/me', 'sk_test_extra_key');
    assert.equal(body.plan, 'builder');
    assert.equal(body.monthlyLimit, 250_000);
  });

  it('answers 403 for paid features on the free plan and serves them from Starter up', async () => {
    const board = (await getJson(sandbox, '/odds-games?league=nba', 'sk_sandbox_free')).body;
    const gated = [
      '/lines?league=nba&include=xchg',
      `/player-props?league=nba&gameId=${board.data[0].gameId}`,
      '/live-games?sport=nba&recentdays=2',
    ];
    for (const path of gated) {
      const free = await getJson(sandbox, path, 'sk_sandbox_free');
      assert.equal(free.status, 403, path);
      assert.match(free.body.error.message, /Starter/, path);
      for (const key of ['sk_sandbox_starter', 'sk_sandbox_builder', 'sk_sandbox_pro']) {
        assert.equal((await getJson(sandbox, path, key)).status, 200, `${path} on ${key}`);
      }
    }
    assert.equal(await used(sandbox, 'sk_sandbox_free'), 1, 'only the odds-games call was charged, not the refusals');
  });

  it('charges the units of the cost table to /me, and nothing for failures or for /me', async () => {
    const key = 'sk_sandbox_pro';
    const board = (await getJson(sandbox, '/odds-games?league=nfl', key)).body;
    assert.equal(await used(sandbox, key), 1);
    const steps: Array<[string, number]> = [
      ['/lines?league=nfl', 2],
      ['/lines?league=nfl&include=xchg', 2],
      ['/injuries?league=nfl', 1],
      ['/splits?league=nfl', 5],
      ['/live-games?sport=nfl', 1],
      ['/games?league=nfl', 1],
      ['/teams?league=nfl', 1],
      ['/recent-form?league=nfl&team=kc', 1],
      ['/head-to-head?league=nfl&teamA=kc&teamB=buf', 1],
      [`/player-props?league=nfl&gameId=${board.data[0].gameId}`, 1],
      [`/player-props/splits?league=nfl&gameId=${board.data[0].gameId}`, 1],
      ['/me', 0],
      ['/lines?league=mars', 0],
      ['/player-props?league=nfl&gameId=nope', 0],
    ];
    let expected = 1;
    for (const [path, cost] of steps) {
      await getJson(sandbox, path, key);
      expected += cost;
      assert.equal(await used(sandbox, key), expected, `after ${path}`);
    }
  });

  it('answers 400 for more than five markets, without charging', async () => {
    const board = (await getJson(sandbox, '/odds-games?league=nba', 'sk_sandbox_starter')).body;
    const markets = 'points,rebounds,assists,threes,pointsReboundsAssists,blocks';
    const { status, body } = await getJson(
      sandbox,
      `/player-props?league=nba&gameId=${board.data[0].gameId}&markets=${markets}`,
      'sk_sandbox_starter',
    );
    assert.equal(status, 400);
    assert.match(body.error.message, /markets: at most 5/);
    const five = await getJson(
      sandbox,
      `/player-props?league=nba&gameId=${board.data[0].gameId}&markets=points,rebounds,assists,threes,pointsReboundsAssists`,
      'sk_sandbox_starter',
    );
    assert.equal(five.status, 200);
  });

  it('answers 429 with Retry-After to the next month once the free month is spent, and resets on day 1 UTC', async () => {
    const key = 'sk_sandbox_free';
    // 100 calls of /splits at 5 units each spend the free plan's 500 units for real.
    for (let i = 0; i < 100; i++) assert.equal((await getJson(sandbox, '/splits?league=nba', key)).status, 200, `call ${i + 1}`);
    assert.equal(await used(sandbox, key), 500);
    const refused = await getJson(sandbox, '/injuries?league=nba', key);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'quota_exceeded');
    const secondsToDecember = (Date.parse('2026-12-01T00:00:00Z') - Date.parse(MIDDAY)) / 1000;
    assert.equal(Number(refused.headers.get('retry-after')), secondsToDecember);
    assert.equal((await getJson(sandbox, '/me', key)).status, 200, '/me still answers: it costs nothing');
    assert.equal((await getJson(sandbox, '/me', key)).body.usage.remaining, 0);

    sandbox.clock.set(Date.parse('2026-11-30T23:59:59.999Z'));
    assert.equal((await getJson(sandbox, '/injuries?league=nba', key)).status, 429, 'still November');
    sandbox.clock.set(Date.parse('2026-12-01T00:00:00.000Z'));
    const december = await getJson(sandbox, '/injuries?league=nba', key);
    assert.equal(december.status, 200, 'December starts a new month');
    assert.equal((await getJson(sandbox, '/me', key)).body.usage.period, '2026-12');
    sandbox.clock.set(Date.parse(MIDDAY));
  });
});
