import type { BoutEnding } from '../../contract/mma.js';
import type { Translate } from '../i18n/translate.js';

/** How a fight ended, in the reader's words: "KO/TKO", "Decision (split)". */
export function boutMethod({ method, verdict }: Pick<BoutEnding, 'method' | 'verdict'>, t: Translate): string {
  const name = {
    'ko-tko': t('mma.koTko', 'KO/TKO'),
    submission: t('mma.submission', 'Submission'),
    decision: t('mma.decision', 'Decision'),
    draw: t('mma.draw', 'Draw'),
    'no-contest': t('mma.noContest', 'No contest'),
  }[method];
  if (!verdict) return name;
  const how = { unanimous: t('mma.unanimous', 'unanimous'), split: t('mma.split', 'split'), majority: t('mma.majority', 'majority') }[
    verdict
  ];
  return t('mma.withVerdict', '{method} ({verdict})', { method: name, verdict: how });
}

/** The method, the round and the time in it: "KO/TKO · R2 3:14". */
export function boutEndingText(ending: BoutEnding, t: Translate): string {
  return t('mma.ending', '{method} · R{round} {time}', { method: boutMethod(ending, t), round: ending.round, time: ending.time });
}
