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
  /** The Redis store (its marker's id) this journal's relays last used: found missing there, its data was lost. */
  seenStore(): string | undefined;
  noteStore(id: string): void;
  close(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS journal (id INTEGER PRIMARY KEY, batch TEXT, load TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS journal_batch ON journal (batch);
  CREATE TABLE IF NOT EXISTS journal_set_aside (id INTEGER PRIMARY KEY, load TEXT NOT NULL, reason TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS seen_store (only INTEGER PRIMARY KEY CHECK (only = 1), id TEXT NOT NULL);
`;

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

function journalStatements(db: Database.Database) {
  return {
    insert: db.prepare<[string]>('INSERT INTO journal (load) VALUES (?)'),
    pending: db.prepare<[], { count: number }>('SELECT count(*) AS count FROM journal'),
    started: db.prepare<[], { batch: string }>('SELECT batch FROM journal WHERE batch IS NOT NULL ORDER BY id LIMIT 1'),
    claim: db.prepare<[string, number]>(
      'UPDATE journal SET batch = ? WHERE id IN (SELECT id FROM journal WHERE batch IS NULL ORDER BY id LIMIT ?)',
    ),
    batch: db.prepare<[string], { id: number; load: string }>('SELECT id, load FROM journal WHERE batch = ? ORDER BY id'),
    setAside: db.prepare<[string, number]>('INSERT INTO journal_set_aside (id, load, reason) SELECT id, load, ? FROM journal WHERE id = ?'),
    drop: db.prepare<[number]>('DELETE FROM journal WHERE id = ?'),
    finish: db.prepare<[string]>('DELETE FROM journal WHERE batch = ?'),
    seenStore: db.prepare<[], { id: string }>('SELECT id FROM seen_store'),
    noteStore: db.prepare<[string]>('INSERT INTO seen_store (only, id) VALUES (1, ?) ON CONFLICT (only) DO UPDATE SET id = excluded.id'),
  };
}

export function openLoadJournal(file: string, options: JournalOptions = {}): LoadJournal {
  const db = new Database(createPrivately(file));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const statements = journalStatements(db);
  let count = statements.pending.get()!.count;

  let waiting: Array<{ load: JournaledLoad; resolve: () => void; reject: (error: unknown) => void }> = [];
  const insertAll = db.transaction((loads: JournaledLoad[]) => {
    for (const load of loads) statements.insert.run(JSON.stringify(load));
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
    const started = statements.started.get()?.batch;
    if (started) return started;
    const id = randomUUID();
    return statements.claim.run(id, max).changes > 0 ? id : undefined;
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
      if (!id) count = statements.pending.get()!.count;
      if (!id) return undefined;
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
      count = statements.pending.get()!.count;
    },
    seenStore: () => statements.seenStore.get()?.id,
    noteStore: (id) => void statements.noteStore.run(id),
    close() {
      if (waiting.length > 0) commit();
      db.close();
    },
  };
}
