import type { League, Team } from './leagues.js';
import { seasonResults } from './season-results.js';

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

/** Standings count the regular season's final games since opening day (season-results.ts). */
export function standingsOf(league: League, nowMs: number): Map<Team, Standing> {
  const byPoints = league.standings === 'points';
  // A streak is a letter and a count; a points table (football's) writes a draw D.
  const drawLetter = byPoints ? 'D' : 'T';
  const table = new Map<Team, Standing & { results: string[] }>();
  for (const team of league.teams) {
    table.set(team, { wins: 0, losses: 0, ties: 0, pct: 0, pointsFor: 0, pointsAgainst: 0, streak: '', results: [] });
  }
  for (const { team, scored, allowed } of seasonResults(league, nowMs)) {
    const row = table.get(team)!;
    row.pointsFor += scored;
    row.pointsAgainst += allowed;
    const result = scored > allowed ? 'W' : scored < allowed ? 'L' : drawLetter;
    if (result === 'W') row.wins++;
    else if (result === 'L') row.losses++;
    else row.ties++;
    row.results.push(result);
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
      ...(byPoints ? { points: row.wins * 3 + row.ties } : {}),
    });
  }
  return standings;
}
