import type { ScoresPayload } from '../../contract/scores.js';
import type { Localized } from '../i18n/translate.js';
import { formatDay } from '../runtime/format.js';
import { startLabel } from './start-time.js';

const WEEK_DAYS = 7;

/**
 * What an empty current slate says: the next game day the relay found (contract revision 5), as a time within the
 * week, or as the day the league is back after a break or an off-season; else the element's own sentence.
 */
export function noGamesText(data: ScoresPayload, localized: Localized, otherwise: string): string {
  const first = data.next?.sort((a, b) => a.daysAhead - b.daysAhead)[0];
  if (!first) return otherwise;
  const next = first.startTime ?? `${first.date}T12:00:00Z`;
  const { t } = localized;
  if (first.daysAhead <= WEEK_DAYS) return t('scores.nextDay', 'No games today. Next: {when}.', { when: startLabel(next, localized) });
  return t('scores.offSeason', 'Off-season. Back {when}.', { when: formatDay(next, localized) });
}
