import type Database from 'better-sqlite3';
import { toKey, type KeyRow } from '../sqlite-schema.js';
import type { KeyStore } from '../types.js';
import type { BetLink } from '../../keys/bet-links.js';

/** A key's odds regions as a JSON list, or NULL for everywhere. */
const regionsColumn = (regions: readonly string[] | null | undefined) => (regions ? JSON.stringify(regions) : null);
/** A key's books as a JSON list, or NULL for none. */
const booksColumn = (books: readonly BetLink[] | undefined) => (books?.length ? JSON.stringify(books) : null);
/** A key's gambling lines as a JSON object, or NULL for none. */
const linesColumn = (lines: Record<string, string> | null | undefined) =>
  lines && Object.keys(lines).length ? JSON.stringify(lines) : null;

/** Widget keys in the `keys` table. */
export function sqliteKeys(db: Database.Database): KeyStore {
  const statements = {
    insertKey: db.prepare(
      `INSERT INTO keys (key, test, plan, domains, name, created_at, revoked_at, daily_limit, browser_only, hide_odds, odds_regions, bet_links, gambling_lines)
       VALUES (@key, @test, @plan, @domains, @name, @createdAt, @revokedAt, @dailyLimit, @browserOnly, @hideOdds, @oddsRegions, @betLinks, @gamblingLines)`,
    ),
    getKey: db.prepare<[string], KeyRow>('SELECT * FROM keys WHERE key = ?'),
    listKeys: db.prepare<[], KeyRow>('SELECT * FROM keys ORDER BY created_at, key'),
    updateKey: db.prepare(
      'UPDATE keys SET plan = @plan, domains = @domains, name = @name, daily_limit = @dailyLimit, browser_only = @browserOnly, hide_odds = @hideOdds, odds_regions = @oddsRegions, bet_links = @betLinks, gambling_lines = @gamblingLines WHERE key = @key',
    ),
    // The earlier time wins: revoking now ends a grace period a rotation had set.
    revokeKey: db.prepare('UPDATE keys SET revoked_at = MIN(COALESCE(revoked_at, @at), @at) WHERE key = @key'),
  };
  const keys: KeyStore = {
    async createKey(key) {
      statements.insertKey.run({
        ...key,
        test: key.test ? 1 : 0,
        domains: JSON.stringify(key.domains),
        dailyLimit: key.dailyLimit ?? null,
        browserOnly: key.browserOnly ? 1 : 0,
        hideOdds: key.hideOdds ? 1 : 0,
        oddsRegions: regionsColumn(key.oddsRegions),
        betLinks: booksColumn(key.betLinks),
        gamblingLines: linesColumn(key.gamblingLines),
      });
    },
    async getKey(key) {
      const row = statements.getKey.get(key);
      return row && toKey(row);
    },
    async listKeys() {
      return statements.listKeys.all().map(toKey);
    },
    async updateKey(key, change) {
      const current = await keys.getKey(key);
      if (!current) return undefined;
      const next = { ...current, ...change };
      statements.updateKey.run({
        key,
        plan: next.plan,
        domains: JSON.stringify(next.domains),
        name: next.name,
        dailyLimit: next.dailyLimit ?? null,
        browserOnly: next.browserOnly ? 1 : 0,
        hideOdds: next.hideOdds ? 1 : 0,
        oddsRegions: regionsColumn(next.oddsRegions),
        betLinks: booksColumn(next.betLinks),
        gamblingLines: linesColumn(next.gamblingLines),
      });
      return next;
    },
    async revokeKey(key, at) {
      statements.revokeKey.run({ at, key });
      return keys.getKey(key);
    },
  };
  return keys;
}
