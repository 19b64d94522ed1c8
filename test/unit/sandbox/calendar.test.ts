// The sandbox's season calendar against public facts: which leagues play when, on which weekdays, at what local hours,
// and how many games teams have played. Dates are fixed, so the answers do not depend on the day of the run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays } from '../../../src/sandbox/dates.js';
import { LEAGUES, type LeagueCode } from '../../../src/sandbox/leagues.js';
import { postseasonOf, slate, type Game } from '../../../src/sandbox/schedule.js';
import { standingsOf } from '../../../src/sandbox/standings.js';
import { teamStatLines } from '../../../src/sandbox/team-stats.js';
import { seasonAt, seasonOpening } from '../../../src/sandbox/calendar/seasons.js';
import { homeZoneOf } from '../../../src/sandbox/calendar/time-zones.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function wallClock(ms: number, zone: string): { weekday: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return { weekday: parts.weekday!, time: `${parts.hour}:${parts.minute}` };
}

function gamesBetween(code: LeagueCode, start: string, end: string): Game[] {
  const games: Game[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) games.push(...slate(LEAGUES[code], date));
  return games;
}

function gamesPlayed(code: LeagueCode, at: string): number[] {
  return [...standingsOf(LEAGUES[code], Date.parse(at)).values()].map((row) => row.wins + row.losses + row.ties);
}

describe('the season calendar', () => {
  it('plays each league only within its season: no MLB or WNBA in December, no NBA in August', () => {
    const december = '2026-12-08';
    const playing = (Object.keys(LEAGUES) as LeagueCode[]).filter((code) => gamesBetween(code, december, addDays(december, 6)).length > 0);
    assert.deepEqual(playing.sort(), ['MMA', 'NBA', 'NCAAB', 'NFL', 'NHL']);
    assert.equal(gamesBetween('NBA', '2026-07-01', '2026-08-31').length, 0);
    assert.equal(gamesBetween('MLB', '2026-03-25', '2026-03-25').length, 0, 'the day before Opening Day');
    assert.ok(gamesBetween('MLB', '2026-03-26', '2026-03-26').length > 0, 'Opening Day, 26 March 2026');
    assert.equal(gamesBetween('MLS', '2026-06-11', '2026-07-15').length, 0, 'MLS pauses for the World Cup');
    assert.equal(seasonAt('NBA', '2026-12-15').label, '2026-27');
    assert.equal(seasonAt('MLB', '2026-12-15').label, '2026');
  });

  it('plays the NFL on Thursday, Sunday and Monday, with Saturdays late in the season and a bye for every team', () => {
    const season = seasonOpening('NFL', 2026);
    const games = gamesBetween('NFL', season.regular.start, season.regular.end);
    assert.equal(games.length, 272, '17 games for each of 32 teams');
    const times = new Set<string>();
    for (const game of games) {
      const { weekday, time } = wallClock(game.startMs, 'America/New_York');
      assert.ok(['Thu', 'Sat', 'Sun', 'Mon'].includes(weekday), `${game.ids.slug} on a ${weekday}`);
      if (weekday === 'Sat') assert.ok(game.date >= '2026-12-17', `Saturday games only late in the season (${game.date})`);
      if (weekday === 'Sun') times.add(time);
    }
    assert.deepEqual([...times].sort(), ['13:00', '16:05', '16:25', '20:20']);
    const thanksgiving = slate(LEAGUES.NFL, '2026-11-26');
    assert.equal(thanksgiving.length, 3, 'three games on Thanksgiving');
    assert.ok(gamesPlayed('NFL', '2027-01-12T12:00:00Z').every((played) => played === 17));
  });

  it('starts NBA, NHL and MLB games in the evening in the home team’s time zone, with weekend day games', () => {
    for (const code of ['NBA', 'NHL', 'MLB'] as const) {
      const start = code === 'MLB' ? '2026-06-01' : '2026-12-01';
      const games = gamesBetween(code, start, addDays(start, 13));
      let dayGames = 0;
      for (const game of games) {
        const { weekday, time } = wallClock(game.startMs, homeZoneOf(game.home));
        const weekend = weekday === 'Sat' || weekday === 'Sun';
        const doubleheader = games.filter((other) => other.date === game.date && other.home === game.home).length > 1;
        if (time < '17:00') dayGames++;
        if (!weekend && !doubleheader && !(code === 'MLB' && (weekday === 'Wed' || weekday === 'Thu')))
          assert.ok(time >= '18:30' && time <= '20:00', `${code} ${game.ids.slug} on a ${weekday} at ${time} local`);
      }
      assert.ok(dayGames > 0, `${code} plays some day games`);
      const perDay = games.length / 14;
      const expected = { NBA: [5, 10], NHL: [5, 10], MLB: [11, 15] }[code];
      assert.ok(perDay >= expected[0]! && perDay <= expected[1]!, `${code}: ${perDay.toFixed(1)} games a day`);
    }
  });

  it('files a West Coast late game under its Eastern date though it starts on the next UTC day', () => {
    const late = gamesBetween('NBA', '2026-12-01', '2026-12-14').find(
      (game) => new Date(game.startMs).toISOString().slice(0, 10) > game.date,
    );
    assert.ok(late, 'a late game crosses midnight UTC');
    assert.equal(wallClock(late.startMs, 'America/New_York').time >= '19:00', true);
  });

  it('adds a season up from opening day: ~25 NBA games on 15 December, a full season at its end', () => {
    const december = gamesPlayed('NBA', '2026-12-15T12:00:00Z');
    assert.ok(Math.min(...december) >= 24 && Math.max(...december) <= 30, `NBA ${Math.min(...december)}–${Math.max(...december)}`);
    assert.ok(Math.max(...december) - Math.min(...december) <= 2, 'teams within a game or two of each other');
    const ends: Array<[LeagueCode, string, number]> = [
      ['NBA', '2027-04-12T12:00:00Z', 82],
      ['NHL', '2027-04-16T12:00:00Z', 82],
      ['MLB', '2026-09-28T12:00:00Z', 162],
      ['WNBA', '2026-09-14T12:00:00Z', 44],
      ['MLS', '2026-11-01T12:00:00Z', 34],
      ['CFB', '2026-12-01T12:00:00Z', 12],
      ['NCAAB', '2027-03-15T12:00:00Z', 31],
    ];
    for (const [code, at, full] of ends) {
      const played = gamesPlayed(code, at);
      assert.ok(Math.abs(Math.min(...played) - full) <= 1 && Math.abs(Math.max(...played) - full) <= 1, `${code}: ${played.join(',')}`);
    }
  });

  it('agrees with team statistics: games played are the table’s games through the day before', () => {
    // At noon UTC no game of the day has been played, so the table holds exactly the games through the day before.
    const at = Date.parse('2026-12-15T12:00:00Z');
    const yesterday = standingsOf(LEAGUES.NBA, at);
    for (const line of teamStatLines(LEAGUES.NBA, at)) {
      const row = yesterday.get(line.team)!;
      assert.equal(line.gp, row.wins + row.losses, line.team.abbreviation);
    }
  });

  it('shows the last season’s final table through the off-season', () => {
    assert.ok(gamesPlayed('MLB', '2027-01-20T12:00:00Z').every((played) => Math.abs(played - 162) <= 1));
    assert.ok(
      gamesPlayed('NHL', '2026-10-01T12:00:00Z').every((played) => Math.abs(played - 82) <= 1),
      'before opening night',
    );
  });

  it('names each weekday a league plays on, as its rhythm says', () => {
    const byWeekday = (code: LeagueCode, start: string, days: number) => {
      const counts = new Map<string, number>();
      for (const game of gamesBetween(code, start, addDays(start, days - 1))) {
        const { weekday } = wallClock(game.startMs - 5 * 3_600_000, 'UTC');
        counts.set(weekday, (counts.get(weekday) ?? 0) + 1);
      }
      return WEEKDAYS.filter((weekday) => counts.has(weekday));
    };
    assert.deepEqual(
      byWeekday('CFB', '2026-09-14', 56),
      ['Thu', 'Fri', 'Sat'],
      'college football: Saturdays, with Thursday and Friday nights',
    );
    assert.deepEqual(byWeekday('MMA', '2026-09-07', 56), ['Fri', 'Sat'], 'MMA cards on Saturdays and some Fridays');
    assert.equal(gamesBetween('MMA', '2026-12-21', '2027-01-08').length, 0, 'no cards over the holidays');
  });

  it('plays the postseason in series from the final table, to a champion', () => {
    const nba = seasonOpening('NBA', 2026);
    const playoffs = postseasonOf(LEAGUES.NBA, nba);
    const table = standingsOf(LEAGUES.NBA, Date.parse('2027-04-13T12:00:00Z'));
    const seeds = [...table.entries()].sort(([, a], [, b]) => b.pct - a.pct).map(([team]) => team);
    const entrants = new Set(
      playoffs.games.filter((game) => game.series.round === 'First Round').flatMap((game) => [game.home, game.away]),
    );
    assert.equal(entrants.size, 16);
    assert.ok(
      seeds.slice(0, 10).every((team) => entrants.has(team)),
      'the best records make the playoffs',
    );
    for (const game of playoffs.games) {
      const wins = Object.values(game.series.wins);
      assert.ok(
        wins.every((count) => count < 4),
        'no game after a side has won four',
      );
      assert.ok(game.date >= nba.postseason!.start && game.date <= nba.postseason!.end);
    }
    const finals = playoffs.games.filter((game) => game.series.round === 'NBA Finals');
    assert.ok(finals.length >= 4 && finals.length <= 7);
    assert.ok(playoffs.champion && [finals[0]!.home, finals[0]!.away].includes(playoffs.champion));
    const championships = slate(LEAGUES.CFB, seasonOpening('CFB', 2026).regular.end);
    assert.ok(championships.length > 0 && championships.every((game) => game.series?.round === 'Conference Championship'));
    const superBowl = slate(LEAGUES.NFL, '2027-02-14');
    assert.equal(superBowl.length, 1);
    assert.equal(superBowl[0]!.series?.round, 'Super Bowl');
    assert.equal(wallClock(superBowl[0]!.startMs, 'America/New_York').time, '18:30');
  });

  it('rains out some open-air baseball games and makes each up in a doubleheader the next day', () => {
    const season = seasonOpening('MLB', 2026);
    const games = gamesBetween('MLB', season.regular.start, season.regular.end);
    const postponed = games.filter((game) => game.postponed);
    assert.ok(postponed.length >= 10 && postponed.length <= 60, `${postponed.length} rainouts`);
    for (const game of postponed.filter((candidate) => candidate.date < season.regular.end)) {
      const nextDay = games.filter((other) => other.date === addDays(game.date, 1) && other.home === game.home && other.away === game.away);
      assert.equal(nextDay.length, 2, `${game.ids.slug} made up the next day`);
      assert.notEqual(nextDay[0]!.ids.slug, nextDay[1]!.ids.slug, 'each game of a doubleheader has its own id');
    }
  });
});
