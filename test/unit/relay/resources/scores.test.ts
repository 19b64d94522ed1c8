import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoresResource } from '../../../../src/relay/resources/scores.js';
import { always, callsTo, fakeContext, refused, served } from '../fake-context.js';
import { liveGame, storedGame, teamsBody } from '../upstream-bodies.js';

// Sunday evening, 22 November 2026, on the relay's clock.
const NOW = '2026-11-22T18:00:00Z';
const teams = always(teamsBody('nba'));

describe('/v1/scores without a date: the current slate', () => {
  it("gives the live feed's games with the directory's names and colours, earliest first, live ones with their progress", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({
        games: [
          liveGame('nba', 'g2', ['LAL', 'MIA'], { startTime: '2026-11-23T00:30:00Z' }),
          liveGame('nba', 'g1', ['NYK', 'BOS'], {
            status: 'live',
            startTime: '2026-11-22T17:00:00Z',
            score: [51, 60],
            state: { period: 3, periodLabel: 'Q3', segment: '', display: 'Q3 4:12', clock: '4:12' },
          }),
        ],
      }),
    });
    const payload = await scoresResource(ctx, { leagues: ['nba'] });
    assert.deepEqual(
      payload.games.map((game) => game.id),
      ['g1', 'g2'],
    );
    const [live, later] = payload.games;
    assert.equal(live!.home.team.name, 'Boston Celtics');
    assert.equal(live!.home.team.primaryColor, '#007A33');
    assert.deepEqual([live!.away.score, live!.home.score], [51, 60]);
    assert.equal(live!.statusText, 'Q3 4:12');
    assert.deepEqual(live!.progress, { period: 3, periodLabel: 'Q3', segment: '', display: 'Q3 4:12', clock: '4:12' });
    assert.equal(later!.status, 'scheduled');
    assert.equal(later!.statusText, 'Scheduled');
    assert.equal(later!.progress, null);
    assert.equal(payload.date, null);
    assert.equal(payload.next, undefined, 'a slate with games names no next day');
  });

  it("keeps one team's games when asked, by abbreviation on either side", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({
        games: [liveGame('nba', 'g1', ['NYK', 'BOS']), liveGame('nba', 'g2', ['LAL', 'MIA']), liveGame('nba', 'g3', ['BOS', 'LAL'])],
      }),
    });
    const payload = await scoresResource(ctx, { leagues: ['nba'], team: 'BOS' });
    assert.deepEqual(payload.games.map((game) => game.id).sort(), ['g1', 'g3']);
  });

  it('says a team the directory does not know by the feed’s own name, with no colours', async () => {
    const ctx = fakeContext(NOW, {
      teams: always(teamsBody('nba', ['BOS'])),
      liveGames: always({ games: [liveGame('nba', 'g1', ['NYK', 'BOS'])] }),
    });
    const { games } = await scoresResource(ctx, { leagues: ['nba'] });
    assert.equal(games[0]!.away.team.name, 'New York Knicks');
    assert.equal(games[0]!.away.team.abbreviation, 'NYK');
    assert.equal(games[0]!.away.team.primaryColor, null);
  });

  it('names the next day with games when the slate is empty, from the schedule ahead of the injected clock', async () => {
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({ games: [] }),
      schedule: (_league, date) => ({
        data:
          date === '2026-11-25'
            ? [
                storedGame('nba', 's2', ['LAL', 'MIA'], { startTime: '2026-11-26T00:30:00Z' }),
                storedGame('nba', 's1', ['NYK', 'BOS'], { startTime: '2026-11-25T23:30:00Z' }),
              ]
            : [],
      }),
    });
    const payload = await scoresResource(ctx, { leagues: ['nba'] });
    assert.deepEqual(payload.games, []);
    assert.deepEqual(payload.next, [{ league: 'nba', date: '2026-11-25', startTime: '2026-11-25T23:30:00Z', daysAhead: 3 }]);
    assert.deepEqual(
      callsTo(ctx, 'schedule').map(([, date]) => date),
      ['2026-11-23', '2026-11-24', '2026-11-25'],
      'read day by day from tomorrow, until one has games',
    );
  });

  it('finds the end of an off-season past the first week, the first day of the season and no later', async () => {
    // The season opens on 20 December: the search samples every fifth day, then reads back to the break.
    const ctx = fakeContext(NOW, {
      teams,
      liveGames: always({ games: [] }),
      schedule: (_league, date) => ({
        data: date >= '2026-12-20' ? [storedGame('nba', `s-${date}`, ['NYK', 'BOS'], { startTime: `${date}T23:30:00Z` })] : [],
      }),
    });
    const payload = await scoresResource(ctx, { leagues: ['nba'] });
    assert.deepEqual(payload.next, [{ league: 'nba', date: '2026-12-20', startTime: '2026-12-20T23:30:00Z', daysAhead: 28 }]);
  });
});

describe('/v1/scores for a date: the schedule, scored where the feed still has the games', () => {
  const schedule = (date: string) =>
    always({
      data: [
        storedGame('nba', 'svc-1', ['NYK', 'BOS'], { date, startTime: `${date}T23:30:00Z` }),
        storedGame('nba', 'svc-2', ['LAL', 'MIA'], { date, startTime: `${date}T23:30:00Z` }),
      ],
    });

  it("reads yesterday's scores from the feed's last day, and names the games by the feed's ids", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      games: schedule('2026-11-21'),
      liveGames: (_league, recentDays) =>
        recentDays === 1
          ? {
              games: [
                liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: '2026-11-21T23:40:00Z', score: [99, 104] }),
                liveGame('nba', 'g2', ['LAL', 'MIA'], { status: 'final', startTime: '2026-11-21T23:30:00Z', score: [120, 111] }),
              ],
            }
          : undefined,
    });
    const payload = await scoresResource(ctx, { leagues: ['nba'], date: '2026-11-21' });
    assert.deepEqual(callsTo(ctx, 'liveGames'), [['nba', 1]], 'yesterday is one recent day back from the injected clock');
    assert.deepEqual(
      payload.games.map((game) => [game.id, game.status, game.away.score, game.home.score]),
      [
        ['g2', 'final', 120, 111],
        ['g1', 'final', 99, 104],
      ],
    );
    assert.equal(payload.date, '2026-11-21');
    assert.equal(payload.next, undefined);
  });

  it('asks three recent days for a date three days back, and none for a date further back', async () => {
    const ctx = fakeContext(NOW, { teams, games: (_league, date) => schedule(date)(), liveGames: always({ games: [] }) });
    await scoresResource(ctx, { leagues: ['nba'], date: '2026-11-19' });
    assert.deepEqual(callsTo(ctx, 'liveGames'), [['nba', 3]]);
    const older = fakeContext(NOW, { teams, games: (_league, date) => schedule(date)(), pastGame: always({ games: [] }) });
    await scoresResource(older, { leagues: ['nba'], date: '2026-11-18' });
    assert.deepEqual(callsTo(older, 'liveGames'), [], 'four days back: the feed has no scores for it');
  });

  it("falls back to the current slate when the plan refuses recent days, keeping the day's finals", async () => {
    const ctx = fakeContext(NOW, {
      teams,
      games: schedule('2026-11-21'),
      liveGames: (_league, recentDays) =>
        recentDays
          ? refused('plan')
          : { games: [liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: '2026-11-21T23:30:00Z', score: [99, 104] })] },
      pastGame: always({ games: [] }),
    });
    const { games } = await scoresResource(ctx, { leagues: ['nba'], date: '2026-11-21' });
    assert.equal(games.find((game) => game.id === 'g1')?.home.score, 104);
  });

  it("gives a future date's schedule without scores, and asks the live feed only for tomorrow", async () => {
    const tomorrow = fakeContext(NOW, { teams, games: schedule('2026-11-23'), liveGames: always({ games: [] }) });
    const payload = await scoresResource(tomorrow, { leagues: ['nba'], date: '2026-11-23' });
    assert.deepEqual(
      payload.games.map((game) => [game.id, game.status, game.home.score]),
      [
        ['svc-1', 'scheduled', null],
        ['svc-2', 'scheduled', null],
      ],
    );
    assert.deepEqual(callsTo(tomorrow, 'liveGames'), [['nba', undefined]]);
    const later = fakeContext(NOW, { teams, games: schedule('2026-11-24') });
    await scoresResource(later, { leagues: ['nba'], date: '2026-11-24' });
    assert.deepEqual(callsTo(later, 'liveGames'), []);
  });

  it('looks an old date’s games up one by one: a final with its score, a rainout postponed, one it cannot find as the schedule says', async () => {
    const date = '2026-11-10';
    const ctx = fakeContext(NOW, {
      teams,
      games: always({
        data: [
          storedGame('nba', 'svc-1', ['NYK', 'BOS'], { date, startTime: `${date}T23:30:00Z` }),
          storedGame('nba', 'svc-2', ['LAL', 'MIA'], { date, startTime: `${date}T23:30:00Z` }),
          storedGame('nba', 'svc-3', ['BOS', 'LAL'], { date, startTime: `${date}T23:30:00Z` }),
        ],
      }),
      pastGame: (_league, gameId) =>
        ({
          'svc-1': { games: [liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: `${date}T23:35:00Z`, score: [90, 95] })] },
          'svc-2': {
            games: [
              liveGame('nba', 'g2', ['LAL', 'MIA'], { status: 'scheduled', statusDetail: 'Postponed', startTime: `${date}T23:30:00Z` }),
            ],
          },
          'svc-3': refused('not_found'),
        })[gameId],
    });
    const { games } = await scoresResource(ctx, { leagues: ['nba'], date });
    const byAway = Object.fromEntries(games.map((game) => [game.away.team.abbreviation, game]));
    assert.deepEqual([byAway.NYK!.id, byAway.NYK!.status, byAway.NYK!.home.score], ['g1', 'final', 95]);
    assert.equal(byAway.LAL!.status, 'scheduled', 'a rainout is never Final');
    assert.equal(byAway.LAL!.interruption, 'postponed');
    assert.equal(byAway.LAL!.statusText, 'Postponed');
    assert.deepEqual([byAway.BOS!.id, byAway.BOS!.status, byAway.BOS!.home.score], ['svc-3', 'final', null]);
    assert.deepEqual(
      callsTo(ctx, 'pastGame')
        .map(([, id]) => id)
        .sort(),
      ['svc-1', 'svc-2', 'svc-3'],
    );
  });

  it('keeps a game the recent days dropped (a rainout) from reading Final, by looking it up', async () => {
    const date = '2026-11-21';
    const ctx = fakeContext(NOW, {
      teams,
      games: schedule(date),
      liveGames: always({
        games: [liveGame('nba', 'g1', ['NYK', 'BOS'], { status: 'final', startTime: `${date}T23:30:00Z`, score: [99, 104] })],
      }),
      pastGame: always({
        games: [liveGame('nba', 'g2', ['LAL', 'MIA'], { status: 'scheduled', statusDetail: 'PPD · Rain', startTime: `${date}T23:30:00Z` })],
      }),
    });
    const { games } = await scoresResource(ctx, { leagues: ['nba'], date });
    const rainout = games.find((game) => game.away.team.abbreviation === 'LAL')!;
    assert.deepEqual([rainout.status, rainout.interruption], ['scheduled', 'postponed']);
    assert.deepEqual(callsTo(ctx, 'pastGame'), [['nba', 'svc-2']], 'only the game the feed did not show is looked up');
  });

  it('looks nothing up one by one for several leagues at once', async () => {
    const date = '2026-11-10';
    const ctx = fakeContext(NOW, {
      teams,
      games: (league) => ({
        data: league === 'nba' ? [storedGame('nba', 'svc-1', ['NYK', 'BOS'], { date, startTime: `${date}T23:30:00Z` })] : [],
      }),
      pastGame: always({ games: [] }),
    });
    const payload = await scoresResource(ctx, { leagues: ['nba', 'nhl'], date });
    assert.equal(payload.games.length, 1);
    assert.deepEqual(callsTo(ctx, 'pastGame'), []);
  });

  it('gives no next day for an empty date other than today', async () => {
    const ctx = fakeContext(NOW, { teams, games: always({ data: [] }), liveGames: always({ games: [] }), schedule: always({ data: [] }) });
    const payload = await scoresResource(ctx, { leagues: ['nba'], date: '2026-11-21' });
    assert.equal(payload.next, undefined);
    assert.deepEqual(callsTo(ctx, 'schedule'), []);
  });
});

describe('/v1/scores freshness', () => {
  it('is as old as its oldest part, and stale when any part is', async () => {
    const ctx = fakeContext(NOW, {
      teams: always(served(teamsBody('nba'), { fetchedAt: '2026-11-22T15:00:00Z' })),
      liveGames: always(served({ games: [liveGame('nba', 'g1', ['NYK', 'BOS'])] }, { fetchedAt: '2026-11-22T17:59:50Z', stale: true })),
    });
    const payload = await scoresResource(ctx, { leagues: ['nba'] });
    assert.equal(payload.updatedAt, '2026-11-22T15:00:00.000Z');
    assert.equal(payload.stale, true);
  });

  it('still answers when the team directory fails, and fails as the service is down when the feed does', async () => {
    const feed = always({ games: [liveGame('nba', 'g1', ['NYK', 'BOS'])] });
    const withoutTeams = await scoresResource(fakeContext(NOW, { liveGames: feed }), { leagues: ['nba'] });
    assert.equal(withoutTeams.games[0]!.home.team.name, 'Boston Celtics');
    await assert.rejects(scoresResource(fakeContext(NOW, { teams }), { leagues: ['nba'] }), { code: 'upstream_unavailable' });
  });
});
