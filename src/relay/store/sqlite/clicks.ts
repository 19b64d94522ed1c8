import type Database from 'better-sqlite3';
import type { ClickRow, ClickStore } from '../types.js';

/** Clicks on prices in the `bet_clicks` table, a row per key, day, book and element. */
export function sqliteClicks(db: Database.Database): ClickStore {
  const statements = {
    count: db.prepare(
      'INSERT INTO bet_clicks (key, day, book, element, clicks) VALUES (@key, @day, @book, @element, 1) ON CONFLICT DO UPDATE SET clicks = clicks + 1',
    ),
    select: db.prepare<{ key: string | null; day: string | null; month: string | null }, ClickRow>(
      `SELECT key, day, book, element, clicks FROM bet_clicks
       WHERE (@key IS NULL OR key = @key) AND (@day IS NULL OR day = @day) AND (@month IS NULL OR substr(day, 1, 7) = @month)
       ORDER BY clicks DESC, key, day, book, element`,
    ),
  };
  return {
    async countClick(click) {
      statements.count.run(click);
    },
    async clicks(filter) {
      return statements.select.all({ key: filter.key ?? null, day: filter.day ?? null, month: filter.month ?? null });
    },
  };
}
