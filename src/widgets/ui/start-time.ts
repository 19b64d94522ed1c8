import type { Localized } from '../i18n/translate.js';
import { formatStartTime, safeTimeZone, sameDay } from '../runtime/format.js';
import { relayNow } from '../runtime/relay-time.js';

/**
 * When a game starts, with its weekday when that is not the day of `now` where the reader is (today, or a card's
 * start): "7:30 PM", "Sat 1:30 AM". A slate runs past midnight; a time alone would read as that day's.
 */
export function startLabel(iso: string, localized: Localized, now = relayNow()): string {
  const start = new Date(iso);
  if (sameDay(start, now, localized.timeZone)) return formatStartTime(iso, localized);
  return new Intl.DateTimeFormat(localized.locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: safeTimeZone(localized.timeZone),
  }).format(start);
}
