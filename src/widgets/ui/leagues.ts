import type { Localized } from '../i18n/translate.js';
import { LEAGUE_ALIASES } from '../../contract/leagues.js';

/** A league's name: its own abbreviation (NBA, NFL) where it has one the world uses. */
function leagueName(code: string, { t }: Localized): string {
  // Any other code is written as it is, so the list of leagues need not ship.
  const league = LEAGUE_ALIASES[code] ?? code;
  if (league === 'cfb') return t('league.collegeFootball', 'College football');
  if (league === 'ncaab') return t('league.collegeBasketball', 'College basketball');
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
