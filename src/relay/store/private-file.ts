import { closeSync, openSync } from 'node:fs';

/**
 * Creates a database file readable by its owner only (0600) before SQLite opens it: the store holds the secrets that
 * sign embed tokens and console CSRF tokens, and SQLite gives its -wal and -shm files the same mode. A file that
 * exists keeps the mode its operator gave it.
 */
export function createPrivately(file: string): string {
  if (file === '' || file === ':memory:' || file.startsWith('file:')) return file;
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch {
    // It exists already, or cannot be made: then SQLite opens it, or says why it cannot, in its own words.
  }
  return file;
}
