import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import { ELEMENT_DETAILS } from '../../../../src/contract/elements.js';
import { REFRESH_MS } from '../../../../src/contract/refresh.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { conforms, upstreamCalls } from '../../../helpers/contract-checks.js';
import { getJson } from '../../../helpers/sandbox.js';

const INSTANT = '2026-11-22T18:00:00Z';
const HOUR_MS = 3_600_000;

describe('betting routes: the odds board, betting splits and line movement', () => {
  let relay: RunningRelay;
  let get: (path: string) => Promise<{ status: number; body: any }>;
  /** The relay's clock, moved by the tests; the sandbox's moves with it. */
  let now = Date.parse(INSTANT);
  const moveTo = async (at: number) => {
    now = at;
    relay.cache.clear();
    await fetch(`${relay.sandbox.origin}/_sandbox/clock`, { method: 'PUT', body: JSON.stringify({ now: at }) });
  };
  /** A game in progress at the tests' instant. */
  let liveGameId = '';
  before(async () => {
    relay = await testRelay({ now: () => now, sandbox: { now, rate: 0 } });
    const key = await addKey(relay, ['example.com']);
    get = (path) => widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${key}`);
    liveGameId = (await get('/v1/scores?league=nba')).body.games.find((game: { status: string }) => game.status === 'live').id;
  });
  after(() => relay.close());

  it('/v1/odds gives every game of the slate with the book’s line and the exchange’s, as the service quotes them now', async () => {
    const board = conforms(contract.oddsBoardPayloadSchema, (await get('/v1/odds?league=nba')).body, 'odds board');
    const scores = conforms(contract.scoresPayloadSchema, (await get('/v1/scores?league=nba')).body, 'scores');
    assert.deepEqual(
      board.games.map((entry) => entry.game.id),
      scores.games.map((game) => game.id),
    );
    assert.equal(board.exchangeOffered, true, 'the relay’s sandbox plan includes exchange prices');
    const lines = (await getJson(relay.sandbox, '/lines?league=nba&include=xchg')).body.data;
    const priced = board.games.filter((entry) => entry.line);
    assert.ok(priced.length >= 3, 'games not yet final have lines');
    for (const entry of priced) {
      const upstream = lines.find(
        (record: any) => record.homeTeamName === entry.game.home.team.name && record.awayTeamName === entry.game.away.team.name,
      );
      assert.deepEqual(
        [entry.line!.spread!.home, entry.line!.total!.points, entry.line!.moneyline!.home],
        [upstream.lines.spread.home, upstream.lines.total, upstream.lines.moneyline.home],
      );
      assert.deepEqual(entry.exchange!.moneyline, upstream.exchange.xchg.moneyline);
    }
    assert.equal(board.refreshMs, REFRESH_MS.live, 'a slate in progress refreshes as live scores do');

    const team = priced[0]!.game.home.team.abbreviation;
    const one = conforms(contract.oddsBoardPayloadSchema, (await get(`/v1/odds?league=nba&team=${team}`)).body, 'one team');
    assert.ok(one.games.length >= 1);
    assert.ok(one.games.every((entry) => [entry.game.home.team.abbreviation, entry.game.away.team.abbreviation].includes(team)));
  });

  it('/v1/betting-splits gives bets and money per side, marking the side whose money beats its bets by 10 points', async () => {
    const splits = conforms(contract.bettingSplitsPayloadSchema, (await get('/v1/betting-splits?league=nba')).body, 'splits');
    assert.equal(splits.moneyOverBetsPoints, 10);
    const upstream = (await getJson(relay.sandbox, '/splits?league=nba')).body.data;
    let marked = 0;
    for (const entry of splits.games.filter((game) => game.splits.spread)) {
      const { spread, moneyline, total } = entry.splits;
      const record = upstream.find((game: any) => game.homeTeamName === entry.game.home.team.name);
      assert.deepEqual(
        [spread!.home.bets, spread!.home.money, total!.over.bets, total!.over.money],
        [
          record.splits.spread.homeBetsPercent,
          record.splits.spread.homeMoneyPercent,
          record.splits.total.overBetsPercent,
          record.splits.total.overMoneyPercent,
        ],
      );
      for (const market of [spread!, moneyline!]) {
        assert.equal(market.home.bets + market.away.bets, 100);
        const gap = market.home.money - market.home.bets;
        assert.equal(market.marked, gap >= 10 ? 'home' : gap <= -10 ? 'away' : null, JSON.stringify(market));
        if (market.marked) marked++;
      }
      const overGap = total!.over.money - total!.over.bets;
      assert.equal(total!.marked, overGap >= 10 ? 'over' : overGap <= -10 ? 'under' : null);
      assert.deepEqual(entry.line!.spread!.home, record.lines.spread.home);
    }
    assert.ok(marked > 0, 'some games have money apart from the bets');

    const before = await upstreamCalls(relay, '/splits');
    await get('/v1/betting-splits?league=nba');
    await get(`/v1/betting-splits?league=nba&gameId=${splits.games[0]!.game.id}`);
    assert.equal(await upstreamCalls(relay, '/splits'), before, 'the slate’s splits (5 units) are read once for every reader and game');
  });

  it('/v1/line-movement draws a game from its opening line, marks moves against the public, and records what it sees', async () => {
    const scores = conforms(contract.scoresPayloadSchema, (await get('/v1/scores?league=nba')).body, 'scores');
    const game = scores.games.find((candidate) => candidate.status === 'scheduled' && Date.parse(candidate.startTime!) > now + HOUR_MS)!;
    const path = `/v1/line-movement?league=nba&gameId=${game.id}`;
    const first = conforms(contract.lineMovementPayloadSchema, (await get(path)).body, 'line movement');
    const start = Date.parse(game.startTime!);
    assert.equal(Date.parse(first.points[0]!.at), start - 24 * HOUR_MS, 'the history starts when the book opened the game');
    const history = (await getJson(relay.sandbox, `/splits-history?league=nba&date=${game.startTime!.slice(0, 10)}`)).body.data.find(
      (record: any) => record.homeTeamName === game.home.team.name,
    );
    assert.deepEqual(
      first.points[0]!.spread,
      history.snapshots[0].lines.spread.home,
      'the opening line is the first snapshot of the service’s history',
    );
    for (const move of first.moves) {
      assert.equal(move.againstPublic, move.towardBets !== null && move.towardBets < 50);
      assert.ok(first.points.some((point) => point.at === move.at && point[move.market] === move.to));
    }

    const current = (await getJson(relay.sandbox, '/lines?league=nba')).body.data.find(
      (record: any) => record.homeTeamName === game.home.team.name,
    );
    assert.equal(first.points.at(-1)!.spread, current.lines.spread.home, 'the last point is the line now');

    // An hour on, the relay has recorded what it saw: the curve keeps the earlier point and adds the new one.
    await moveTo(now + HOUR_MS);
    const later = conforms(contract.lineMovementPayloadSchema, (await get(path)).body, 'an hour later');
    assert.ok(later.points.length > first.points.length);
    assert.ok(later.points.some((point) => point.at === first.points.at(-1)!.at));
    assert.equal(Date.parse(later.points.at(-1)!.at), now);
  });

  it('betState=1 sets each game in progress against its closing line: who covers, and the pace against the total', async () => {
    const scores = conforms(contract.scoresPayloadSchema, (await get('/v1/scores?league=nba&betState=1')).body, 'scores');
    const live = scores.games.filter((game) => game.status === 'live');
    assert.ok(live.length >= 1);
    assert.ok(scores.games.filter((game) => game.status === 'scheduled').every((game) => game.betState === undefined));
    for (const game of live) {
      const history = (await getJson(relay.sandbox, `/splits-history?league=nba&date=${game.startTime!.slice(0, 10)}`)).body.data.find(
        (record: any) => record.homeTeamName === game.home.team.name,
      );
      const closing = history.snapshots.filter((snapshot: any) => snapshot.at <= game.startTime!).at(-1).lines;
      const { spread, total } = game.betState!;
      assert.equal(spread!.line, closing.spread.home, 'the spread as it closed before the start');
      assert.equal(total!.line, closing.total);
      const margin = game.home.score! - game.away.score! + spread!.line;
      assert.equal(spread!.covering, margin > 0 ? 'home' : margin < 0 ? 'away' : 'push');
      const points = game.home.score! + game.away.score!;
      if (total!.pace !== null) {
        assert.ok(total!.pace >= points, `pace ${total!.pace} from ${points} points so far`);
        assert.equal(total!.side, total!.pace > total!.line ? 'over' : total!.pace < total!.line ? 'under' : 'push');
      }
    }
    const header = conforms(
      contract.gameDetailPayloadSchema,
      (await get(`/v1/games/${live[0]!.id}?league=nba&betState=1`)).body,
      'game with bet state',
    );
    assert.deepEqual(header.game.betState, live[0]!.betState);
    const plain = conforms(contract.scoresPayloadSchema, (await get('/v1/scores?league=nba')).body, 'scores without');
    assert.ok(
      plain.games.every((game) => game.betState === undefined),
      'only when asked',
    );
    const wrong = await get('/v1/scores?league=nba&betState=yes');
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error.message, /betState/);
  });

  it('a key set to hide odds gets no betting data: betting routes and topics refused at no cost, the header without its line', async () => {
    const hidden = await addKey(relay, ['example.com'], { hideOdds: true });
    const hiddenGet = (path: string) => widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${hidden}`);
    const spent = await upstreamCalls(relay);
    for (const path of [
      '/v1/odds?league=nba',
      '/v1/betting-splits?league=nba',
      `/v1/line-movement?league=nba&gameId=${liveGameId}`,
      `/v1/props?league=nba&gameId=${liveGameId}`,
      '/v1/scores?league=nba&betState=1',
      `/v1/games/${liveGameId}?league=nba&betState=1`,
    ]) {
      const { status, body } = await hiddenGet(path);
      assert.equal(status, 403, path);
      assert.equal(body.error.code, 'plan_required');
      assert.match(body.error.message, /hide odds/);
    }
    assert.equal(await upstreamCalls(relay), spent, 'refused before any upstream call');
    const live = await fetch(`${relay.origin}/v1/live?key=${hidden}&topic=${encodeURIComponent('/v1/odds?league=nba')}`, {
      headers: { origin: 'https://example.com' },
    });
    assert.equal(live.status, 403, 'a live topic of betting data too');

    // A game not yet final now (the clock has moved since the first test): it has a line to hide.
    const { games } = (await get('/v1/scores?league=nba')).body as { games: Array<{ id: string; status: string }> };
    const open = games.find((game) => game.status === 'live')?.id ?? games.find((game) => game.status === 'scheduled')!.id;
    const shown = conforms(contract.gameDetailPayloadSchema, (await get(`/v1/games/${open}?league=nba`)).body, 'header');
    assert.ok(shown.line && shown.splits, 'other keys still get the line');
    const header = conforms(contract.gameDetailPayloadSchema, (await hiddenGet(`/v1/games/${open}?league=nba`)).body, 'hidden');
    assert.deepEqual([header.line, header.splits, header.oddsHidden], [null, null, true]);
    assert.deepEqual(header.game, shown.game, 'the score is the same');
    const again = conforms(contract.gameDetailPayloadSchema, (await get(`/v1/games/${open}?league=nba`)).body, 'after');
    assert.ok(again.line, 'the hidden answer is not shared with other keys');
    assert.equal((await hiddenGet('/v1/scores?league=nba')).status, 200, 'scores stay');
  });

  it('refuses leagues without odds, naming those it serves, at no upstream cost', async () => {
    const spent = await upstreamCalls(relay);
    for (const [path, tag] of [
      ['/v1/odds?league=mls', 'odds-board'],
      ['/v1/betting-splits?league=ncaab', 'betting-splits'],
      ['/v1/line-movement?league=mma&gameId=g_1', 'line-movement'],
    ] as const) {
      const { status, body } = await get(path);
      assert.equal(status, 400, path);
      assert.equal(body.error.code, 'bad_request');
      assert.deepEqual(body.error.leagues, ELEMENT_DETAILS[tag].leagues, path);
    }
    const { status, body } = await get('/v1/line-movement?league=nba');
    assert.equal(status, 400);
    assert.match(body.error.message, /gameId/);
    assert.equal(await upstreamCalls(relay), spent);
  });
});
