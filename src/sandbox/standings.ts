import { addDays, dateOf } from './dates.js';
import type { League, Team } from './leagues.js';
import { slate, snapshot } from './schedule.js';

export interface Standing {
  wins: number;
  losses: number;
  ties: number;
  pct: number;
  pointsFor: number;
  pointsAgainst: number;
  streak: string;
  /**
   * Soccer only: league points, three for a win and one for a draw. The spec shows no points field; this is the
   * shape the sandbox chose (the relay computes points itself when an answer has none). Draws are the spec's `ties`.
   */
  points?: number;
}

/**
 * Standings count the final games of the current calendar month: the sandbox's season restarts each month,
 * which keeps records plausible in size while every number stays traceable to a game.
 */
export function standingsOf(league: League, nowMs: number): Map<Team, Standing> {
  const soccer = league.sport === 'soccer';
  // A streak is a letter and a count; football writes a draw D.
  const drawLetter = soccer ? 'D' : 'T';
  const table = new Map<Team, Standing & { results: string[] }>();
  for (const team of league.teams) {
    table.set(team, { wins: 0, losses: 0, ties: 0, pct: 0, pointsFor: 0, pointsAgainst: 0, streak: '', results: [] });
  }
  const today = dateOf(nowMs);
  for (let date = `${today.slice(0, 7)}-01`; date <= today; date = addDays(date, 1)) {
    for (const game of slate(league, date)) {
      const snap = snapshot(game, nowMs);
      if (snap.status !== 'final') continue;
      const sides = [
        [game.home, snap.score.home, snap.score.away],
        [game.away, snap.score.away, snap.score.home],
      ] as const;
      for (const [team, scored, allowed] of sides) {
        const row = table.get(team)!;
        row.pointsFor += scored;
        row.pointsAgainst += allowed;
        const result = scored > allowed ? 'W' : scored < allowed ? 'L' : drawLetter;
        if (result === 'W') row.wins++;
        else if (result === 'L') row.losses++;
        else row.ties++;
        row.results.push(result);
      }
    }
  }
  const standings = new Map<Team, Standing>();
  for (const [team, { results, ...row }] of table) {
    const played = row.wins + row.losses + row.ties;
    const last = results.at(-1);
    let run = 0;
    for (let i = results.length - 1; i >= 0 && results[i] === last; i--) run++;
    standings.set(team, {
      ...row,
      pct: played === 0 ? 0 : Math.round(((row.wins + row.ties / 2) / played) * 1000) / 1000,
      streak: last ? `${last}${run}` : '',
      ...(soccer ? { points: row.wins * 3 + row.ties } : {}),
    });
  }
  return standings;
}
