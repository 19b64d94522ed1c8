import type { Localized } from '../i18n/translate.js';
import { formatStartTime, safeTimeZone } from '../runtime/format.js';

/**
 * When a game starts, with its weekday when that is not the day of `now` where the reader is (today, or a card's
 * start): "7:30 PM", "Sat 1:30 AM". A slate runs past midnight; a time alone would read as that day's.
 */
export function startLabel(iso: string, localized: Localized, now = Date.now()): string {
  const timeZone = safeTimeZone(localized.timeZone);
  const dayOf = (at: Date | number) => new Intl.DateTimeFormat('en', { dateStyle: 'short', timeZone }).format(at);
  const start = new Date(iso);
  if (dayOf(start) === dayOf(now)) return formatStartTime(iso, localized);
  return new Intl.DateTimeFormat(localized.locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone }).format(start);
}
