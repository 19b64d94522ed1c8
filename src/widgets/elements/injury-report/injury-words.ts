import { relayTerm, termKey as slug, type Translate } from '../../i18n/translate.js';

/** Out, Questionable, 15-Day IL… */
export function injuryStatus(t: Translate, status: string): string {
  const injuredList = /^(\d+)-day il$/i.exec(status.trim());
  if (injuredList) return t('injury.injuredList', '{days}-Day IL', { days: Number(injuredList[1]) });
  return relayTerm(t, 'injury', slug(status), status);
}

/** Knee, Hamstring, Illness… */
export function injuryReason(t: Translate, reason: string): string {
  return relayTerm(t, 'reason', slug(reason), reason);
}

/** NFL practice participation: DNP (did not practise), Limited, Full. */
export function practiceText(t: Translate, practice: string): string {
  return relayTerm(t, 'practice', slug(practice), practice);
}
