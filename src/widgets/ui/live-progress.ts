import type { Game } from '../../contract/scores.js';
import type { Translate } from '../i18n/translate.js';
import { REGULATION_PERIODS } from '../../contract/leagues.js';
import { isSoccer } from '../../contract/soccer.js';
import { ordinal } from './ordinal.js';

/** A period's short name: Q3, 2nd Half, 2nd (hockey), OT, 2OT. */
function periodName(t: Translate, league: string, period: number): string {
  // Payloads name leagues by their code (the relay validated it); one this script does not know yet counts four periods.
  // A bout's rounds (R2) are never overtime, however many it is scheduled for.
  if (league === 'mma') return t('period.round', 'R{n}', { n: period });
  const regulation = (REGULATION_PERIODS as Partial<Record<string, number>>)[league] ?? 4;
  if (period > regulation) {
    const overtime = period - regulation;
    return overtime === 1 ? t('period.overtime', 'OT') : t('period.overtimeNumbered', '{n}OT', { n: overtime });
  }
  if (league === 'nhl') return t('period.hockey', '{ordinal}', { ordinal: ordinal(t, period) });
  if (regulation === 2) return period === 1 ? t('period.firstHalf', '1st Half') : t('period.secondHalf', '2nd Half');
  return t('period.quarter', 'Q{n}', { n: period });
}

/** Where a game in progress stands, from the relay's structured progress (its display text is English). */
export function progressText(game: Game, t: Translate): string {
  const progress = game.progress;
  if (!progress) return t('status.live', 'Live');
  const { period, segment } = progress;
  if (isSoccer(game.league)) {
    if (segment === 'halftime') return t('soccer.halftime', 'HT');
    // The minute (67', 45+2') reads the same in every language, isolated left to right so an Arabic page does not
    // write '67; a relay that sends none still has the display text.
    return progress.minute ? `\u2066${progress.minute}\u2069` : progress.display || t('status.live', 'Live');
  }
  if (game.league === 'mlb') {
    const inning = ordinal(t, period);
    if (segment === 'middle') return t('inning.middle', 'Mid {inning}', { inning });
    if (segment === 'end') return t('inning.end', 'End {inning}', { inning });
    const half = segment === 'bottom' ? t('inning.bottom', 'Bot {inning}', { inning }) : t('inning.top', 'Top {inning}', { inning });
    if (progress.outs === undefined) return half;
    const outs = t('inning.outs', { one: '{count} out', other: '{count} outs' }, { count: progress.outs });
    return t('inning.withOuts', '{half}, {outs}', { half, outs });
  }
  if (segment === 'shootout') return t('period.shootout', 'Shootout');
  if (segment === 'halftime') return t('status.halftime', 'Halftime');
  const name = periodName(t, game.league, period);
  if (segment === 'end') return t('status.endOfPeriod', 'End of {period}', { period: name });
  if (segment === 'intermission') return t('status.intermission', '{period} Intermission', { period: name });
  return progress.clock ? t('status.clock', '{period} {clock}', { period: name, clock: progress.clock }) : name;
}
