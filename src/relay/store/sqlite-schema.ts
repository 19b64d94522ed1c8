import Database from 'better-sqlite3';
import type { WidgetKey } from '../keys/model.js';
import type { BetLink } from '../keys/bet-links.js';
import { createPrivately } from './private-file.js';
import { StoreVersionError } from './problems.js';

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
  CREATE TABLE IF NOT EXISTS bet_clicks (
    key TEXT NOT NULL, day TEXT NOT NULL, book TEXT NOT NULL, element TEXT NOT NULL, clicks INTEGER NOT NULL,
    PRIMARY KEY (key, day, book, element)
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
  hide_odds: number;
  odds_regions: string | null;
  bet_links: string | null;
  gambling_lines: string | null;
}

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
    hideOdds: row.hide_odds === 1,
    oddsRegions: row.odds_regions === null ? null : (JSON.parse(row.odds_regions) as string[]),
    betLinks: row.bet_links === null ? [] : (JSON.parse(row.bet_links) as BetLink[]),
    gamblingLines: row.gambling_lines === null ? null : (JSON.parse(row.gambling_lines) as Record<string, string>),
  };
}

/**
 * The store's schema version (SQLite `user_version`). 0 is every file of a release before the store was versioned;
 * each migration brings a file from the version before it, all of them in one transaction at start. A new table or
 * column is a new entry here, and STORE_VERSION follows.
 */
const MIGRATIONS: ReadonlyArray<(db: Database.Database) => void> = [
  // 0 → 1: the tables and key columns every unversioned release created or added as it went.
  (db) => {
    db.exec(SCHEMA);
    const columns = new Set(
      db
        .prepare<[], { name: string }>('PRAGMA table_info(keys)')
        .all()
        .map((column) => column.name),
    );
    for (const [column, type] of Object.entries({ daily_limit: 'INTEGER', browser_only: 'INTEGER NOT NULL DEFAULT 0' }))
      if (!columns.has(column)) db.exec(`ALTER TABLE keys ADD COLUMN ${column} ${type}`);
  },
  // 1 → 2: the row readiness writes to prove the file takes writes.
  (db) => db.exec('CREATE TABLE IF NOT EXISTS store_probe (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)'),
  // 2 → 3: a key's setting that hides betting data.
  (db) => db.exec('ALTER TABLE keys ADD COLUMN hide_odds INTEGER NOT NULL DEFAULT 0'),
  // 3 → 4: the regions where a key's odds may show (a JSON list; NULL: everywhere).
  (db) => db.exec('ALTER TABLE keys ADD COLUMN odds_regions TEXT'),
  // 4 → 5: the sportsbooks a key's prices link to (a JSON list of { name, template }; NULL: none).
  (db) => db.exec('ALTER TABLE keys ADD COLUMN bet_links TEXT'),
  // 5 → 6: a key's responsible-gambling line per region (a JSON object, region → line; NULL: none).
  (db) => db.exec('ALTER TABLE keys ADD COLUMN gambling_lines TEXT'),
];

export const STORE_VERSION = MIGRATIONS.length;

/** How long a write waits for another process (a worker, a CLI command) holding the file before it fails as `locked`. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The write-ahead log is checkpointed every 256 pages (1 MiB) and cut back to 1 MiB after a checkpoint: on a disk
 * that filled, freed space is not taken back by a log grown to SQLite's default 1,000 pages and kept at that size.
 */
const WAL_PAGES = 256;
const WAL_BYTES_KEPT = 1024 * 1024;

const fileVersion = (db: Database.Database): number => db.pragma('user_version', { simple: true }) as number;

function newerFile(file: string, version: number): StoreVersionError {
  return new StoreVersionError(
    `${file} is store version ${version}, written by a newer Pressbox; this release knows versions up to ${STORE_VERSION}: upgrade pressbox to the release that wrote it, or restore a backup made by this release (pressbox store restore).`,
  );
}

/**
 * Every table the file shares with this release has the columns this release reads, and none it would not write
 * (a column without a default that a newer or foreign schema requires): else inserts and reads would fail later.
 */
function checkColumns(db: Database.Database, file: string): void {
  const reference = new Database(':memory:');
  try {
    for (const migrate of MIGRATIONS) migrate(reference);
    const tables = reference.prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table'").all();
    for (const { name } of tables) {
      type Column = { name: string; notnull: number; dflt_value: unknown; pk: number };
      const expected = new Set(
        reference
          .prepare<[], Column>(`PRAGMA table_info(${name})`)
          .all()
          .map((column) => column.name),
      );
      const actual = db.prepare<[], Column>(`PRAGMA table_info(${name})`).all();
      const missing = [...expected].find((column) => !actual.some((each) => each.name === column));
      const required = actual.find((column) => !expected.has(column.name) && column.notnull && column.dflt_value === null);
      if (missing || required)
        throw new StoreVersionError(
          `${file} is not a store this release can use: its table ${name} ${missing ? `lacks the column ${missing}` : `requires the column ${required!.name}, which this release does not write`}; pass --db with the file your relay uses, or restore a backup (pressbox store restore).`,
        );
    }
  } finally {
    reference.close();
  }
}

/**
 * The file opened in WAL mode at this release's version: an older file migrated in one write transaction (workers
 * opening a new file at once each wait for the first, then find it current), a newer or foreign one refused. Read-only
 * opens (`keys list`, `usage`) change nothing: an older file is read as it is, once checked.
 */
export function openSqliteDatabase(file: string, synchronous: 'NORMAL' | 'FULL', readonly = false): Database.Database {
  const db = readonly ? new Database(file, { readonly: true, fileMustExist: true }) : new Database(createPrivately(file));
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const version = fileVersion(db);
    if (version > STORE_VERSION) throw newerFile(file, version);
    if (readonly) {
      if (version < STORE_VERSION)
        throw new StoreVersionError(
          `${file} is store version ${version}, from an earlier release; start the relay on it once (pressbox serve --db ${file}) to bring it to version ${STORE_VERSION}, then run this again.`,
        );
      checkColumns(db, file);
      return db;
    }
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`wal_autocheckpoint = ${WAL_PAGES}`);
    db.pragma(`journal_size_limit = ${WAL_BYTES_KEPT}`);
    db.transaction(() => {
      const current = fileVersion(db);
      if (current > STORE_VERSION) throw newerFile(file, current);
      for (const migrate of MIGRATIONS.slice(current)) migrate(db);
      if (current < STORE_VERSION) db.pragma(`user_version = ${STORE_VERSION}`);
    }).immediate();
    checkColumns(db, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
