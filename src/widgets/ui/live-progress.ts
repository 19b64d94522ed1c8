import type { Game } from '../../contract/scores.js';
import type { Translate } from '../i18n/translate.js';
import { leagueRecord, type League } from '../../contract/leagues.js';
import { ordinal } from './ordinal.js';

/** A league this script does not know yet (payloads name leagues by the code the relay validated): four quarters. */
const UNKNOWN: Pick<League, 'progress' | 'regulationPeriods'> = { progress: 'quarters', regulationPeriods: 4 };

/** A period's short name: Q3, 2nd Half, 2nd (hockey), R2 (a bout's), OT, 2OT. */
function periodName(t: Translate, { progress, regulationPeriods }: Pick<League, 'progress' | 'regulationPeriods'>, period: number): string {
  // A bout's rounds are never overtime, however many it is scheduled for.
  if (progress === 'rounds') return t('period.round', 'R{n}', { n: period });
  if (period > regulationPeriods) {
    const overtime = period - regulationPeriods;
    return overtime === 1 ? t('period.overtime', 'OT') : t('period.overtimeNumbered', '{n}OT', { n: overtime });
  }
  if (progress === 'periods') return t('period.hockey', '{ordinal}', { ordinal: ordinal(t, period) });
  if (progress === 'halves') return period === 1 ? t('period.firstHalf', '1st Half') : t('period.secondHalf', '2nd Half');
  return t('period.quarter', 'Q{n}', { n: period });
}

/** Where a game in progress stands, from the relay's structured progress (its display text is English). */
export function progressText(game: Game, t: Translate): string {
  const progress = game.progress;
  if (!progress) return t('status.live', 'Live');
  const { period, segment } = progress;
  const league = leagueRecord(game.league) ?? UNKNOWN;
  if (league.progress === 'minutes') {
    if (segment === 'halftime') return t('soccer.halftime', 'HT');
    // The minute (67', 45+2') reads the same in every language, isolated left to right so an Arabic page does not
    // write '67; a relay that sends none still has the display text.
    return progress.minute ? `\u2066${progress.minute}\u2069` : progress.display || t('status.live', 'Live');
  }
  if (league.progress === 'innings') {
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
  const name = periodName(t, league, period);
  if (segment === 'end') return t('status.endOfPeriod', 'End of {period}', { period: name });
  if (segment === 'intermission') return t('status.intermission', '{period} Intermission', { period: name });
  return progress.clock ? t('status.clock', '{period} {clock}', { period: name, clock: progress.clock }) : name;
}
