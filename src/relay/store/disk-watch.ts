import { statfs } from 'node:fs/promises';
import type { Logger } from '../base/logger.js';

/** How often the free space is read: a disk fills over minutes, and a read is one system call. */
const DISK_READ_EVERY_MS = 30_000;

export interface DiskWatch {
  /** Bytes free for the relay's user, as last read; undefined before the first read or where it cannot be read. */
  free(): number | undefined;
  /** While free space is under the bound: what to tell the operator. */
  low(): string | undefined;
  /** Reads it again now. */
  read(): Promise<void>;
  close(): void;
}

const written = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${Math.floor(bytes / 1024 ** 2).toLocaleString('en-US')} MB` : `${Math.floor(bytes / 1024)} KB`;

/**
 * Free space on the disk of the store's file (or journal), read every 30 s: under `warnUnder` bytes the relay warns
 * (log, GET /ready degraded, an alert) while it still can write, before a full disk refuses every load.
 */
export async function watchDisk(options: {
  folder: string;
  warnUnder: number;
  logger: Logger;
  onLow: (text: string) => void;
}): Promise<DiskWatch> {
  let free: number | undefined;
  let lowText: string | undefined;
  const read = async () => {
    try {
      const stats = await statfs(options.folder);
      free = stats.bavail * stats.bsize;
    } catch {
      return;
    }
    const wasLow = lowText !== undefined;
    lowText =
      options.warnUnder > 0 && free < options.warnUnder
        ? `${written(free)} free on the store's disk, under the ${written(options.warnUnder)} the relay warns at (--disk-warn-under): free space there before loads are refused`
        : undefined;
    if (lowText && !wasLow) {
      options.logger.log('warn', 'store disk nearly full', { folder: options.folder, freeBytes: free, warnUnderBytes: options.warnUnder });
      options.onLow(lowText);
    } else if (!lowText && wasLow) options.logger.log('info', 'store disk has room again', { folder: options.folder, freeBytes: free });
  };
  await read();
  const timer = setInterval(() => void read(), DISK_READ_EVERY_MS);
  timer.unref?.();
  return { free: () => free, low: () => lowText, read, close: () => clearInterval(timer) };
}
