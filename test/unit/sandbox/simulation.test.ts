import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays } from '../../../src/sandbox/dates.js';
import { leaguesOn, type LeagueCode } from '../../../src/sandbox/leagues.js';
import { marketView } from '../../../src/sandbox/markets.js';
import { scriptOf, slate, snapshot, type Game } from '../../../src/sandbox/schedule.js';

/** The simulation, on the calendar where every league plays every day (the season calendar has its own tests). */
const LEAGUES = leaguesOn('round-the-clock');

const DAYS = 40;

function gamesOf(code: LeagueCode): Game[] {
  const games: Game[] = [];
  for (let day = 0; day < DAYS; day++) games.push(...slate(LEAGUES[code], addDays('2026-09-01', day)));
  return games;
}

function finalScore(game: Game) {
  return snapshot(game, game.startMs + 10 * 86_400_000).score;
}

const PLAUSIBLE_TOTALS: Record<string, [number, number]> = {
  NBA: [215, 240],
  WNBA: [150, 180],
  NCAAB: [130, 160],
  NFL: [38, 52],
  CFB: [46, 66],
  NHL: [5, 7.5],
  MLB: [7.5, 11],
  MLS: [2.4, 3.4],
};

describe('simulated games across many slates', () => {
  for (const [code, [low, high]] of Object.entries(PLAUSIBLE_TOTALS) as Array<[LeagueCode, [number, number]]>) {
    it(`${code}: average totals are plausible and favourites win more often`, () => {
      const games = gamesOf(code);
      let total = 0;
      let favouriteWins = 0;
      let decided = 0;
      for (const game of games) {
        const score = finalScore(game);
        total += score.home + score.away;
        const pregame = marketView(snapshot(game, game.startMs - 1), game.startMs - 1);
        if (Math.abs(pregame.homeWinProbability - 0.5) < 0.15 || score.home === score.away) continue;
        decided++;
        if (pregame.homeWinProbability > 0.5 === score.home > score.away) favouriteWins++;
      }
      const average = total / games.length;
      assert.ok(average >= low && average <= high, `average total ${average.toFixed(1)} outside ${low}–${high}`);
      assert.ok(favouriteWins / decided > 0.58, `clear favourites won ${((100 * favouriteWins) / decided).toFixed(0)}% of ${decided}`);
    });
  }

  it('no team plays two games at once, across day boundaries too', () => {
    for (const code of Object.keys(PLAUSIBLE_TOTALS) as LeagueCode[]) {
      const busy = new Map<string, number>();
      for (const game of gamesOf(code)) {
        for (const team of [game.home, game.away]) {
          const freeAt = busy.get(team.abbreviation) ?? 0;
          assert.ok(game.startMs >= freeAt, `${code} ${team.abbreviation} double-booked on ${game.date}`);
          busy.set(team.abbreviation, game.startMs + game.plannedMs);
        }
      }
    }
  });

  it('ties are settled the way each sport settles them', () => {
    const seen = { basketballOvertime: 0, hockeyOvertime: 0, shootout: 0, extraInnings: 0, nflTie: 0, collegeOvertime: 0 };
    for (const code of ['NBA', 'NHL', 'MLB', 'NFL', 'CFB'] as LeagueCode[]) {
      for (const game of gamesOf(code)) {
        const script = scriptOf(game);
        const last = script.stateAt(script.endUnit);
        const score = finalScore(game);
        if (code !== 'NFL') assert.notEqual(score.home, score.away, `${code} ${game.ids.slug} ended level`);
        if (code === 'NBA' && last.period > 4) {
          seen.basketballOvertime++;
          assert.match(last.periodLabel, /^\d*OT$/);
        }
        if (code === 'NHL' && last.periodLabel === 'OT') seen.hockeyOvertime++;
        if (code === 'NHL' && last.periodLabel === 'SO') {
          seen.shootout++;
          assert.equal(Math.abs(score.home - score.away), 1, 'a shootout win counts one goal');
        }
        if (code === 'MLB') {
          assert.ok(last.period >= 9, 'nine innings at least');
          if (last.period > 9) seen.extraInnings++;
          if (last.segment === 'top' || last.segment === 'middle')
            assert.ok(score.home > score.away, 'only a leading home side skips its last at-bat');
        }
        if (code === 'NFL' && score.home === score.away) {
          seen.nflTie++;
          assert.equal(last.periodLabel, 'OT', 'an NFL tie goes through overtime first');
        }
        if (code === 'CFB' && last.period > 4) seen.collegeOvertime++;
      }
    }
    for (const [what, count] of Object.entries(seen)) {
      if (what !== 'nflTie') assert.ok(count > 0, `expected at least one game with ${what} in ${DAYS} days`);
    }
  });
});
