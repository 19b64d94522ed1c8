import type { TeamStatsPayload } from '../../../contract/season.js';
import { relayTerm, type Translate } from '../../i18n/translate.js';

/**
 * The reader's name for a statistic: the data service's key, translated from i18n/relay-terms.json's `stat` table;
 * a key the table does not know keeps the service's own description.
 */
export function statName(stat: TeamStatsPayload['stats'][number], t: Translate): string {
  return relayTerm(t, 'stat', stat.key, stat.label);
}
