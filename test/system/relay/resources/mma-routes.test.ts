import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import { REFRESH_MS } from '../../../../src/contract/refresh.js';
import { ELEMENT_DETAILS } from '../../../../src/contract/elements.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';
import { runningClock } from '../../../helpers/clock.js';
import { until } from '../../../helpers/wait.js';
import { conforms, upstreamCalls } from '../../../helpers/contract-checks.js';

/** A relay whose sandbox and clock stand at `instant`, with a key for example.com. */
async function relayAt(instant: string): Promise<{ relay: RunningRelay; get: (path: string) => Promise<{ status: number; body: any }> }> {
  const relay = await testRelay({ now: runningClock(instant), sandbox: { now: Date.parse(instant), rate: 0 } });
  const key = await addKey(relay, ['example.com']);
  return { relay, get: (path) => widgetGet(relay, `${path}${path.includes('?') ? '&' : '?'}key=${key}`) };
}

const RECORD = /^\d{1,3}-\d{1,3}-\d{1,3}$/;

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
    assert.ok(
      scores.games.every((game) => game.status === 'final' || game.result === undefined),
      'no result before the end',
    );
    const card = scores.games.map((game) => game.bout!);
    assert.deepEqual(
      card.map((bout) => bout.order).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    const mainEvent = card.find((bout) => bout.order === 12)!;
    assert.deepEqual([mainEvent.card, mainEvent.rounds], ['main', 5], 'the main event closes the card over five rounds');
    assert.ok(card.every((bout) => bout.event.name === mainEvent.event.name && bout.weightClass.length > 0));
    for (const game of scores.games)
      for (const side of [game.home, game.away]) {
        assert.match(side.team.name, /^\p{L}+ \p{L}+/u, 'fighters are named');
        assert.match(side.record ?? '', RECORD);
      }
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
    ] as const) {
      const { status, body } = await get(path);
      assert.equal(status, 400, path);
      assert.equal(body.error.code, 'bad_request');
      assert.deepEqual(body.error.leagues, ELEMENT_DETAILS[tag].leagues, path);
    }
    assert.equal(await upstreamCalls(relay), spent);
  });
});

describe('/v1/fight-card', () => {
  it('without a date, shows the card under way whole, main event last, with the live bout and the results so far', async () => {
    // Sunday 01:10 UTC: Saturday's card began at 23:00; its late bouts start after midnight.
    const { relay, get } = await relayAt('2026-11-29T01:10:00Z');
    try {
      const card = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma')).body, 'fight card');
      assert.equal(card.event?.date, '2026-11-28', 'a card belongs to the date its first bout starts on');
      assert.equal(card.bouts.length, 12);
      assert.deepEqual(
        card.bouts.map((bout) => bout.bout!.order),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      );
      assert.ok(card.bouts.every((bout) => bout.bout!.event.id === card.event!.id));
      assert.equal(card.bouts.filter((bout) => bout.status === 'live').length, 1);
      assert.ok(card.bouts.some((bout) => bout.status === 'final' && bout.result));
      assert.equal(card.bouts.at(-1)!.status, 'scheduled');
      assert.equal(card.refreshMs, REFRESH_MS.live);
    } finally {
      await relay.close();
    }
  });

  it('between cards, shows the next one within a week; a date with no card answers an empty night', async () => {
    // Monday noon: nothing in the live feed; the next card is Friday's or Saturday's.
    const { relay, get } = await relayAt('2026-11-30T12:00:00Z');
    try {
      const next = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma')).body, 'next card');
      assert.ok(next.event, 'a card is coming within the week');
      assert.ok(next.event.date > '2026-11-30' && next.event.date <= '2026-12-07', next.event.date);
      assert.ok(next.bouts.length === 12 && next.bouts.every((bout) => bout.status === 'scheduled'));
      assert.ok(next.bouts.every((bout) => bout.home.record && bout.away.record));

      const monday = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma&date=2026-11-30')).body, 'monday');
      assert.deepEqual([monday.event, monday.bouts], [null, []]);

      const past = conforms(contract.fightCardPayloadSchema, (await get('/v1/fight-card?league=mma&date=2026-11-28')).body, 'saturday');
      assert.equal(past.bouts.length, 12);
      assert.ok(
        past.bouts.every((bout) => bout.status === 'final' && bout.result),
        'a past card has every result',
      );
    } finally {
      await relay.close();
    }
  });

  it('refuses another league and a malformed date, naming the fix, at no upstream cost', async () => {
    const { relay, get } = await relayAt('2026-11-30T12:00:00Z');
    try {
      // The relay reads its own account once at start (/me): counted from then on.
      await until(async () => (await upstreamCalls(relay, '/me')) > 0, 'the relay read its account');
      const spent = await upstreamCalls(relay);
      const nba = await get('/v1/fight-card?league=nba');
      assert.equal(nba.status, 400);
      assert.deepEqual(nba.body.error.leagues, ['mma']);
      const date = await get('/v1/fight-card?league=mma&date=2026-13-01');
      assert.equal(date.status, 400);
      assert.match(date.body.error.message, /YYYY-MM-DD/);
      assert.equal(await upstreamCalls(relay), spent);
    } finally {
      await relay.close();
    }
  });
});
