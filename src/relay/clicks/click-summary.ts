import type { ClickRow } from '../store/types.js';

/** A key's clicks on one book from one element in one month (of the selected days), against the key's loads then. */
export interface ClickTotal {
  month: string;
  key: string;
  book: string;
  element: string;
  clicks: number;
  /** Clicks per thousand loads of the key in the same days; null without loads. */
  perThousandLoads: number | null;
}

/** Clicks summed over the selected days by month, key, book and element, the latest month first, then the most. */
export function clickTotals(rows: readonly ClickRow[], loadsOf: (key: string, month: string) => number): ClickTotal[] {
  const totals = new Map<string, ClickTotal>();
  for (const row of rows) {
    const month = row.day.slice(0, 7);
    const id = [month, row.key, row.book, row.element].join('\u001f');
    const total = totals.get(id) ?? { month, key: row.key, book: row.book, element: row.element, clicks: 0, perThousandLoads: null };
    total.clicks += row.clicks;
    totals.set(id, total);
  }
  return [...totals.values()]
    .map((total) => ({ ...total, perThousandLoads: perThousand(total.clicks, loadsOf(total.key, total.month)) }))
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        b.clicks - a.clicks ||
        a.key.localeCompare(b.key) ||
        a.book.localeCompare(b.book) ||
        a.element.localeCompare(b.element),
    );
}

export function perThousand(clicks: number, loads: number): number | null {
  return loads > 0 ? Math.round((clicks / loads) * 10_000) / 10 : null;
}
