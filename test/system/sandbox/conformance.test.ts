import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { z } from 'zod';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { MIDDAY, frozenSandbox, getJson } from '../../helpers/sandbox.js';
import * as spec from '../../sandbox/spec-schemas.js';

const SCORE_LEAGUES = ['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'cfb', 'ncaab'];
const ODDS_LEAGUES = ['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'cfb'];

function conforms<Schema extends z.ZodType>(schema: Schema, body: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(body);
  assert.ok(result.success, `${what} does not match the spec: ${result.success ? '' : JSON.stringify(result.error.issues.slice(0, 5))}`);
  return result.data;
}

function impliedProbability(odds: number): number {
  return odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100);
}

describe('sandbox conformance to the Sports Data Service spec', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await frozenSandbox(MIDDAY);
  });
  after(() => sandbox.close());

  it('GET /health answers without a key', async () => {
    const { status, body } = await getJson(sandbox, '/health', null);
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
  });

  it('GET /me returns the Account resource with a masked key', async () => {
    const { status, body } = await getJson(sandbox, '/me', 'sk_sandbox_starter');
    assert.equal(status, 200);
    const me = conforms(spec.account, body, '/me');
    assert.equal(me.plan, 'starter');
    assert.equal(me.monthlyLimit, 25_000);
    assert.equal(me.apiKey, `s${'*'.repeat('sk_sandbox_starter'.length - 2)}r`);
    assert.equal(me.usage.period, '2026-11');
  });

  for (const league of SCORE_LEAGUES) {
    it(`GET /live-games?sport=${league} returns live games with consistent status fields`, async () => {
      const { status, body } = await getJson(sandbox, `/live-games?sport=${league}`);
      assert.equal(status, 200);
      const feed = conforms(spec.liveGames, body, `/live-games ${league}`);
      assert.equal(feed.count, feed.games.length);
      assert.equal(feed.liveCount, feed.games.filter((game) => game.status === 'live').length);
      assert.ok(feed.games.length > 0, 'the current slate has games');
      for (const game of feed.games) {
        assert.equal(game.isLive, game.status === 'live');
        assert.equal(game.isFinal, game.status === 'final');
        assert.equal(game.state === null, game.status !== 'live', `state is null exactly when not live (${game.gameId})`);
        if (game.status === 'scheduled') assert.deepEqual([game.homeTeam.score, game.awayTeam.score], [0, 0]);
        if (game.status === 'final' && league !== 'nfl') assert.notEqual(game.homeTeam.score, game.awayTeam.score);
      }
    });
  }

  for (const league of ODDS_LEAGUES) {
    it(`GET /lines?league=${league} quotes consistent two-way markets with vig`, async () => {
      const { status, body } = await getJson(sandbox, `/lines?league=${league}`);
      assert.equal(status, 200);
      const board = conforms(spec.lines, body, `/lines ${league}`);
      assert.ok(board.data.length > 0);
      assert.equal(board.xchg, undefined, 'no exchange envelope unless asked');
      for (const record of board.data) {
        const { spread, moneyline, totalPrice } = record.lines;
        assert.equal(spread.home, -spread.away, 'spreads have opposite signs');
        assert.notEqual(spread.home, 0);
        if (moneyline.home < moneyline.away) assert.ok(spread.home < 0, `the moneyline favourite gives points (${record.gameId})`);
        if (moneyline.away < moneyline.home) assert.ok(spread.away < 0, `the moneyline favourite gives points (${record.gameId})`);
        for (const [a, b] of [
          [moneyline.home, moneyline.away],
          [spread.homePrice, spread.awayPrice],
          [totalPrice.over, totalPrice.under],
        ] as const) {
          assert.ok(impliedProbability(a) + impliedProbability(b) > 1, `pairs carry vig (${a}/${b})`);
          assert.ok(Math.abs(a) >= 100 && Math.abs(b) >= 100, 'American odds are never between -100 and +100');
        }
      }
    });
  }

  it('GET /lines?include=xchg adds exchange prices at the same numbers with a thinner margin', async () => {
    const { status, body } = await getJson(sandbox, '/lines?league=NBA&include=xchg', 'sk_sandbox_starter');
    assert.equal(status, 200);
    const board = conforms(spec.lines, body, '/lines xchg');
    assert.deepEqual(board.xchg, { status: 'ok', matched: board.data.length });
    for (const record of board.data) {
      const exchange = record.exchange!.xchg;
      assert.equal(exchange.total, record.lines.total);
      assert.equal(exchange.spread.home, record.lines.spread.home);
      const book = impliedProbability(record.lines.moneyline.home) + impliedProbability(record.lines.moneyline.away);
      const xchg = impliedProbability(exchange.moneyline.home) + impliedProbability(exchange.moneyline.away);
      assert.ok(xchg <= book, 'exchange margin is not above the book margin');
    }
  });

  it('GET /odds-games lists the board with sport keys', async () => {
    const { body } = await getJson(sandbox, '/odds-games?league=nhl');
    const games = conforms(spec.oddsGames, body, '/odds-games');
    assert.equal(games.sportKey, 'icehockey_nhl');
    assert.equal(games.count, games.data.length);
    assert.ok(games.data.every((game) => game.sportTitle === 'NHL'));
  });

  it('GET /games returns stored games with colours and splits that sum to 100', async () => {
    const { body } = await getJson(sandbox, '/games?league=mlb&date=2026-11-20');
    const games = conforms(spec.storedGames, body, '/games');
    assert.equal(games.date, '2026-11-20');
    assert.equal(games.data.length, 15);
    for (const game of games.data) {
      assert.equal(game.splits.spread.homePercent + game.splits.spread.awayPercent, 100);
      assert.equal(game.splits.total.overPercent + game.splits.total.underPercent, 100);
    }
  });

  it('GET /teams returns every team with standings, and injuries when asked', async () => {
    const plain = conforms(spec.teams, (await getJson(sandbox, '/teams?league=nhl')).body, '/teams');
    assert.equal(plain.count, 32);
    assert.equal(plain.includeInjuries, false);
    assert.ok(plain.data.every((team) => team.injuries === undefined));
    const boston = plain.data.find((team) => team.abbreviation === 'BOS')!;
    assert.equal(boston.fullName, 'Boston Bruins');
    assert.equal(boston.primaryColor, '#FFB81C');
    const withInjuries = conforms(spec.teams, (await getJson(sandbox, '/teams?league=nhl&injuries=true')).body, '/teams injuries');
    assert.equal(withInjuries.includeInjuries, true);
    assert.ok(withInjuries.data.every((team) => Array.isArray(team.injuries)));
    assert.ok(
      withInjuries.data.some((team) => team.injuries!.length > 0),
      'some team has an injury',
    );
  });

  it('GET /injuries returns the NFL table with every listed field', async () => {
    const { body } = await getJson(sandbox, '/injuries?league=nfl');
    const report = conforms(spec.nflInjuries, body, '/injuries nfl');
    assert.equal(report.count, 32);
    assert.ok(report.data.some((team) => team.players.length > 0));
    const practice = new Set(report.data.flatMap((team) => team.players.map((player) => player.practiceParticipation)));
    assert.ok([...practice].every((value) => ['DNP', 'Limited', 'Full'].includes(value)));
  });

  it('GET /injuries filters by team and date, and MLB lists use the injured-list statuses', async () => {
    const one = conforms(spec.nflInjuries, (await getJson(sandbox, '/injuries?league=nfl&team=kc&reportDate=2026-11-20')).body, 'nfl kc');
    assert.equal(one.count, 1);
    assert.equal(one.data[0]!.teamAbbr, 'KC');
    assert.equal(one.data[0]!.report.final, true, 'a past report is final');
    const mlb = conforms(spec.leagueInjuries, (await getJson(sandbox, '/injuries?league=mlb')).body, 'mlb');
    const statuses = new Set(mlb.data.flatMap((team) => team.players.map((player) => player.status)));
    assert.ok(statuses.size > 0);
    for (const status of statuses) assert.match(status, /^(7|10|15|60)-Day IL$|^Day-To-Day$/);
  });

  it('GET /recent-form and /head-to-head return final games, newest first', async () => {
    const form = conforms(spec.recentForm, (await getJson(sandbox, '/recent-form?league=nba&team=BOS&limit=5')).body, '/recent-form');
    const games = form.data[0]!.games;
    assert.equal(games.length, 5);
    assert.deepEqual(
      [...games].sort((a, b) => b.startTime.localeCompare(a.startTime)),
      games,
    );
    const record = form.data[0]!.record;
    assert.equal(record.wins + record.losses + record.ties, 5);
    const h2h = conforms(spec.headToHead, (await getJson(sandbox, '/head-to-head?league=nba&teamA=BOS&teamB=LAL')).body, '/head-to-head');
    assert.ok(h2h.count > 0);
    for (const game of h2h.games)
      assert.deepEqual(new Set([game.homeTeam.abbreviation, game.awayTeam.abbreviation]), new Set(['BOS', 'LAL']));
  });

  it('GET /player-props and /player-props/splits answer for one game in the markets asked', async () => {
    const board = (await getJson(sandbox, '/odds-games?league=nba')).body;
    const gameId = board.data[0].gameId;
    const props = conforms(
      spec.playerProps,
      (await getJson(sandbox, `/player-props?league=nba&gameId=${gameId}&markets=points,assists`)).body,
      '/player-props',
    );
    assert.deepEqual(
      props.data.map((market) => market.market),
      ['points', 'assists'],
    );
    assert.ok(props.data.every((market) => market.players.length > 0));
    const split = conforms(
      spec.propSplits,
      (await getJson(sandbox, `/player-props/splits?league=nba&gameId=${gameId}&markets=points,nonsense`)).body,
      'splits',
    );
    assert.deepEqual(split.unavailableMarkets, ['nonsense']);
    for (const player of split.data[0]!.players) {
      assert.equal(player.pregame.over.bets + player.pregame.under.bets, 100);
      assert.equal(player.pregame.over.money + player.pregame.under.money, 100);
    }
  });

  it('GET /splits gives bet and money percentages on all three markets', async () => {
    const split = conforms(spec.splits, (await getJson(sandbox, '/splits?league=nfl')).body, '/splits');
    assert.ok(split.data.length > 0);
    for (const game of split.data) {
      assert.equal(game.splits.moneyline.homeBetsPercent + game.splits.moneyline.awayBetsPercent, 100);
      assert.equal(game.splits.total.overMoneyPercent + game.splits.total.underMoneyPercent, 100);
    }
  });

  it('accepts league codes in either case and with the spec aliases', async () => {
    const canonical = (await getJson(sandbox, '/live-games?sport=cfb')).body;
    for (const alias of ['CFB', 'ncaaf', 'NCAAF']) {
      assert.deepEqual((await getJson(sandbox, `/live-games?sport=${alias}`)).body.games, canonical.games, alias);
    }
    const basketball = (await getJson(sandbox, '/teams?league=ncaab')).body;
    assert.deepEqual((await getJson(sandbox, '/teams?league=CBB')).body, basketball);
    assert.equal((await getJson(sandbox, '/lines?league=NfL')).body.league, 'NFL');
  });

  it('answers 400 with the parameter named for bad league, date and team values', async () => {
    for (const [path, parameter] of [
      ['/lines?league=curling', 'league'],
      ['/lines', 'league'],
      ['/games?league=nba&date=2026-02-30', 'date'],
      ['/injuries?league=nfl&team=XYZ', 'team'],
      ['/live-games?sport=nba&recentdays=4', 'recentdays'],
      ['/head-to-head?league=nba&teamA=BOS', 'teamB'],
    ] as const) {
      const { status, body } = await getJson(sandbox, path);
      assert.equal(status, 400, path);
      assert.match(body.error.message, new RegExp(parameter), path);
    }
  });

  it('answers 404 for an unknown game', async () => {
    const { status } = await getJson(sandbox, '/player-props?league=nba&gameId=0000000000000000000000000000ffff');
    assert.equal(status, 404);
  });

  it('is deterministic: two sandboxes at the same instant say the same thing', async () => {
    const twin = await frozenSandbox(MIDDAY);
    try {
      for (const path of [
        '/live-games?sport=nhl',
        '/lines?league=mlb',
        '/injuries?league=nba',
        '/player-props/splits?league=nfl&gameId=' + (await getJson(sandbox, '/odds-games?league=nfl')).body.data[0].gameId,
      ]) {
        assert.deepEqual((await getJson(twin, path)).body, (await getJson(sandbox, path)).body, path);
      }
    } finally {
      await twin.close();
    }
  });
});
