import Database from 'better-sqlite3';
import type { WidgetKey } from '../keys/model.js';
import { createPrivately } from './private-file.js';

// The store's SQLite file: its tables, the columns later releases added (an older file gains them when opened), and
// how a key's row reads back. Counting lives in sqlite.ts.

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS keys (
    key TEXT PRIMARY KEY, test INTEGER NOT NULL, plan TEXT NOT NULL, domains TEXT NOT NULL,
    name TEXT NOT NULL, created_at INTEGER NOT NULL, revoked_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS usage (
    key TEXT NOT NULL, month TEXT NOT NULL, loads INTEGER NOT NULL, PRIMARY KEY (key, month)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS usage_detail (
    key TEXT NOT NULL, month TEXT NOT NULL, route TEXT NOT NULL, origin TEXT NOT NULL, loads INTEGER NOT NULL,
    PRIMARY KEY (key, month, route, origin)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS usage_day (
    key TEXT NOT NULL, day TEXT NOT NULL, loads INTEGER NOT NULL, PRIMARY KEY (key, day)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS usage_day_share (
    key TEXT NOT NULL, day TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, loads INTEGER NOT NULL,
    PRIMARY KEY (key, day, kind, value)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS usage_daily_detail (
    key TEXT NOT NULL, day TEXT NOT NULL, route TEXT NOT NULL, origin TEXT NOT NULL, prefix TEXT NOT NULL,
    client TEXT NOT NULL, loads INTEGER NOT NULL, PRIMARY KEY (key, day, route, origin, prefix, client)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS console_sessions (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS console_sign_in_failures (
    address TEXT PRIMARY KEY, count INTEGER NOT NULL, lapses_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS audit (
    at INTEGER NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, key TEXT, detail TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS audit_by_key ON audit (key, at);
  CREATE TABLE IF NOT EXISTS league_interest (league TEXT PRIMARY KEY, asked_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS upstream_units (
    month TEXT NOT NULL, upstream TEXT NOT NULL, endpoint TEXT NOT NULL, units INTEGER NOT NULL,
    PRIMARY KEY (month, upstream, endpoint)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS upstream_units_by_key (
    month TEXT NOT NULL, upstream TEXT NOT NULL, key TEXT NOT NULL, units INTEGER NOT NULL,
    PRIMARY KEY (month, upstream, key)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS kept_payloads (name TEXT PRIMARY KEY, kept_at INTEGER NOT NULL, body BLOB NOT NULL) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS kept_payloads_by_age ON kept_payloads (kept_at);
  CREATE TABLE IF NOT EXISTS win_probability (
    game TEXT NOT NULL, at INTEGER NOT NULL, home REAL NOT NULL, PRIMARY KEY (game, at)
  ) WITHOUT ROWID;
`;

export interface KeyRow {
  key: string;
  test: number;
  plan: string;
  domains: string;
  name: string;
  created_at: number;
  revoked_at: number | null;
  daily_limit: number | null;
  browser_only: number;
}

/** Columns added after the first release: added to an older file when it is opened. */
const ADDED_KEY_COLUMNS = { daily_limit: 'INTEGER', browser_only: 'INTEGER NOT NULL DEFAULT 0' };

export function toKey(row: KeyRow): WidgetKey {
  return {
    key: row.key,
    test: row.test === 1,
    plan: row.plan as WidgetKey['plan'],
    domains: JSON.parse(row.domains) as string[],
    name: row.name,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    dailyLimit: row.daily_limit,
    browserOnly: row.browser_only === 1,
  };
}

/** The file opened in WAL mode with every table present, older files brought up to date. */
export function openSqliteDatabase(file: string, synchronous: 'NORMAL' | 'FULL'): Database.Database {
  const db = new Database(createPrivately(file));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  // Workers (`--workers`) open a new file at the same moment: each brings it up to date in one write transaction, so
  // the second finds the first's columns instead of adding them again ("duplicate column name").
  db.transaction(() => {
    db.exec(SCHEMA);
    const columns = new Set(
      db
        .prepare<[], { name: string }>('PRAGMA table_info(keys)')
        .all()
        .map((column) => column.name),
    );
    for (const [column, type] of Object.entries(ADDED_KEY_COLUMNS))
      if (!columns.has(column)) db.exec(`ALTER TABLE keys ADD COLUMN ${column} ${type}`);
  }).immediate();
  return db;
}
