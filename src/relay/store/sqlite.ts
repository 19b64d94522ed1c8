import { writeNewPrivately } from './private-file.js';
import { BUSY_TIMEOUT_MS, openSqliteDatabase } from './sqlite-schema.js';
import { sqliteClicks } from './sqlite/clicks.js';
import { sqliteConsole } from './sqlite/console.js';
import { sqliteHistory } from './sqlite/history.js';
import { sqliteKeys } from './sqlite/keys.js';
import { sqliteUsage } from './sqlite/usage.js';
import type { RelayStore } from './types.js';

export interface SqliteStoreOptions {
  synchronous?: 'NORMAL' | 'FULL';
  /** Opens the file without writing to it (`keys list`, `usage`): every change then fails. */
  readonly?: boolean;
  /** SQLite's `max_page_count`: a file that cannot grow past it fails writes as a full disk does (tests). */
  maxPageCount?: number;
}

/**
 * Keys, monthly usage and win-probability history in one SQLite file (WAL), each role in its own module (sqlite/).
 * A load is committed before `countLoad` returns: with WAL and synchronous=NORMAL a committed load survives the
 * process being killed; `synchronous: 'FULL'` also makes it survive power loss, at the cost of an fsync per load.
 * better-sqlite3 is synchronous; the async surface is the store interface Redis shares.
 */
export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): RelayStore {
  const db = openSqliteDatabase(file, options.synchronous ?? 'NORMAL', options.readonly);
  if (options.maxPageCount) db.pragma(`max_page_count = ${Math.floor(options.maxPageCount)}`);
  const { flush, ...usage } = sqliteUsage(db);
  const probe = options.readonly
    ? undefined
    : db.prepare('INSERT INTO store_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at');
  return {
    ...sqliteKeys(db),
    ...usage,
    ...sqliteClicks(db),
    ...sqliteHistory(db),
    ...sqliteConsole(db),
    async probeWrite(at) {
      if (!probe) throw Object.assign(new Error('the store was opened read-only'), { code: 'SQLITE_READONLY' });
      probe.run(at);
    },
    // Between bursts the log is cut back to nothing: a relay that was busy does not hold a large log for ever. It never
    // waits for another process's readers or writers (workers): a checkpoint that would wait is left to the next minute.
    async compact() {
      db.pragma('busy_timeout = 0');
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
    // The destination is made here, new and 0600, so that SQLite writes into it rather than through a link.
    backup: async (destination) => {
      writeNewPrivately(destination);
      await db.backup(destination);
    },
    close: async () => {
      if (!options.readonly) flush();
      db.close();
    },
  };
}
