import type { Localized, Translate } from '../i18n/translate.js';
import { leagueRecord, type Sport } from '../../contract/leagues.js';

/** A college league's name, by its sport: the reader's words for it. */
const COLLEGE_NAMES: Partial<Record<Sport, (t: Translate) => string>> = {
  football: (t) => t('league.collegeFootball', 'College football'),
  basketball: (t) => t('league.collegeBasketball', 'College basketball'),
};

/** A league's name: its own abbreviation (NBA, NFL) where it has one the world uses. */
function leagueName(code: string, { t }: Localized): string {
  // Any other code (one this script does not know yet) is written as it is.
  const league = leagueRecord(code);
  return (league?.college && COLLEGE_NAMES[league.sport]?.(t)) || code.toUpperCase();
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
