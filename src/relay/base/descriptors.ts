import { readFileSync } from 'node:fs';

/** Assumed where the limit cannot be read (no /proc): a common soft limit, so that caps derived from it stay safe. */
const ASSUMED_FILE_LIMIT = 1024;

/** The process's soft limit on open file descriptors (RLIMIT_NOFILE): Node has no API for it, Linux shows it in /proc. */
export function openFileLimit(limits = '/proc/self/limits'): number {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    const value = Number(soft);
    return Number.isInteger(value) && value > 0 ? value : ASSUMED_FILE_LIMIT;
  } catch {
    return ASSUMED_FILE_LIMIT;
  }
}
