// The relay on a sandbox that plays the real season calendar: off-season slates say when the league is back, quiet
// days name the next game day, tables agree with team statistics, postseason games carry their series, and a rained-out
// game says so. The next game day is searched once a day per league, whoever asks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as contract from '../../../../src/contract/index.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { addDays } from '../../../../src/sandbox/dates.js';
import { LEAGUES } from '../../../../src/sandbox/leagues.js';
import { slate } from '../../../../src/sandbox/schedule.js';
import { seasonOpening } from '../../../../src/sandbox/calendar/seasons.js';
import { conforms } from '../../../helpers/contract-checks.js';
import { runningClock } from '../../../helpers/clock.js';
import { addKey, testRelay, widgetGet } from '../../../helpers/relay.js';

async function relayAt(at: string): Promise<{ relay: RunningRelay; key: string; get: (path: string) => Promise<any> }> {
  const relay = await testRelay({ now: runningClock(at), sandbox: { now: Date.parse(at), rate: 0, calendar: 'season' } });
  const key = await addKey(relay, ['example.com']);
  const get = async (path: string) => {
    const answer = await widgetGet(relay, `${path}&key=${key}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };
  return { relay, key, get };
}

const units = (relay: RunningRelay) => relay.sandbox.accounts.used('sk_sandbox_pro');

describe('a December evening on the season calendar', () => {
  let bed: Awaited<ReturnType<typeof relayAt>>;
  before(async () => (bed = await relayAt('2026-12-15T17:00:00Z')));
  after(() => bed.relay.close());

  it('answers an off-season league with no games and the day its season opens', async () => {
    const before = units(bed.relay);
    const mlb = conforms(contract.scoresPayloadSchema, await bed.get('/v1/scores?league=mlb'), 'mlb');
    assert.deepEqual(mlb.games, []);
    assert.equal(mlb.next?.[0]?.date, seasonOpening('MLB', 2027).regular.start);
    assert.match(mlb.next?.[0]?.startTime ?? '', /^2027-03-2\dT/);
    const searched = units(bed.relay) - before;
    assert.ok(searched > 7 && searched <= 70, `${searched} upstream units for the search`);

    const again = units(bed.relay);
    const otherKey = await addKey(bed.relay, ['example.org']);
    await widgetGet(bed.relay, `/v1/scores?league=mlb&key=${otherKey}`, { origin: 'https://example.org' });
    await bed.get('/v1/scores?league=mlb&team=NYY');
    assert.ok(units(bed.relay) - again <= 2, 'other readers and keys do not search again');
  });

  it('gives no next day when the slate has games, or for another date', async () => {
    const nba = await bed.get('/v1/scores?league=nba');
    assert.ok(nba.games.length > 0);
    assert.equal(nba.next, undefined);
    const past = await bed.get(`/v1/scores?league=mlb&date=2026-12-14`);
    assert.equal(past.next, undefined);
  });

  it('shows a table about 27 games into the NBA season that agrees with team statistics', async () => {
    const table = conforms(contract.standingsPayloadSchema, await bed.get('/v1/standings?league=nba'), 'standings');
    const played = table.rows.map((row) => row.wins + row.losses);
    assert.ok(Math.min(...played) >= 25 && Math.max(...played) <= 30, played.join(','));
    const team = table.rows[0]!.team.abbreviation;
    const stats = conforms(contract.teamStatsPayloadSchema, await bed.get(`/v1/team-stats?league=nba&team=${team}`), 'team-stats');
    assert.equal(stats.gamesPlayed, played[0]);
  });
});

describe('the postseason on the season calendar', () => {
  let bed: Awaited<ReturnType<typeof relayAt>>;
  before(async () => (bed = await relayAt('2027-04-27T00:30:00Z')));
  after(() => bed.relay.close());

  it('gives each playoff game its round and where the series stands', async () => {
    const nba = conforms(contract.scoresPayloadSchema, await bed.get('/v1/scores?league=nba'), 'nba');
    assert.ok(nba.games.length > 0);
    for (const game of nba.games) {
      assert.equal(game.series?.round, 'First Round');
      assert.match(game.series?.summary ?? '', /Game \d|wins series|leads|tied/);
    }
    assert.ok(nba.games.some((game) => /Game 5 · (\w+ leads 3–1|Series tied 2–2)/.test(game.series!.summary)));
  });

  it('gives the betting routes of an off-season league the day it is back, as the scores route has it', async () => {
    const scores = await bed.get('/v1/scores?league=nfl');
    const odds = conforms(contract.oddsBoardPayloadSchema, await bed.get('/v1/odds?league=nfl'), 'odds');
    const splits = conforms(contract.bettingSplitsPayloadSchema, await bed.get('/v1/betting-splits?league=nfl'), 'splits');
    assert.deepEqual(odds.games, []);
    assert.equal(odds.next?.[0]?.date, seasonOpening('NFL', 2027).regular.start);
    assert.deepEqual(odds.next, scores.next);
    assert.deepEqual(splits.next, scores.next);
    const nba = await bed.get('/v1/odds?league=nba');
    assert.ok(nba.games.length > 0);
    assert.equal(nba.next, undefined, 'a slate with games has no next day');
  });

  it('numbers each series, so that elements can say it in any language', async () => {
    const nba = conforms(contract.scoresPayloadSchema, await bed.get('/v1/scores?league=nba'), 'nba');
    for (const { series, home, away, status } of nba.games) {
      assert.equal(series?.bestOf, 7);
      assert.ok(series.gameNumber! >= 1 && series.gameNumber! <= 7);
      const leader = series.wins!.home > series.wins!.away ? home : away;
      const [high, low] = [Math.max(series.wins!.home, series.wins!.away), Math.min(series.wins!.home, series.wins!.away)];
      // The numbers say what the feed's words say: before the game, the wins of the games already played.
      if (status !== 'final' && high > low) assert.match(series.summary, new RegExp(`${leader.team.abbreviation} leads ${high}–${low}$`));
      if (status !== 'final') assert.equal(high + low, series.gameNumber! - 1);
    }
  });

  it('shows an old date’s final scores, which the feed’s recent days no longer hold', async () => {
    const before = units(bed.relay);
    const old = conforms(contract.scoresPayloadSchema, await bed.get('/v1/scores?league=nba&date=2026-11-20'), 'old date');
    assert.ok(old.games.length > 0);
    for (const game of old.games) {
      assert.equal(game.status, 'final');
      assert.ok(game.home.score !== null && game.away.score !== null && game.home.score !== game.away.score, JSON.stringify(game));
    }
    const spent = units(bed.relay) - before;
    assert.ok(spent <= old.games.length + 3, `${spent} units: one a game at most, and the schedule`);
    const again = units(bed.relay);
    await bed.get('/v1/scores?league=nba&date=2026-11-20&team=BOS');
    assert.equal(units(bed.relay) - again, 0, 'the games looked up are not asked for again');
  });
});

describe('a rained-out game', () => {
  const season = seasonOpening('MLB', 2026);
  let rainout: { date: string; startMs: number; home: string } | undefined;
  for (let date = '2026-06-01'; !rainout && date <= season.regular.end; date = addDays(date, 1)) {
    const game = slate(LEAGUES.MLB, date).find((candidate) => candidate.postponed);
    if (game) rainout = { date, startMs: game.startMs, home: game.home.abbreviation };
  }
  let bed: Awaited<ReturnType<typeof relayAt>>;
  before(async () => (bed = await relayAt(new Date(rainout!.startMs + 3_600_000).toISOString())));
  after(() => bed.relay.close());

  it('stays scheduled and says postponed, and is made up the next day', async () => {
    const scores = conforms(contract.scoresPayloadSchema, await bed.get('/v1/scores?league=mlb'), 'mlb');
    const game = scores.games.find(
      (candidate) => candidate.home.team.abbreviation === rainout!.home && candidate.startTime === new Date(rainout!.startMs).toISOString(),
    );
    assert.ok(game, 'the rained-out game is on the slate');
    assert.equal(game.status, 'scheduled');
    assert.equal(game.interruption, 'postponed');
    const nextDay = await bed.get(`/v1/scores?league=mlb&date=${addDays(rainout!.date, 1)}`);
    assert.equal(nextDay.games.filter((candidate: any) => candidate.home.team.abbreviation === rainout!.home).length, 2, 'a doubleheader');
    const movement = conforms(
      contract.lineMovementPayloadSchema,
      await bed.get(`/v1/line-movement?league=mlb&gameId=${game.id}`),
      'line-movement',
    );
    assert.equal(movement.interruption, 'postponed', 'its line movement says why the line is off');
  });

  it('gives its pitching matchup no forecast, and says why', async () => {
    const scores = await bed.get('/v1/scores?league=mlb');
    const game = scores.games.find((candidate: any) => candidate.interruption === 'postponed');
    const matchup = conforms(contract.pitchingMatchupPayloadSchema, await bed.get(`/v1/pitching-matchup?gameId=${game.id}`), 'matchup');
    assert.equal(matchup.interruption, 'postponed');
    assert.equal(matchup.weather, null);
    assert.deepEqual(matchup.alerts, []);
  });
});

describe('a rained-out game a week later', () => {
  const rainout = { date: '2027-04-19', home: 'SD' };
  let bed: Awaited<ReturnType<typeof relayAt>>;
  before(async () => (bed = await relayAt('2027-04-27T00:30:00Z')));
  after(() => bed.relay.close());

  it('says postponed on its old date, never Final, beside the day’s final scores', async () => {
    assert.ok(slate(LEAGUES.MLB, rainout.date).some((game) => game.postponed && game.home.abbreviation === rainout.home));
    const day = conforms(contract.scoresPayloadSchema, await bed.get(`/v1/scores?league=mlb&date=${rainout.date}`), 'old date');
    const postponed = day.games.filter((game) => game.home.team.abbreviation === rainout.home);
    assert.equal(postponed.length, 1);
    assert.equal(postponed[0]!.status, 'scheduled');
    assert.equal(postponed[0]!.interruption, 'postponed');
    const played = day.games.filter((game) => game !== postponed[0]);
    assert.ok(played.every((game) => game.status === 'final' && game.home.score !== null));
    // A dated embed of it finds it, and says why there is no forecast.
    const matchup = await bed.get(`/v1/pitching-matchup?gameId=${postponed[0]!.id}&date=${rainout.date}`);
    assert.equal(matchup.interruption, 'postponed');
  });
});
