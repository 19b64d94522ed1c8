import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { MAX_ORIGIN_LENGTH } from '../base/input-limits.js';
import { createPrivately } from '../store/private-file.js';
import type { JournaledLoad } from '../store/types.js';

/** A batch of journaled loads under the id that makes its replay count once. */
export interface JournalBatch {
  id: string;
  loads: JournaledLoad[];
}

/**
 * The loads a relay served while Redis was out of reach, or from a lease of loads it holds, on its own disk until they
 * are counted (or, for a lease, attributed) in Redis.
 * `append` resolves once the load is committed and synced (SQLite, WAL, synchronous=FULL): it survives a killed
 * process and a power cut. Loads appended in one turn of the event loop share one commit.
 */
export interface LoadJournal {
  append(load: JournaledLoad): Promise<void>;
  /** Loads not yet replayed. */
  pending(): number;
  /**
   * The next batch to replay: one that was started and not finished (a relay killed mid-replay) under the id it had,
   * else up to `max` loads under a new id, written down before it is sent.
   */
  nextBatch(max: number): JournalBatch | undefined;
  /** The batch is counted in Redis: its loads leave the journal. */
  finish(id: string): void;
  /**
   * The store (its marker's id) this journal's relays last served at `where` (the --redis address): found missing
   * there, its data was lost; a Redis at an address the journal never served is a new store.
   */
  storeAt(where: string): string | undefined;
  /**
   * From now on this relay's loads belong to the store `id` at `where`: only they are replayed (into it). Answers the
   * loads the journal holds for other stores: kept for them, never counted in this one.
   */
  serve(id: string, where: string): number;
  /** The store `from` lost its data and came back as `to` (a restore, store init): its journaled loads go there. */
  restored(from: string, to: string): void;
  close(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS journal (id INTEGER PRIMARY KEY, batch TEXT, load TEXT NOT NULL, store TEXT);
  CREATE INDEX IF NOT EXISTS journal_batch ON journal (batch);
  CREATE TABLE IF NOT EXISTS journal_set_aside (id INTEGER PRIMARY KEY, load TEXT NOT NULL, reason TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS stores (id TEXT PRIMARY KEY, at TEXT, seen INTEGER NOT NULL);
`;

/**
 * A journal of an earlier release knew one store, not where it was: its loads are that store's, and it stands for
 * whatever address a relay first opens (so an emptied Redis is still noticed across the upgrade).
 */
function migrate(db: Database.Database): void {
  if (!(db.pragma('table_info(journal)') as Array<{ name: string }>).some((column) => column.name === 'store'))
    db.exec('ALTER TABLE journal ADD COLUMN store TEXT');
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'seen_store'").get()) return;
  db.exec(`
    INSERT OR IGNORE INTO stores (id, at, seen) SELECT id, NULL, 0 FROM seen_store;
    UPDATE journal SET store = (SELECT id FROM seen_store) WHERE store IS NULL;
    DROP TABLE seen_store;
  `);
}

/** What a journaled load must be for Redis to count it; anything else (a damaged file, a hand edit) is set aside. */
const journaledLoad = z.object({
  key: z.string().min(1).max(200),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  limit: z.number().int().nonnegative(),
  detail: z.object({
    route: z.string().min(1).max(100),
    origin: z.string().max(MAX_ORIGIN_LENGTH),
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    prefix: z.string().max(100).optional(),
    client: z.enum(['browser', 'script']).optional(),
    dailyLimit: z.number().int().positive().nullable().optional(),
  }),
  receipt: z.object({ relay: z.string().min(1).max(100), seq: z.number().int().nonnegative() }).optional(),
  leased: z.literal(true).optional(),
});

function readLoad(text: string): JournaledLoad | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const parsed = journaledLoad.safeParse(value);
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

export interface JournalOptions {
  /** A row that is not a load was moved to `journal_set_aside` (kept for the operator; never replayed). */
  onSetAside?: (row: number, reason: string) => void;
}

// A relay's section: its store's loads, and loads no store was named for (written before it knew one).
const MINE = '(store IS @store OR store IS NULL)';

function journalStatements(db: Database.Database) {
  type Store = { store: string | null };
  return {
    insert: db.prepare<[string, string | null]>('INSERT INTO journal (load, store) VALUES (?, ?)'),
    pending: db.prepare<[Store], { count: number }>(`SELECT count(*) AS count FROM journal WHERE ${MINE}`),
    others: db.prepare<[Store], { count: number }>('SELECT count(*) AS count FROM journal WHERE NOT ' + MINE),
    started: db.prepare<[Store], { batch: string }>(`SELECT batch FROM journal WHERE batch IS NOT NULL AND ${MINE} ORDER BY id LIMIT 1`),
    claim: db.prepare<[Store & { batch: string; max: number }]>(
      `UPDATE journal SET batch = @batch WHERE id IN (SELECT id FROM journal WHERE batch IS NULL AND ${MINE} ORDER BY id LIMIT @max)`,
    ),
    batch: db.prepare<[string], { id: number; load: string }>('SELECT id, load FROM journal WHERE batch = ? ORDER BY id'),
    setAside: db.prepare<[string, number]>('INSERT INTO journal_set_aside (id, load, reason) SELECT id, load, ? FROM journal WHERE id = ?'),
    drop: db.prepare<[number]>('DELETE FROM journal WHERE id = ?'),
    finish: db.prepare<[string]>('DELETE FROM journal WHERE batch = ?'),
    storeAt: db.prepare<[string], { id: string }>(
      'SELECT id FROM stores WHERE at = ? OR (at IS NULL AND NOT EXISTS (SELECT 1 FROM stores WHERE at IS NOT NULL)) ORDER BY seen DESC LIMIT 1',
    ),
    serve: db.prepare<[string, string, number]>(
      'INSERT INTO stores (id, at, seen) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at, seen = excluded.seen',
    ),
    moveLoads: db.prepare<[{ from: string; to: string }]>('UPDATE journal SET store = @to WHERE store = @from'),
    renameStore: db.prepare<[{ from: string; to: string; seen: number }]>('UPDATE OR REPLACE stores SET id = @to, seen = @seen WHERE id = @from'),
  };
}

type Statements = ReturnType<typeof journalStatements>;

/** The stores the journal served, where, and which one this relay's loads (tagged with it) belong to. */
function storeSections(
  db: Database.Database,
  statements: Statements,
  mine: { store: string | null },
  recount: () => void,
): Pick<LoadJournal, 'storeAt' | 'serve' | 'restored'> {
  const restored = db.transaction((from: string, to: string) => {
    statements.moveLoads.run({ from, to });
    statements.renameStore.run({ from, to, seen: Date.now() });
  });
  return {
    storeAt: (where) => statements.storeAt.get(where)?.id,
    serve(id, where) {
      statements.serve.run(id, where, Date.now());
      mine.store = id;
      recount();
      return statements.others.get(mine)!.count;
    },
    restored(from, to) {
      restored.immediate(from, to);
      mine.store = to;
      recount();
    },
  };
}

export function openLoadJournal(file: string, options: JournalOptions = {}): LoadJournal {
  const db = new Database(createPrivately(file));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  db.transaction(() => migrate(db)).immediate();
  const statements = journalStatements(db);
  const mine = { store: null as string | null };
  let count = 0;
  const recount = () => void (count = statements.pending.get(mine)!.count);
  recount();

  let waiting: Array<{ load: JournaledLoad; resolve: () => void; reject: (error: unknown) => void }> = [];
  const insertAll = db.transaction((loads: JournaledLoad[]) => {
    for (const load of loads) statements.insert.run(JSON.stringify(load), mine.store);
  });
  const commit = () => {
    const batch = waiting;
    waiting = [];
    try {
      insertAll.immediate(batch.map((entry) => entry.load));
      count += batch.length;
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };
  const setAside = db.transaction((row: number, reason: string) => {
    statements.setAside.run(reason, row);
    statements.drop.run(row);
    count -= 1;
  });
  const claim = db.transaction((max: number): string | undefined => {
    const started = statements.started.get(mine)?.batch;
    if (started) return started;
    const batch = randomUUID();
    return statements.claim.run({ ...mine, batch, max }).changes > 0 ? batch : undefined;
  });

  return {
    append: (load) =>
      new Promise<void>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(commit);
        waiting.push({ load, resolve, reject });
      }),
    pending: () => count,
    nextBatch(max) {
      const id = claim.immediate(max);
      // Relays sharing the file strike off each other's loads: the count is read again rather than kept.
      if (!id) return void recount();
      const loads: JournaledLoad[] = [];
      for (const row of statements.batch.all(id)) {
        const load = readLoad(row.load);
        if (typeof load !== 'string') {
          loads.push(load);
          continue;
        }
        setAside(row.id, load);
        options.onSetAside?.(row.id, load);
      }
      return { id, loads };
    },
    finish(id) {
      statements.finish.run(id);
      recount();
    },
    ...storeSections(db, statements, mine, recount),
    close() {
      if (waiting.length > 0) commit();
      db.close();
    },
  };
}
