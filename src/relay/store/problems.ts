/**
 * What went wrong with the store, as an operator acts on it: each is a label of `pressbox_store_errors_total`, a word in
 * GET /ready and the console, and the start of the log line. A bounded set, whatever a driver throws.
 */
export const STORE_PROBLEMS = {
  disk_full: 'the disk holding the store is full: free space there (the store needs the headroom docs/operators.md states)',
  read_only: 'the store cannot be written (a read-only file or folder, or a Redis replica): give the relay a writable store',
  locked: 'the SQLite file stayed locked by another process past the busy timeout: stop what holds it (a backup, a shell)',
  unreachable: 'the store does not answer (Redis away, or its connection lost): the relay retries by itself',
  emptied:
    'Redis has lost Pressbox’s data (FLUSHALL, or a restart without persistence): restore a backup (pressbox store restore, pressbox keys import)',
  out_of_memory: 'Redis is at its maxmemory and refuses writes: raise maxmemory, or free memory (never an evicting policy for Pressbox)',
  cannot_persist: 'Redis refuses writes because it cannot save to its disk (MISCONF): free its disk or fix its dir',
  corrupt: 'the store file is damaged: restore a backup (pressbox store restore)',
  low_disk: 'the disk holding the store is nearly full: free space before it fills and loads are refused',
  other: 'the store refused an operation: the log line names the error',
} as const;

export type StoreProblem = keyof typeof STORE_PROBLEMS;

/** Thrown by a Redis store whose marker is gone: every read would otherwise say "no such key". */
export class StoreEmptiedError extends Error {
  override readonly name = 'StoreEmptiedError';
  readonly code = 'PRESSBOX_STORE_EMPTIED';
}

/** A store this release cannot use (newer, or foreign); the message names both versions (or the column) and what to do. */
export class StoreVersionError extends Error {
  override readonly name = 'StoreVersionError';
}

/** SQLite's result codes and Redis's replies, as the problem the operator has. */
export function storeProblemOf(error: unknown): StoreProblem {
  if (error instanceof StoreEmptiedError) return 'emptied';
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const name = typeof code === 'string' ? code : '';
  const text = typeof message === 'string' ? message : String(error);
  if (name === 'SQLITE_FULL' || name === 'ENOSPC' || /SQLITE_IOERR_(WRITE|FSYNC|SHMSIZE|TRUNCATE)/.test(name)) return 'disk_full';
  if (name.startsWith('SQLITE_READONLY') || name === 'EROFS' || /^READONLY\b/.test(text)) return 'read_only';
  if (name.startsWith('SQLITE_BUSY') || name.startsWith('SQLITE_LOCKED')) return 'locked';
  if (name.startsWith('SQLITE_CORRUPT') || name === 'SQLITE_NOTADB') return 'corrupt';
  if (/^OOM\b/.test(text)) return 'out_of_memory';
  if (/^MISCONF\b/.test(text)) return 'cannot_persist';
  if (
    /Connection is closed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|MaxRetriesPerRequest|Stream isn't writeable|CLUSTERDOWN|LOADING|timed out/i.test(
      `${name} ${text}`,
    )
  )
    return 'unreachable';
  return 'other';
}
