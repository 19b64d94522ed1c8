import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fightCardResource } from '../../../../src/relay/resources/fight-card.js';
import { always, callsTo, fakeContext } from '../fake-context.js';

const FIGHTERS: Record<string, string> = {
  JONES: 'Jon Jones',
  MIOC: 'Stipe Miocic',
  PEREIRA: 'Alex Pereira',
  ANKA: 'Magomed Ankalaev',
  ONEIL: 'Sean O’Neil',
  YAN: 'Petr Yan',
  ROSE: 'Rose Namajunas',
  ZHANG: 'Zhang Weili',
};

const event = { id: 'ufc-310', name: 'UFC 310' };
const fighter = (abbreviation: string) => ({ name: FIGHTERS[abbreviation]!, abbreviation, record: '20-1' });
/** A bout on the card of `on`, at `order` (the main event last). */
const place = (order: number, on = event) => ({
  order,
  card: order > 2 ? 'main' : 'prelims',
  rounds: order === 4 ? 5 : 3,
  weightClass: 'Heavyweight',
  event: on,
});

/** A bout as the live feed has it: its fighters as away and home. */
function feedBout(gameId: string, [away, home]: [string, string], order: number, startTime: string, fields: object = {}) {
  return { gameId, status: 'scheduled', startTime, awayTeam: fighter(away), homeTeam: fighter(home), bout: place(order), ...fields };
}

/** A bout as the stored schedule has it. */
function scheduledBout(serviceGameId: string, [away, home]: [string, string], order: number, startTime: string, on = event) {
  return { serviceGameId, league: 'mma', startTime, awayTeam: fighter(away), homeTeam: fighter(home), bout: place(order, on) };
}

describe('/v1/fight-card for a date', () => {
  it("gives the first event of the day in card order, its bouts only, with the event's name and first start", async () => {
    const date = '2026-11-28';
    const ctx = fakeContext('2026-11-21T18:00:00Z', {
      games: always({
        data: [
          scheduledBout('b3', ['PEREIRA', 'ANKA'], 3, `${date}T02:30:00Z`),
          scheduledBout('b1', ['ONEIL', 'YAN'], 1, `${date}T01:00:00Z`),
          scheduledBout('late', ['ROSE', 'ZHANG'], 1, `${date}T20:00:00Z`, { id: 'ufc-fn', name: 'Fight Night' }),
          { serviceGameId: 'x', startTime: `${date}T00:30:00Z`, awayTeam: fighter('ROSE'), homeTeam: fighter('ZHANG') },
          scheduledBout('b4', ['MIOC', 'JONES'], 4, `${date}T03:30:00Z`),
        ],
      }),
    });
    const payload = await fightCardResource(ctx, { league: 'mma', date });
    assert.deepEqual(payload.event, { id: 'ufc-310', name: 'UFC 310', date, startTime: `${date}T01:00:00Z` });
    assert.deepEqual(
      payload.bouts.map((bout) => [bout.id, bout.bout?.order, bout.bout?.card, bout.status]),
      [
        ['b1', 1, 'prelims', 'scheduled'],
        ['b3', 3, 'main', 'scheduled'],
        ['b4', 4, 'main', 'scheduled'],
      ],
    );
    assert.deepEqual(
      [payload.bouts[2]!.home.team.name, payload.bouts[2]!.home.record, payload.bouts[2]!.bout?.rounds],
      ['Jon Jones', '20-1-0', 5],
    );
  });

  it('answers a night without a card with no event', async () => {
    const ctx = fakeContext('2026-11-21T18:00:00Z', { games: always({ data: [] }) });
    const payload = await fightCardResource(ctx, { league: 'mma', date: '2026-11-28' });
    assert.deepEqual([payload.event, payload.bouts], [null, []]);
  });
});

describe('/v1/fight-card without a date', () => {
  const night = '2026-11-21';
  const feed = always({
    games: [
      feedBout('f1', ['ONEIL', 'YAN'], 1, `${night}T23:00:00Z`, {
        status: 'final',
        awayTeam: { ...fighter('ONEIL'), score: 0 },
        homeTeam: { ...fighter('YAN'), score: 1 },
        result: { method: 'KO/TKO', round: 1, time: '4:10' },
      }),
      feedBout('f2', ['ROSE', 'ZHANG'], 2, '2026-11-22T01:00:00Z', { status: 'live', state: { period: 2, display: 'R2 3:10' } }),
      feedBout('f3', ['PEREIRA', 'ANKA'], 3, '2026-11-22T02:30:00Z'),
    ],
  });

  it('shows the card under way whole: finished and live bouts from the feed, the rest from the schedule, main event last', async () => {
    const ctx = fakeContext('2026-11-22T01:30:00Z', {
      liveGames: feed,
      games: (_league, date) => ({
        data:
          date === night
            ? [
                scheduledBout('s1', ['ONEIL', 'YAN'], 1, `${night}T23:00:00Z`),
                scheduledBout('s2', ['ROSE', 'ZHANG'], 2, '2026-11-22T01:00:00Z'),
                scheduledBout('s3', ['PEREIRA', 'ANKA'], 3, '2026-11-22T02:30:00Z'),
                scheduledBout('s4', ['MIOC', 'JONES'], 4, '2026-11-22T03:30:00Z'),
              ]
            : [],
      }),
    });
    const payload = await fightCardResource(ctx, { league: 'mma' });
    assert.deepEqual(
      payload.bouts.map((bout) => [bout.id, bout.status]),
      [
        ['f1', 'final'],
        ['f2', 'live'],
        ['f3', 'scheduled'],
        ['s4', 'scheduled'],
      ],
    );
    assert.deepEqual(payload.bouts[0]!.result, { method: 'ko-tko', verdict: null, round: 1, time: '4:10', winner: 'home' });
    assert.deepEqual([payload.event?.id, payload.event?.date], ['ufc-310', night], 'the card is dated by its first bout, in UTC');
  });

  it("shows the feed's own bouts when the schedule does not place them", async () => {
    const ctx = fakeContext('2026-11-22T01:30:00Z', { liveGames: feed, games: always({ data: [] }) });
    const payload = await fightCardResource(ctx, { league: 'mma' });
    assert.deepEqual(
      payload.bouts.map((bout) => bout.id),
      ['f1', 'f2', 'f3'],
    );
    assert.equal(payload.event?.date, night);
    assert.deepEqual(
      callsTo(ctx, 'games').map(([, date]) => date),
      [night, '2026-11-20'],
      "a card seen only by its late bouts may have begun the day before: that day's schedule is read too",
    );
  });

  it('prefers a card under way to one still to start, and one still to start to one that has ended', async () => {
    const other = { id: 'ufc-fn', name: 'Fight Night' };
    const bout = (gameId: string, on: typeof event, status: string, startTime: string) => ({
      ...feedBout(gameId, ['ROSE', 'ZHANG'], 1, startTime, { status }),
      bout: place(1, on),
    });
    const card = async (games: object[]) =>
      (
        await fightCardResource(fakeContext('2026-11-22T01:30:00Z', { liveGames: always({ games }), games: always({ data: [] }) }), {
          league: 'mma',
        })
      ).event?.id;
    // A prelim of the other card waits (delayed) while this card's bout is fought.
    assert.equal(
      await card([bout('a', other, 'scheduled', '2026-11-22T00:30:00Z'), bout('b', event, 'live', '2026-11-22T01:00:00Z')]),
      'ufc-310',
    );
    assert.equal(
      await card([bout('a', other, 'final', '2026-11-21T20:00:00Z'), bout('b', event, 'scheduled', '2026-11-22T02:00:00Z')]),
      'ufc-310',
    );
    assert.equal(
      await card([bout('a', other, 'final', '2026-11-21T20:00:00Z'), bout('b', event, 'final', '2026-11-21T23:00:00Z')]),
      'ufc-310',
    );
  });

  it('shows the next card within a week between cards, and an empty night when there is none', async () => {
    const next = '2026-11-28';
    const ctx = fakeContext('2026-11-24T12:00:00Z', {
      liveGames: always({ games: [] }),
      schedule: (_league, date) => ({ data: date === next ? [scheduledBout('n1', ['MIOC', 'JONES'], 4, `${next}T03:30:00Z`)] : [] }),
    });
    const payload = await fightCardResource(ctx, { league: 'mma' });
    assert.deepEqual([payload.event?.date, payload.bouts.map((bout) => bout.id)], [next, ['n1']]);
    assert.deepEqual(
      callsTo(ctx, 'schedule').map(([, date]) => date),
      ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', next],
    );
    const quiet = fakeContext('2026-11-24T12:00:00Z', { liveGames: always({ games: [] }), schedule: always({ data: [] }) });
    const none = await fightCardResource(quiet, { league: 'mma' });
    assert.deepEqual([none.event, none.bouts, none.updatedAt.slice(0, 10)], [null, [], '2026-11-24']);
    assert.equal(callsTo(quiet, 'schedule').length, 8, 'today and the seven days after it');
  });
});
