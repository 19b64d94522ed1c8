// What a walk of an answer finds of betting data: the check that no betting number reaches a request that may not have it.

/** Field names that carry betting data: odds, prices, lines, spreads, totals, moneylines, splits, leans, bet states, links. */
const BETTING_FIELD =
  /^lines?$|Lines?$|[Oo]dds|[Pp]rice|[Ss]pread|[Mm]oneyline|^total$|[Bb]et|[Ss]plit|^lean$|[Ii]mplied|[Ee]xchange|^covering$|^pace$|[Mm]oney$|^marked$/;

/** Values that name a betting market (where a win probability's prices came from). */
const BETTING_VALUE = /^(moneyline|exchange)$/;

/** Where a betting field holds a value (null says "none", and the flag that says odds are hidden is no betting data). */
export function bettingValues(value: unknown, at = '$'): string[] {
  if (typeof value === 'string') return BETTING_VALUE.test(value) ? [`${at} = ${JSON.stringify(value)}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => bettingValues(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, field]) =>
    name !== 'oddsHidden' && BETTING_FIELD.test(name) && field !== null && field !== undefined
      ? [`${at}.${name} = ${JSON.stringify(field)}`]
      : bettingValues(field, `${at}.${name}`),
  );
}
