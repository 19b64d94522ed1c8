import { seasonAt, seasonOpening } from './calendar/seasons.js';
import { addDays, dateOf } from './dates.js';
import type { League, Team } from './leagues.js';
import { slate, snapshot } from './schedule.js';

/** One final game from one side: what standings, team statistics and form are all counted from. */
export interface TeamResult {
  team: Team;
  scored: number;
  allowed: number;
  startMs: number;
}

/**
 * The days a table counts: the regular season from opening day (a finished season's table stands until the next one
 * opens). The round-the-clock calendar plays every team every day, so its table starts on the first of the month.
 */
function tableSpan(league: League, today: string): { start: string; end: string } {
  if (league.calendar === 'round-the-clock') return { start: `${today.slice(0, 7)}-01`, end: today };
  const season = seasonAt(league.code, today);
  const { regular } = today < season.regular.start ? seasonOpening(league.code, season.year - 1) : season;
  return { start: regular.start, end: today < regular.end ? today : regular.end };
}

const settled = new Map<string, { results: TeamResult[]; finalFromMs: number }>();

/** Final results of one date's games at `nowMs`; kept for later asks once every game of the date is final. */
function resultsOn(league: League, date: string, nowMs: number): TeamResult[] {
  const id = `${league.calendar}:${league.code}:${date}`;
  const hit = settled.get(id);
  if (hit && nowMs >= hit.finalFromMs) return hit.results;
  const results: TeamResult[] = [];
  let finalFromMs = 0;
  for (const game of slate(league, date)) {
    const snap = snapshot(game, nowMs);
    finalFromMs = Math.max(finalFromMs, snap.endMs);
    if (snap.status !== 'final') continue;
    results.push(
      { team: game.home, scored: snap.score.home, allowed: snap.score.away, startMs: game.startMs },
      { team: game.away, scored: snap.score.away, allowed: snap.score.home, startMs: game.startMs },
    );
  }
  if (nowMs >= finalFromMs) {
    if (settled.size > 20_000) settled.delete(settled.keys().next().value!);
    settled.set(id, { results, finalFromMs });
  }
  return results;
}

/** Every team's final results over the table's days up to `through` (inclusive), oldest first. */
export function seasonResults(league: League, nowMs: number, through: string = dateOf(nowMs)): TeamResult[] {
  const { start, end } = tableSpan(league, through);
  const results: TeamResult[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) results.push(...resultsOn(league, date, nowMs));
  return results.sort((a, b) => a.startMs - b.startMs);
}
