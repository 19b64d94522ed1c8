import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextDays, nextGameDay } from '../../../../src/relay/resources/next-game.js';
import { callsTo, fakeContext, type Answers } from '../fake-context.js';
import { storedGame } from '../upstream-bodies.js';

const NOW = '2026-11-22T18:00:00Z';

describe("a league's next day with games", () => {
  it('is searched once a day per league, whoever asks', async () => {
    const ctx = fakeContext(NOW, {
      schedule: (_league, date) => ({ data: date === '2026-11-24' ? [storedGame('nba', 's1', ['NYK', 'BOS'])] : [] }),
    });
    const first = await nextGameDay(ctx, 'nba');
    const again = await nextGameDay(ctx, 'nba');
    assert.deepEqual(first, { league: 'nba', date: '2026-11-24', startTime: null, daysAhead: 2 }, 'no start time: none');
    assert.equal(again, first);
    assert.equal(callsTo(ctx, 'schedule').length, 2);
  });

  it('is none past the longest off-season, after a bounded number of reads', async () => {
    const ctx = fakeContext(NOW, { schedule: () => ({ data: [] }) });
    assert.equal(await nextGameDay(ctx, 'nba'), null);
    const dates = callsTo(ctx, 'schedule').map(([, date]) => date as string);
    assert.ok(dates.length < 60, `${dates.length} reads`);
    // 240 days ahead is 20 July: the samples every fifth day reach its last stride, and no further.
    assert.ok(dates.at(-1)! > '2027-07-15' && dates.at(-1)! <= '2027-07-20', dates.at(-1));
  });

  it('forgets a failed search, so the next reader asks again; several leagues leave out the one that failed', async () => {
    let failing = true;
    const answers: Answers = {
      schedule: (league) => (league === 'nba' && failing ? undefined : { data: [storedGame('nba', 's1', ['NYK', 'BOS'])] }),
    };
    const ctx = fakeContext(NOW, answers);
    await assert.rejects(nextGameDay(ctx, 'nba'), { code: 'upstream_unavailable' });
    assert.deepEqual(
      (await nextDays(ctx, ['nba', 'nhl'])).map((day) => day.league),
      ['nhl'],
    );
    failing = false;
    assert.equal((await nextGameDay(ctx, 'nba'))?.date, '2026-11-23');
  });
});
