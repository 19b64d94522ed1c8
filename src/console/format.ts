/** Numbers and dates as the operator's browser writes them (the console's words stay English). */
const locale = navigator.language || 'en';
const numbers = new Intl.NumberFormat(locale);
const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const count = (value: number) => numbers.format(value);
export const share = (value: number) => percent.format(value);
export const when = (value: string | number) => dateTime.format(new Date(value));
/** A UTC day (YYYY-MM-DD), as metering counts days. */
export const day = (value: string) => shortDay.format(new Date(`${value}T00:00:00Z`));
