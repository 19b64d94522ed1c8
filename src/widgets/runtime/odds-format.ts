import type { OddsFormat } from '../../contract/choices.js';
import { impliedProbability } from '../../contract/odds.js';

export { impliedProbability, noVigProbabilities } from '../../contract/odds.js';

export type { OddsFormat } from '../../contract/choices.js';

export function decimalOdds(american: number): number {
  return american < 0 ? 1 + 100 / -american : 1 + american / 100;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** Profit over stake as a reduced fraction: +150 → 3/2, −110 → 10/11. */
export function fractionalOdds(american: number): string {
  const [numerator, denominator] = american < 0 ? [100, -american] : [american, 100];
  const divisor = greatestCommonDivisor(numerator, denominator);
  return `${numerator / divisor}/${denominator / divisor}`;
}

export function formatOdds(american: number, format: OddsFormat, locale?: string): string {
  switch (format) {
    case 'decimal':
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(decimalOdds(american));
    case 'fractional':
      return fractionalOdds(american);
    case 'implied':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(impliedProbability(american));
    default:
      return new Intl.NumberFormat(locale, { signDisplay: 'exceptZero', maximumFractionDigits: 0, useGrouping: false }).format(american);
  }
}
