import type { NextGameDay } from '../../contract/scores.js';
import type { Localized } from '../i18n/translate.js';
import { formatDay } from '../runtime/format.js';
import { startLabel } from './start-time.js';

const WEEK_DAYS = 7;

/**
 * What an empty current slate says: the next game day the relay found (contract revision 5), as a time within the
 * week, or as the day the league is back after a break or an off-season; else the element's own sentence. The betting
 * elements (`lines`) say also that without games there are no lines.
 */
export function noGamesText(data: { next?: NextGameDay[] }, localized: Localized, otherwise: string, lines = false): string {
  const first = data.next?.sort((a, b) => a.daysAhead - b.daysAhead)[0];
  if (!first) return otherwise;
  const next = first.startTime ?? `${first.date}T12:00:00Z`;
  const { t } = localized;
  if (first.daysAhead <= WEEK_DAYS) {
    const when = startLabel(next, localized);
    return lines
      ? t('betting.nextDay', 'No games today, so no lines. Next: {when}.', { when })
      : t('scores.nextDay', 'No games today. Next: {when}.', { when });
  }
  const when = formatDay(next, localized);
  const text = lines
    ? t('betting.offSeason', 'Off-season, so no lines. Back {when}.', { when })
    : t('scores.offSeason', 'Off-season. Back {when}.', { when });
  // A day written with an abbreviation ("Do., 9. Sept.") ends the sentence itself.
  return text.replace(/\.\.$/, '.');
}
