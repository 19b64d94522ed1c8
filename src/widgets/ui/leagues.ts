import type { ScoresPayload } from '../../contract/scores.js';
import type { Localized } from '../i18n/translate.js';

/** A league's name: its own abbreviation (NBA, NFL) where it has one the world uses. */
function leagueName(code: string, { t }: Localized): string {
  if (code === 'cfb' || code === 'ncaaf') return t('league.collegeFootball', 'College football');
  if (code === 'ncaab' || code === 'cbb') return t('league.collegeBasketball', 'College basketball');
  return code.toUpperCase();
}

/** "NBA and NHL" from `nba,nhl`, for accessible names. */
export function leagueNames(leagues: string, localized: Localized): string {
  const names = leagues
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean)
    .map((code) => leagueName(code, localized));
  return new Intl.ListFormat(localized.locale, { type: 'conjunction' }).format(names);
}

/** Live slates refresh often, quiet ones rarely (the relay caches on the same rhythm). */
export function scoresRefreshMs(data: ScoresPayload): number {
  if (data.games.some((game) => game.status === 'live')) return 15_000;
  if (data.games.some((game) => game.status === 'scheduled')) return 60_000;
  return 300_000;
}
