import assert from 'node:assert/strict';
import { monthBucket } from '../../../../src/relay/metering/month.js';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as contract from '../../../../src/contract/index.js';
import { noVigProbabilities } from '../../../../src/contract/odds.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { monthOf } from '../../../helpers/clock.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { conforms, upstreamCalls } from '../../../helpers/contract-checks.js';

describe('player props outlive their game', () => {
  const GAME_NIGHT = Date.parse('2026-11-14T03:00:00Z');
  let now = GAME_NIGHT;
  let relay: RunningRelay;
  let key: string;
  before(async () => {
    relay = await testRelay({ now: () => now, sandbox: { now, rate: 0, calendar: 'round-the-clock' } });
    key = await addKey(relay, ['example.com']);
  });
  after(() => relay.close());

  it('finds a game older than three days by its day, says its props are closed, and keeps that answer', async () => {
    const slate = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`);
    const game = slate.body.games.find((candidate: { status: string }) => candidate.status === 'final');
    now = GAME_NIGHT + 8 * 86_400_000;
    relay.sandbox.clock.set(now);
    relay.cache.clear();
    const withoutDay = await widgetGet(relay, `/v1/props?league=nba&gameId=${game.id}&key=${key}`);
    assert.equal(withoutDay.body.error.code, 'not_found');
    assert.match(withoutDay.body.error.message, /date=YYYY-MM-DD/);
    const day = game.startTime.slice(0, 10);
    const found = await widgetGet(relay, `/v1/props?league=nba&gameId=${game.id}&date=${day}&key=${key}`);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.equal(conforms(contract.propsPayloadSchema, found.body, 'closed props').closed, true);
    const calls = await upstreamCalls(relay);
    const kept = await widgetGet(relay, `/v1/props?league=nba&gameId=${game.id}&key=${key}`);
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.equal(kept.body.closed, true);
    assert.equal(await upstreamCalls(relay), calls, 'a kept answer costs no upstream call');
  });
});

describe('widget data routes', () => {
  let relay: RunningRelay;
  let key: string;
  let liveGameId: string;
  before(async () => {
    relay = await testRelay();
    key = await addKey(relay, ['example.com']);
    const scores = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`);
    liveGameId = scores.body.games.find((game: { status: string }) => game.status === 'live').id;
  });
  after(() => relay.close());

  it('/v1/scores returns the current slate, widget-shaped, for one league or several', async () => {
    const one = conforms(contract.scoresPayloadSchema, (await widgetGet(relay, `/v1/scores?league=nba&key=${key}`)).body, 'scores');
    assert.deepEqual(new Set(one.games.map((game) => game.status)), new Set(['scheduled', 'live', 'final']));
    const live = one.games.find((game) => game.status === 'live')!;
    assert.ok(live.progress && live.progress.display.length > 0);
    assert.match(live.home.team.primaryColor!, /^#[0-9A-F]{6}$/);
    const several = conforms(
      contract.scoresPayloadSchema,
      (await widgetGet(relay, `/v1/scores?league=nba,NHL,ncaaf&key=${key}`)).body,
      'scores',
    );
    assert.deepEqual(several.leagues, ['nba', 'nhl', 'cfb']);
    assert.deepEqual(new Set(several.games.map((game) => game.league)), new Set(['nba', 'nhl', 'cfb']));
    const bos = conforms(
      contract.scoresPayloadSchema,
      (await widgetGet(relay, `/v1/scores?league=nba&date=2026-11-21&team=bos&key=${key}`)).body,
      'team',
    );
    assert.ok(bos.games.length >= 1);
    assert.ok(bos.games.every((game) => [game.home.team.abbreviation, game.away.team.abbreviation].includes('BOS')));
  });

  it('/v1/scores for a past date within three days has final scores; far dates show the schedule', async () => {
    const yesterday = conforms(
      contract.scoresPayloadSchema,
      (await widgetGet(relay, `/v1/scores?league=nhl&date=2026-11-21&key=${key}`)).body,
      'yesterday',
    );
    assert.equal(yesterday.games.length, 16);
    assert.ok(yesterday.games.every((game) => game.status === 'final' && game.home.score !== null));
    const future = conforms(
      contract.scoresPayloadSchema,
      (await widgetGet(relay, `/v1/scores?league=nhl&date=2026-12-25&key=${key}`)).body,
      'future',
    );
    assert.ok(future.games.length > 0 && future.games.every((game) => game.status === 'scheduled'));
  });

  it('/v1/games/{id} returns the game with its line and public splits', async () => {
    const detail = conforms(
      contract.gameDetailPayloadSchema,
      (await widgetGet(relay, `/v1/games/${liveGameId}?league=nba&key=${key}`)).body,
      'game',
    );
    assert.equal(detail.game.id, liveGameId);
    assert.ok(detail.line?.moneyline && detail.line.spread && detail.line.total);
    assert.equal(detail.splits!.moneyline!.home + detail.splits!.moneyline!.away, 100);
  });

  it('/v1/win-probability is the no-vig probability of the exchange moneyline, and keeps its history', async () => {
    const body = conforms(
      contract.winProbabilityPayloadSchema,
      (await widgetGet(relay, `/v1/win-probability?league=nba&gameId=${liveGameId}&key=${key}`)).body,
      'wp',
    );
    const upstreamLines = await (
      await fetch(`${relay.sandbox.baseUrl}/lines?league=nba&include=xchg`, { headers: { 'x-api-key': 'sk_sandbox_pro' } })
    ).json();
    const record = upstreamLines.data.find((line: { homeTeamName: string }) => line.homeTeamName === body.home.name);
    const [home, away] = noVigProbabilities(record.exchange.xchg.moneyline.home, record.exchange.xchg.moneyline.away);
    assert.equal(body.current!.source, 'exchange');
    assert.ok(Math.abs(body.current!.home - home) < 1e-9 && Math.abs(body.current!.away - away) < 1e-9);
    assert.equal(body.history.length, 1);
    assert.ok(Math.abs(body.history[0]!.home - home) < 1e-4);
  });

  it('/v1/form gives the last five, and the last meetings with an opponent', async () => {
    const form = conforms(contract.formPayloadSchema, (await widgetGet(relay, `/v1/form?league=nba&team=BOS&key=${key}`)).body, 'form');
    assert.equal(form.games.length, 5);
    assert.equal(form.summary.wins + form.summary.losses + form.summary.ties, 5);
    const h2h = conforms(
      contract.formPayloadSchema,
      (await widgetGet(relay, `/v1/form?league=nba&team=bos&opponent=lal&key=${key}`)).body,
      'h2h',
    );
    assert.equal(h2h.opponent!.abbreviation, 'LAL');
    assert.ok(h2h.games.every((game) => game.opponent.abbreviation === 'LAL'));
  });

  it('/v1/props joins lines with bet splits, for the markets asked', async () => {
    const props = conforms(
      contract.propsPayloadSchema,
      (await widgetGet(relay, `/v1/props?league=nba&gameId=${liveGameId}&markets=points,blocks&key=${key}`)).body,
      'props',
    );
    assert.deepEqual(
      props.markets.map((market) => market.key),
      ['points'],
    );
    assert.deepEqual(props.unavailableMarkets, ['blocks']);
    assert.ok(props.markets[0]!.players.every((player) => player.overBets !== null));
  });

  it('/v1/injuries groups players by team with one severity scale', async () => {
    const report = conforms(
      contract.injuriesPayloadSchema,
      (await widgetGet(relay, `/v1/injuries?league=nfl&key=${key}`)).body,
      'injuries',
    );
    assert.equal(report.teams.length, 32);
    const players = report.teams.flatMap((team) => team.players);
    assert.ok(players.length > 0);
    assert.ok(
      players.some((player) => player.practice !== null),
      'NFL practice participation',
    );
  });

  it('answers bad_request naming the parameter and what was expected', async () => {
    for (const [path, parameter] of [
      ['/v1/scores?league=curling', 'league'],
      ['/v1/scores', 'league'],
      ['/v1/scores?league=nba&date=2026-13-01', 'date'],
      ['/v1/scores?league=nba&date=yesterday', 'date'],
      ['/v1/scores?league=nba&team=B-O-S', 'team'],
      ['/v1/form?league=nba', 'team'],
      ['/v1/win-probability?league=nba', 'gameId'],
      ['/v1/props?league=nba&gameId=x&markets=a,b,c,d,e,f', 'markets'],
      ['/v1/injuries?league=', 'league'],
    ] as const) {
      const { status, body } = await widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${key}`);
      assert.equal(status, 400, path);
      conforms(contract.errorBodySchema, body, path);
      assert.equal(body.error.code, 'bad_request');
      assert.match(body.error.message, new RegExp(`${parameter}:`), path);
    }
  });

  it('/v1/props for a final game says the props are closed instead of not found', async () => {
    const slate = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`);
    const final = slate.body.games.find((game: { status: string }) => game.status === 'final');
    const props = await widgetGet(relay, `/v1/props?league=nba&gameId=${final.id}&key=${key}`);
    assert.equal(props.status, 200);
    const payload = conforms(contract.propsPayloadSchema, props.body, 'closed props');
    assert.deepEqual([payload.closed, payload.markets], [true, []]);
    const open = conforms(
      contract.propsPayloadSchema,
      (await widgetGet(relay, `/v1/props?league=nba&gameId=${liveGameId}&key=${key}`)).body,
      'props',
    );
    assert.equal(open.closed, false);
  });

  it('/v1/props for a league without lines answers no markets, not an error: the game exists', async () => {
    const slate = await widgetGet(relay, `/v1/scores?league=ncaab&key=${key}`);
    const live = slate.body.games.find((game: { status: string }) => game.status === 'live');
    const props = await widgetGet(relay, `/v1/props?league=ncaab&gameId=${live.id}&key=${key}`);
    assert.equal(props.status, 200);
    const payload = conforms(contract.propsPayloadSchema, props.body, 'props without lines');
    assert.deepEqual([payload.closed, payload.markets], [false, []]);
  });

  it('answers not_found for a game or team that does not exist', async () => {
    assert.equal((await widgetGet(relay, `/v1/games/g_nba_20200101000?league=nba&key=${key}`)).body.error.code, 'not_found');
    assert.equal((await widgetGet(relay, `/v1/form?league=nba&team=XYZ&key=${key}`)).body.error.code, 'not_found');
    assert.equal((await widgetGet(relay, `/v1/nothing?key=${key}`)).status, 404);
  });

  it('answers missing_key and invalid_key', async () => {
    assert.equal((await widgetGet(relay, '/v1/scores?league=nba')).body.error.code, 'missing_key');
    assert.equal(
      (await widgetGet(relay, '/v1/scores?league=nba&key=pk_live_00000000000000000000000000000000')).body.error.code,
      'invalid_key',
    );
    const revoked = await addKey(relay, ['example.com']);
    await relay.store.revokeKey(revoked, relay.now());
    const answer = await widgetGet(relay, `/v1/scores?league=nba&key=${revoked}`);
    assert.equal(answer.status, 401);
    assert.match(answer.body.error.message, /revoked/);
  });

  it('reads queries however they are written: encoded, repeated, in any order; HEAD is answered unbilled', async () => {
    const plain = await widgetGet(relay, `/v1/scores?league=nba,nhl&key=${key}`);
    const encodedKey = key.replace(/_/g, '%5F');
    for (const path of [
      `/v1/scores?key=${key}&league=nba%2Cnhl`,
      `/v1/scores?league=nba%2CNHL&key=${encodedKey}`,
      `/v1/scores?league=nba,nhl&league=curling&key=${key}&key=pk_live_00000000000000000000000000000000`,
    ]) {
      const answer = await widgetGet(relay, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers.get('etag'), plain.headers.get('etag'), path);
    }
    const usedBefore = await relay.store.loadsUsed(key, monthBucket(relay.now()));
    const head = await fetch(`${relay.origin}/v1/scores?league=nba,nhl&key=${key}`, {
      method: 'HEAD',
      headers: { origin: 'https://example.com' },
    });
    assert.equal(head.status, 200, 'HEAD wherever GET is (RFC 9110)');
    assert.equal(head.headers.get('etag'), plain.headers.get('etag'), 'the headers the GET would have');
    assert.match(head.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(head.headers.get('x-pressbox-loads-remaining'), null, 'no load counted, so none to report');
    assert.equal(await head.text(), '');
    assert.equal(await relay.store.loadsUsed(key, monthBucket(relay.now())), usedBefore, 'a HEAD delivers nothing and is not billed');
    const badHead = await fetch(`${relay.origin}/v1/scores?league=curling&key=${key}`, {
      method: 'HEAD',
      headers: { origin: 'https://example.com' },
    });
    assert.equal(badHead.status, 400, 'a HEAD is validated as its GET would be');
    const malformed = await widgetGet(relay, `/v1/games/%E0?league=nba&key=${key}`);
    assert.equal(malformed.status, 404);
    assert.equal(malformed.body.error.code, 'not_found');
    for (let i = 0; i < 2; i++) {
      const bad = await widgetGet(relay, `/v1/scores?league=curling&key=${key}`);
      assert.match(bad.body.error.message, /league: unknown league "curling"/, 'the same answer when asked again');
    }
  });

  it('sends the same CORS and safety headers with data and with every refusal', async () => {
    for (const path of [`/v1/scores?league=nba&key=${key}`, '/v1/scores?league=nba', `/v1/scores?league=curling&key=${key}`]) {
      const { headers } = await widgetGet(relay, path);
      assert.equal(headers.get('access-control-allow-origin'), 'https://example.com', path);
      assert.ok(headers.get('vary')?.split(/,\s*/).includes('Origin'), `${path}: Vary: ${headers.get('vary')}`);
      assert.equal(headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(headers.get('cross-origin-resource-policy'), 'cross-origin', path);
      assert.match(headers.get('access-control-expose-headers')!, /X-Pressbox-Loads-Remaining/, path);
      assert.match(headers.get('content-type')!, /^application\/json/, path);
    }
  });

  it('answers 304 to an unchanged payload', async () => {
    const first = await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`);
    const second = await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`, {
      origin: 'https://example.com',
      'if-none-match': first.headers.get('etag')!,
    });
    assert.equal(second.status, 304);
  });

  it("sends data compressed as the page's browser accepts it, and a 304 (no load) for the bytes the page has", async () => {
    const path = `/v1/scores?league=nba&key=${key}`;
    /** The answer's bytes as sent (fetch would undo the coding under test). */
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) =>
        request(`${relay.origin}${path}`, { headers: { origin: 'https://example.com', ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end(),
      );
    const plain = await raw({});
    assert.equal(plain.headers['content-encoding'], undefined);
    const brotli = await raw({ 'accept-encoding': 'gzip, deflate, br' });
    const gzipped = await raw({ 'accept-encoding': 'gzip' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.match(String(brotli.headers.vary), /Accept-Encoding/);
    assert.deepEqual(JSON.parse(brotliDecompressSync(brotli.body).toString()), JSON.parse(plain.body.toString()));
    assert.deepEqual(JSON.parse(gunzipSync(gzipped.body).toString()), JSON.parse(plain.body.toString()));
    assert.ok(brotli.body.length < plain.body.length / 3, `${brotli.body.length} of ${plain.body.length} bytes`);
    assert.equal(brotli.headers.etag, String(plain.headers.etag).replace(/"$/, '-br"'), 'one ETag per representation');
    const month = monthOf(relay.now());
    const loads = await relay.store.loadsUsed(key, month);
    const revalidated = await raw({ 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(brotli.headers.etag) });
    assert.equal(revalidated.status, 304);
    assert.equal(await relay.store.loadsUsed(key, month), loads, 'an unchanged answer costs no load');
  });
});

describe('upstream cost does not grow with viewers', () => {
  it('1 client and 500 concurrent clients on one resource cost the same upstream calls', async () => {
    for (const clients of [1, 500]) {
      // A clock that stands still: however long a busy machine takes over 500 requests, the first answer stays fresh.
      const relay = await testRelay({ now: () => Date.parse(MIDDAY), rateLimit: { perMinute: 100_000, burst: 10_000 } });
      try {
        const key = await addKey(relay, ['example.com']);
        const answers = await Promise.all(Array.from({ length: clients }, () => widgetGet(relay, `/v1/scores?league=nba&key=${key}`)));
        assert.ok(answers.every((answer) => answer.status === 200));
        assert.equal(await upstreamCalls(relay, '/live-games'), 1, `${clients} clients: one /live-games call`);
        assert.equal(await upstreamCalls(relay, '/teams'), 1, `${clients} clients: one /teams call`);
        assert.equal(await relay.store.loadsUsed(key, monthOf(relay.now())), clients, 'every viewer is still a load');
      } finally {
        await relay.close();
      }
    }
  });

  it('serves the last good data, marked stale, while the upstream fails', async () => {
    let now = Date.parse('2026-11-22T18:00:00Z');
    const relay = await testRelay({ now: () => now });
    try {
      const key = await addKey(relay, ['example.com']);
      const fresh = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
      assert.equal(fresh.body.stale, false);
      relay.sandbox.faults.add({ kind: 'status', status: 503 });
      now += 60 * 60_000;
      const before = await upstreamCalls(relay, '/injuries');
      const stale = await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`);
      assert.equal(stale.status, 200);
      assert.equal(stale.body.stale, true);
      assert.equal(stale.body.updatedAt, fresh.body.updatedAt);
      assert.deepEqual(stale.body.teams, fresh.body.teams);
      assert.equal((await upstreamCalls(relay, '/injuries')) - before, 4, 'one call retried three times, then stale data');

      const cold = await widgetGet(relay, `/v1/injuries?league=nhl&key=${key}`);
      assert.equal(cold.status, 503, 'nothing cached: upstream_unavailable');
      assert.equal(cold.body.error.code, 'upstream_unavailable');

      relay.sandbox.faults.clear();
      now += 60 * 60_000;
      // After a failure the last data is served at once while one refresh runs behind it; then fresh data.
      assert.equal((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).body.stale, true, 'no wait on the retry');
      const started = performance.now();
      while ((await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`)).body.stale) {
        assert.ok(performance.now() - started < 3000, 'fresh once the upstream is back');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await relay.close();
    }
  });

  it('maps an upstream plan refusal to plan_required naming the plan', async () => {
    const sandboxRelay = await testRelay();
    const free = await testRelay({ upstreamUrl: sandboxRelay.sandbox.baseUrl, upstreamKey: 'sk_sandbox_free' });
    try {
      const key = await addKey(free, ['example.com']);
      const scores = await widgetGet(free, `/v1/scores?league=nba&key=${key}`);
      const game = scores.body.games.find((candidate: { status: string }) => candidate.status === 'scheduled');
      const props = await widgetGet(free, `/v1/props?league=nba&gameId=${game.id}&key=${key}`);
      assert.equal(props.status, 403);
      assert.equal(props.body.error.code, 'plan_required');
      assert.match(props.body.error.message, /Starter plan/);
      const wp = await widgetGet(free, `/v1/win-probability?league=nba&gameId=${game.id}&key=${key}`);
      assert.equal(wp.body.current.source, 'moneyline', 'without exchange prices, the book moneyline');
    } finally {
      await free.close();
      await sandboxRelay.close();
    }
  });
});
