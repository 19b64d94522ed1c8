import type { ScoresPayload } from '../../contract/scores.js';

const NAMES: Record<string, string> = {
  nfl: 'NFL',
  nba: 'NBA',
  wnba: 'WNBA',
  mlb: 'MLB',
  nhl: 'NHL',
  cfb: 'College football',
  ncaaf: 'College football',
  ncaab: 'College basketball',
  cbb: 'College basketball',
};

/** "NBA and NHL" from `nba,nhl`, for accessible names. */
export function leagueNames(leagues: string): string {
  const names = leagues
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean)
    .map((code) => NAMES[code] ?? code.toUpperCase());
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
}

/** Live slates refresh often, quiet ones rarely (the relay caches on the same rhythm). */
export function scoresRefreshMs(data: ScoresPayload): number {
  if (data.games.some((game) => game.status === 'live')) return 15_000;
  if (data.games.some((game) => game.status === 'scheduled')) return 60_000;
  return 300_000;
}
