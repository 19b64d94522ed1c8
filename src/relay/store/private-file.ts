import { closeSync, constants, openSync, writeFileSync } from 'node:fs';

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

// O_EXCL refuses any name that exists, a dangling symbolic link included; O_NOFOLLOW says so where O_EXCL would not.
const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Creates a new file readable by its owner only (a backup, an export: keys and secrets are in it) and writes `text`,
 * or nothing; a name that exists, a symbolic link above all, fails with EEXIST and its target is never written.
 */
export function writeNewPrivately(file: string, text = ''): void {
  const fd = openSync(file, NEW_FILE, 0o600);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
