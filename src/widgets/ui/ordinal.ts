import type { Translate } from '../i18n/translate.js';

/** 1st, 2nd, 3rd… in the reader's language. */
export function ordinal(t: Translate, n: number): string {
  return t('number.ordinal', { one: '{nth}st', two: '{nth}nd', few: '{nth}rd', other: '{nth}th' }, { nth: n });
}
