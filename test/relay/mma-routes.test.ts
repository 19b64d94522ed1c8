import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import * as contract from '../../src/contract/index.js';
import { ELEMENT_DETAILS } from '../../src/contract/elements.js';
import type { RunningRelay } from '../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../helpers/relay.js';
import { runningClock } from '../helpers/clock.js';

function conforms<Schema extends z.ZodMiniType>(schema: Schema, body: unknown, what: string): z.infer<Schema> {
  const result = z.safeParse(schema, body);
  assert.ok(result.success, `${what}: ${result.success ? '' : JSON.stringify(result.error.issues.slice(0, 3))}`);
  return result.data;
}

async function upstreamCalls(relay: RunningRelay): Promise<number> {
  const metric = await relay.metrics.upstreamRequests.get();
  return metric.values.reduce((sum, value) => sum + value.value, 0);
}

/** A relay whose sandbox and clock stand at `instant`, with a key for example.com. */
async function relayAt(instant: string): Promise<{ relay: RunningRelay; get: (path: string) => Promise<{ status: number; body: any }> }> {
  const relay = await testRelay({ now: runningClock(instant), sandbox: { now: Date.parse(instant), rate: 0 } });
  const key = await addKey(relay, ['example.com']);
  return { relay, get: (path) => widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${key}`) };
}

const RECORD = /^\d{1,3}-\d{1,3}-\d{1,3}$/;

function assertCardInOrder(card: contract.FightCardPayload): void {
  assert.ok(card.event, 'an event');
  assert.match(card.event.name, /\S/);
  assert.deepEqual(
    card.bouts.map((bout) => bout.bout!.order),
    card.bouts.map((_, index) => index + 1),
    'prelims first, the main event last',
  );
  const main = card.bouts.at(-1)!;
  assert.equal(main.bout!.card, 'main');
  assert.equal(main.bout!.rounds, 5, 'the main event is scheduled for five rounds');
  assert.equal(card.bouts[0]!.bout!.card, 'prelims');
  assert.ok(card.bouts.every((bout) => bout.bout!.event.id === card.event!.id && bout.bout!.weightClass.length > 0));
  for (const bout of card.bouts) {
    for (const side of [bout.home, bout.away]) {
      assert.match(side.team.name, /^\p{L}+ \p{L}+/u, 'fighters are named');
      assert.match(side.record ?? '', RECORD);
    }
  }
}

describe('MMA through the relay, on a Saturday night with a card under way', () => {
  let relay: RunningRelay;
  let get: Awaited<ReturnType<typeof relayAt>>['get'];
  before(async () => ({ relay, get } = await relayAt('2026-11-28T23:40:00Z')));
  after(() => relay.close());

  it('/v1/scores gives the bouts: fighters with records, the live round and clock, results with method', async () => {
    const scores = conforms(contract.scoresPayloadSchema, (await get('/v1/scores?league=mma')).body, 'scores');
    assert.equal(scores.games.length, 12);
    const live = scores.games.filter((game) => game.status === 'live');
    assert.equal(live.length, 1);
    assert.match(live[0]!.progress!.display, /^R[1-5] \d:\d{2}$/);
    assert.equal(live[0]!.progress!.clock, live[0]!.progress!.display.split(' ')[1]);
    const finals = scores.games.filter((game) => game.status === 'final');
    assert.ok(finals.length > 0);
    for (const final of finals) {
      const result = final.result!;
      assert.ok(contract.BOUT_METHODS.includes(result.method));
      assert.equal(result.winner === null, result.method === 'draw' || result.method === 'no-contest');
      if (result.winner) assert.equal(final[result.winner].score! > final[result.winner === 'home' ? 'away' : 'home'].score!, true);
      if (result.method === 'decision') assert.deepEqual([result.round, result.time], [final.bout!.rounds, '5:00']);
    }
    assert.ok(scores.games.every((game) => game.status === 'final' || game.result === undefined), 'no result before the end');
  });

  it('/v1/fight-card without a date gives the card under way, in fight order', async () => {
    const card = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma')).body, 'card');
    assertCardInOrder(card);
    assert.equal(card.event!.date, '2026-11-28');
    assert.equal(card.event!.startTime, '2026-11-28T23:00:00.000Z');
    assert.ok(card.bouts.some((bout) => bout.status === 'live'));
    assert.ok(card.refreshMs <= 15_000, 'a live card refreshes like live scores');
  });

  it('/v1/form gives a fighter’s last fights with how each ended', async () => {
    const scores = conforms(contract.scoresPayloadSchema, (await get('/v1/scores?league=mma')).body, 'scores');
    const fighter = scores.games.find((game) => game.status === 'final')!.home.team;
    const form = conforms(contract.formPayloadSchema, (await get(`/v1/form?league=mma&team=${fighter.abbreviation}`)).body, 'form');
    assert.equal(form.team.name, fighter.name);
    assert.ok(form.games.length > 0);
    for (const game of form.games) {
      assert.ok(game.ending, 'every fight says how it ended');
      assert.equal(game.result === 'T', ['draw', 'no-contest'].includes(game.ending.method));
    }
  });

  it('refuses MMA where there is nothing to show, naming the leagues served, at no upstream cost', async () => {
    const spent = await upstreamCalls(relay);
    for (const [path, tag] of [
      ['/v1/injuries?league=mma', 'injury-report'],
      ['/v1/standings?league=mma', 'standings-table'],
      ['/v1/win-probability?league=mma&gameId=g_mma_20261128001', 'win-probability'],
      ['/v1/team-stats?league=mma&team=SAWYE', 'team-stats'],
      ['/v1/fight-card?league=nba', 'fight-card'],
    ] as const) {
      const { status, body } = await get(path);
      assert.equal(status, 400, path);
      assert.equal(body.error.code, 'bad_request');
      assert.deepEqual(body.error.leagues, ELEMENT_DETAILS[tag].leagues, path);
    }
    assert.equal(await upstreamCalls(relay), spent);
  });
});

describe('MMA through the relay, between cards', () => {
  let relay: RunningRelay;
  let get: Awaited<ReturnType<typeof relayAt>>['get'];
  // Monday: Saturday's card left the live window at Sunday noon; the next is on Friday or Saturday.
  before(async () => ({ relay, get } = await relayAt('2026-11-30T12:00:00Z')));
  after(() => relay.close());

  it('/v1/fight-card without a date gives the next card, every bout still to come', async () => {
    const card = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma')).body, 'card');
    assertCardInOrder(card);
    assert.ok(card.event!.date > '2026-11-30' && card.event!.date <= '2026-12-07', card.event!.date);
    assert.ok(card.bouts.every((bout) => bout.status === 'scheduled' && bout.result === undefined));
  });

  it('/v1/fight-card with a recent date gives that night’s results, the bouts after midnight included', async () => {
    const card = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma&date=2026-11-28')).body, 'card');
    assertCardInOrder(card);
    assert.ok(card.bouts.every((bout) => bout.status === 'final' && bout.result), 'every bout has its result');
    assert.ok(card.bouts.some((bout) => bout.startTime! >= '2026-11-29'), 'the main card runs past midnight UTC');
  });

  it('a date without a card answers an empty night', async () => {
    const card = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma&date=2026-11-30')).body, 'card');
    assert.deepEqual([card.event, card.bouts], [null, []]);
  });
});
