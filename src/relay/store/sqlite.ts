import { openSqliteDatabase } from './sqlite-schema.js';
import { sqliteConsole } from './sqlite/console.js';
import { sqliteHistory } from './sqlite/history.js';
import { sqliteKeys } from './sqlite/keys.js';
import { sqliteUsage } from './sqlite/usage.js';
import type { RelayStore } from './types.js';

/**
 * Keys, monthly usage and win-probability history in one SQLite file (WAL), each role in its own module (sqlite/).
 * A load is committed before `countLoad` returns: with WAL and synchronous=NORMAL a committed load survives the
 * process being killed; `synchronous: 'FULL'` also makes it survive power loss, at the cost of an fsync per load.
 * better-sqlite3 is synchronous; the async surface is the store interface Redis shares.
 */
export function openSqliteStore(file: string, options: { synchronous?: 'NORMAL' | 'FULL' } = {}): RelayStore {
  const db = openSqliteDatabase(file, options.synchronous ?? 'NORMAL');
  const { flush, ...usage } = sqliteUsage(db);
  return {
    ...sqliteKeys(db),
    ...usage,
    ...sqliteHistory(db),
    ...sqliteConsole(db),
    close: async () => {
      flush();
      db.close();
    },
  };
}
