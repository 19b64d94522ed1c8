/**
 * The browser's first language that Intl can write, else Intl's own default: a tag it rejects (WebKitGTK passes on
 * the POSIX locale "C") must not stop the console from starting.
 */
function operatorLocale(): string | undefined {
  for (const tag of navigator.languages) {
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      // Not a BCP 47 tag: try the next one.
    }
  }
  return undefined;
}

/** Numbers and dates as the operator's browser writes them (the console's words stay English). */
const locale = operatorLocale();
const numbers = new Intl.NumberFormat(locale);
const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const count = (value: number) => numbers.format(value);
export const share = (value: number) => percent.format(value);
export const when = (value: string | number) => dateTime.format(new Date(value));
/** A UTC day (YYYY-MM-DD), as metering counts days. */
export const day = (value: string) => shortDay.format(new Date(`${value}T00:00:00Z`));
