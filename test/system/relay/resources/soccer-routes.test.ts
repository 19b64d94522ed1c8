import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import { ELEMENT_DETAILS, ELEMENT_TAGS } from '../../../../src/contract/elements.js';
import { DATA_ROUTE_PATHS, routeLeagues } from '../../../../src/contract/routes.js';
import { WIDGET_LEAGUES } from '../../../../src/contract/leagues.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { runningClock } from '../../../helpers/clock.js';
import { conforms, upstreamCalls } from '../../../helpers/contract-checks.js';

describe('MLS through the relay', () => {
  let relay: RunningRelay;
  let key: string;
  let scores: contract.ScoresPayload;
  before(async () => {
    // The test sandbox's instant, 18:00 UTC on Sunday 22 November 2026, is an MLS matchday.
    relay = await testRelay();
    key = await addKey(relay, ['example.com']);
    scores = conforms(contract.scoresPayloadSchema, (await widgetGet(relay, `/v1/scores?league=mls&key=${key}`)).body, 'scores');
  });
  after(() => relay.close());

  it('/v1/scores gives club names, colours, and a live match with its minute', () => {
    assert.deepEqual(scores.leagues, ['mls']);
    assert.deepEqual(new Set(scores.games.map((game) => game.status)), new Set(['scheduled', 'live', 'final']));
    const live = scores.games.filter((game) => game.status === 'live');
    assert.ok(live.length > 0);
    for (const game of live) {
      const progress = game.progress!;
      if (progress.segment === 'halftime') assert.equal(progress.display, 'HT');
      else assert.match(progress.minute!, /^(\d{1,2}|45\+\d|90\+\d)'$/);
      assert.equal(game.statusText, progress.display);
    }
    const clubs = new Set(['Atlanta United', 'Inter Miami CF', 'LA Galaxy', 'Seattle Sounders FC', 'Sporting Kansas City', 'CF Montréal']);
    const names = scores.games.flatMap((game) => [game.home.team.name, game.away.team.name]);
    assert.ok(
      names.some((name) => clubs.has(name)),
      names.join(', '),
    );
    assert.ok(
      names.every((name) => !/^[A-Z]{2,4}$/.test(name)),
      'full club names, not abbreviations',
    );
    assert.ok(scores.games.every((game) => /^#[0-9A-F]{6}$/.test(game.home.team.primaryColor ?? '')));
    const finals = scores.games.filter((game) => game.status === 'final');
    assert.ok(finals.every((game) => game.home.score !== null && game.away.score !== null));
  });

  it('/v1/games/{id} gives the match without a line, and spends nothing on odds', async () => {
    const game = scores.games.find((candidate) => candidate.status === 'live')!;
    const before = await relay.metrics.upstreamRequests.get();
    const oddsCalls = (values: typeof before.values) =>
      values.filter((value) => ['/lines', '/games'].includes(String(value.labels.endpoint))).reduce((sum, value) => sum + value.value, 0);
    const detail = conforms(
      contract.gameDetailPayloadSchema,
      (await widgetGet(relay, `/v1/games/${game.id}?league=mls&key=${key}`)).body,
      'game',
    );
    assert.equal(detail.game.id, game.id);
    assert.deepEqual([detail.line, detail.splits], [null, null]);
    assert.equal(oddsCalls((await relay.metrics.upstreamRequests.get()).values), oddsCalls(before.values));
  });

  it('/v1/standings is a points table ranked as MLS ranks it: points, wins, goal difference, goals', async () => {
    const table = conforms(contract.standingsPayloadSchema, (await widgetGet(relay, `/v1/standings?league=mls&key=${key}`)).body, 'table');
    assert.equal(table.rows.length, 30);
    assert.equal(table.hasTies, true);
    for (const row of table.rows) {
      assert.equal(row.points, row.wins * 3 + row.ties);
      assert.equal(row.goalDifference, row.pointsFor! - row.pointsAgainst!);
    }
    assert.ok(
      table.rows.some((row) => row.ties > 0),
      'draws are counted',
    );
    for (let i = 1; i < table.rows.length; i++) {
      const [a, b] = [table.rows[i - 1]!, table.rows[i]!];
      const key = (row: typeof a) => [row.points!, row.wins, row.pointsFor! - row.pointsAgainst!, row.pointsFor!];
      const [ka, kb] = [key(a), key(b)];
      const first = ka.findIndex((value, j) => value !== kb[j]);
      assert.ok(first === -1 || ka[first]! > kb[first]!, `${a.team.abbreviation} before ${b.team.abbreviation}`);
    }
    assert.ok(table.rows.every((row) => row.streak === null || /^[WLD]\d+$/.test(row.streak)));
  });

  it('/v1/form counts draws, and /v1/injuries lists clubs', async () => {
    const form = conforms(contract.formPayloadSchema, (await widgetGet(relay, `/v1/form?league=mls&team=SEA&key=${key}`)).body, 'form');
    assert.equal(form.team.name, 'Seattle Sounders FC');
    assert.equal(form.summary.wins + form.summary.losses + form.summary.ties, form.games.length);
    const injuries = conforms(
      contract.injuriesPayloadSchema,
      (await widgetGet(relay, `/v1/injuries?league=mls&key=${key}`)).body,
      'injuries',
    );
    assert.equal(injuries.teams.length, 30);
    assert.ok(injuries.teams.flatMap((team) => team.players).every((player) => ['out', 'questionable'].includes(player.severity)));
  });

  it('refuses MLS on routes with no football data, naming the leagues they serve, at no upstream cost', async () => {
    const game = scores.games[0]!.id;
    const spentBefore = await upstreamCalls(relay);
    for (const [path, tag] of [
      [`/v1/win-probability?league=mls&gameId=${game}`, 'win-probability'],
      [`/v1/props?league=mls&gameId=${game}`, 'player-props'],
      ['/v1/team-stats?league=mls&team=SEA', 'team-stats'],
      [`/v1/pitching-matchup?league=mls&gameId=${game}`, 'pitching-matchup'],
    ] as const) {
      const { status, body } = await widgetGet(relay, `${path}&key=${key}`);
      assert.equal(status, 400, path);
      conforms(contract.errorBodySchema, body, path);
      assert.equal(body.error.code, 'bad_request');
      assert.deepEqual(body.error.leagues, ELEMENT_DETAILS[tag].leagues, path);
      assert.match(body.error.message, new RegExp(`is offered for ${ELEMENT_DETAILS[tag].leagues.join(', ')}; not for mls`), path);
    }
    assert.equal(await upstreamCalls(relay), spentBefore, 'a refused league costs no upstream request');
    const mixed = conforms(contract.scoresPayloadSchema, (await widgetGet(relay, `/v1/scores?league=nba,mls&key=${key}`)).body, 'mixed');
    assert.deepEqual(new Set(mixed.games.map((game) => game.league)), new Set(['nba', 'mls']));
  });
});

describe('the element registry says which leagues each route serves', () => {
  it('every league is served by some element, and each route serves the union of its elements', () => {
    const served = new Set(ELEMENT_TAGS.flatMap((tag) => ELEMENT_DETAILS[tag].leagues));
    assert.deepEqual([...served].sort(), [...WIDGET_LEAGUES].sort());
    assert.deepEqual(routeLeagues('/v1/scores'), WIDGET_LEAGUES);
    assert.deepEqual(routeLeagues('/v1/pitching-matchup'), ['mlb']);
    for (const route of DATA_ROUTE_PATHS) assert.ok(routeLeagues(route).length > 0, route);
  });
});

describe('MLS on a day without matches', () => {
  let relay: RunningRelay;
  let key: string;
  const tuesday = '2026-11-24T12:00:00Z';
  before(async () => {
    relay = await testRelay({ now: runningClock(tuesday), sandbox: { now: Date.parse(tuesday) } });
    key = await addKey(relay, ['example.com']);
  });
  after(() => relay.close());

  it("shows no current matches, Sunday's finals by date, and opens one of them as a game", async () => {
    const today = conforms(contract.scoresPayloadSchema, (await widgetGet(relay, `/v1/scores?league=mls&key=${key}`)).body, 'today');
    assert.deepEqual(today.games, []);
    const sunday = conforms(
      contract.scoresPayloadSchema,
      (await widgetGet(relay, `/v1/scores?league=mls&date=2026-11-22&key=${key}`)).body,
      'sunday',
    );
    assert.equal(sunday.games.length, 15);
    assert.ok(sunday.games.every((game) => game.status === 'final' && game.home.score !== null));
    const detail = await widgetGet(relay, `/v1/games/${sunday.games[0]!.id}?league=mls&key=${key}`);
    assert.equal(detail.status, 200);
    assert.equal(conforms(contract.gameDetailPayloadSchema, detail.body, 'game').game.status, 'final');
  });
});
