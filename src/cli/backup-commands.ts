import type { Command } from 'commander';
import { closeSync, copyFileSync, existsSync, fstatSync, lstatSync, openSync, readSync, rmSync } from 'node:fs';
import { escapeControls } from '../relay/base/logger.js';
import { BACKUP_LIMITS, exportKeys, importKeys, parseBackup, type ImportSummary, type KeysBackup } from '../relay/store/backup.js';
import { writeNewPrivately } from '../relay/store/private-file.js';
import { openSqliteStore } from '../relay/store/sqlite.js';
import { STORE_VERSION } from '../relay/store/sqlite-schema.js';
import { CliFailure } from './failures.js';
import { cliUser, print, storeOptions, withStore, type StoreFlags } from './store-command.js';

/** A backup larger than this is not one of ours: BACKUP_LIMITS' keys and months export to less. */
const MAX_BACKUP_BYTES = 64 * 1024 ** 2;

/** Refuses a destination that exists: a symbolic link (dangling or not) is named as one, and never written through. */
function refuseTaken(file: string): void {
  const found = lstatSync(file, { throwIfNoEntry: false });
  if (found?.isSymbolicLink())
    throw new CliFailure(`${file} is a symbolic link: a backup never writes through one; name a new file instead.`);
  if (found) throw new CliFailure(`${file} exists already: name a new file, or move it aside first.`);
}

/** Makes `file` new, readable by its owner only, with `write`; a name taken meanwhile is refused as refuseTaken says. */
async function createNew(file: string, write: () => unknown): Promise<void> {
  refuseTaken(file);
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') refuseTaken(file);
    throw error;
  }
}

/** Writes a file only its owner can read (keys and secrets are in it); refuses to replace one or follow a link. */
export const writePrivately = (file: string, text: string): Promise<void> => createNew(file, () => writeNewPrivately(file, text));

const isSqliteFile = (file: string): boolean => {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === 'SQLite format 3\u0000';
  } finally {
    closeSync(fd);
  }
};

/** A file's text, refused once it passes MAX_BACKUP_BYTES: never read whole first (a pipe or a device has no size). */
function readBounded(file: string): string {
  const tooLarge = () =>
    new CliFailure(
      `${file} is larger than ${MAX_BACKUP_BYTES / 1024 ** 2} MB, more than a keys backup holds (${BACKUP_LIMITS.keys.toLocaleString('en-US')} keys, ${BACKUP_LIMITS.usage.toLocaleString('en-US')} months of usage): pass a file written by pressbox keys export.`,
    );
  const fd = openSync(file, 'r');
  try {
    if (fstatSync(fd).size > MAX_BACKUP_BYTES) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(1024 ** 2);
      const read = readSync(fd, chunk);
      if (read === 0) return Buffer.concat(chunks, total).toString('utf8');
      total += read;
      if (total > MAX_BACKUP_BYTES) throw tooLarge();
      chunks.push(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}

/** A backup file as `keys import` and `store restore` read it: a keys export, or a SQLite store's keys and secrets. */
export function readBackup(file: string): KeysBackup {
  if (!existsSync(file)) throw new CliFailure(`no file at ${file}: pass the file pressbox keys export or store backup wrote.`);
  if (isSqliteFile(file)) throw new CliFailure(`${file} is a SQLite store: restore it with pressbox store restore ${file}.`);
  const text = readBounded(file);
  try {
    return parseBackup(text);
  } catch (error) {
    throw new CliFailure(`${file}: ${escapeControls((error as Error).message)}`);
  }
}

export function importText(summary: ImportSummary): string {
  return [
    `${summary.created} keys created, ${summary.updated} updated (same values: publisher pages keep working)`,
    `${summary.months} months of usage restored`,
    ...(summary.secrets ? [`${summary.secrets} signing secrets restored (embedded frames keep verifying)`] : []),
    ...(summary.marked ? ['the store marker is back: relays on this Redis serve again'] : []),
  ].join('\n');
}

/** `store backup FILE`: SQLite's online backup of the whole file; with Redis, its keys, usage and signing secrets. */
function backupCommand(store: Command): void {
  storeOptions(
    store
      .command('backup')
      .argument('<file>', 'where to write it (a new file, readable by you only)')
      .description('Back up the store while relays run: the whole SQLite file, or (with --redis) keys, usage and secrets as JSON.'),
  ).action((file: string, flags: StoreFlags) =>
    withStore(
      flags,
      async (opened) => {
        if (opened.backup) {
          await createNew(file, () => opened.backup!(file));
          print(
            flags,
            { file, kind: 'sqlite', version: STORE_VERSION },
            () => `${flags.db} backed up to ${file} (store version ${STORE_VERSION}).`,
          );
          return;
        }
        const backup = await exportKeys(opened, { secrets: true });
        await writePrivately(file, JSON.stringify(backup, null, 2));
        print(
          flags,
          { file, kind: 'keys', keys: backup.keys.length },
          () => `${backup.keys.length} keys, ${backup.usage.length} months of usage and the signing secrets written to ${file}.`,
        );
      },
      'read',
    ),
  );
}

/** A SQLite backup restored as a new --db file: everything in it (keys, usage, audit, kept answers), migrated if older. */
function restoreFile(file: string, db: string): number {
  if (existsSync(db))
    throw new CliFailure(`${db} exists already: restore into a new file (--db NEW) and point the relay at it, or move ${db} aside first.`);
  copyFileSync(file, db);
  try {
    openSqliteStore(db).close();
  } catch (error) {
    rmSync(db, { force: true });
    throw error;
  }
  return STORE_VERSION;
}

/** `store restore FILE`: a SQLite backup into a new --db file, or any backup's keys, usage and secrets into the store. */
function restoreCommand(store: Command): void {
  storeOptions(
    store
      .command('restore')
      .argument('<file>', 'a file written by store backup or keys export')
      .description('Restore a backup: a SQLite backup into a new --db file, or its keys, usage and secrets into Redis.'),
  ).action(async (file: string, flags: StoreFlags) => {
    if (!existsSync(file)) throw new CliFailure(`no file at ${file}: pass the file pressbox store backup wrote.`);
    if (isSqliteFile(file) && !flags.redis) {
      const version = restoreFile(file, flags.db);
      print(
        flags,
        { restored: file, db: flags.db, version },
        () => `${file} restored to ${flags.db} (store version ${version}): start the relay with --db ${flags.db}.`,
      );
      return;
    }
    let backup: KeysBackup;
    if (isSqliteFile(file)) {
      const source = openSqliteStore(file, { readonly: true });
      backup = await exportKeys(source, { secrets: true }).finally(() => source.close());
    } else backup = readBackup(file);
    await withStore(
      flags,
      async (opened) => {
        const summary = await importKeys(opened, backup);
        await opened.appendAudit({
          at: Date.now(),
          actor: `cli:${cliUser()}`,
          action: 'store.restore',
          key: null,
          detail: `restored ${file}`,
        });
        print(flags, summary, () => importText(summary));
      },
      'restore',
    );
  });
}

/** `store init --redis URL`: accepts a Redis without Pressbox's marker (new, or emptied with no backup) as a new store. */
function initCommand(store: Command): void {
  storeOptions(
    store
      .command('init')
      .description('Mark a Redis that lost its data (and has no backup to restore) as a new, empty store: relays serve again.'),
  ).action((flags: StoreFlags) => {
    if (!flags.redis)
      throw new CliFailure('store init is for Redis (--redis URL): a SQLite file is made by the relay when it first starts.');
    return withStore(flags, async (opened) => {
      if (await opened.marker!.check())
        return print(
          flags,
          { id: opened.marker!.id(), written: false },
          () => `This Redis holds the store ${opened.marker!.id()} already: nothing to do.`,
        );
      const id = await opened.marker!.write();
      print(
        flags,
        { id, written: true },
        () => `New store ${id} marked: relays on this Redis serve again (keys made before are gone: create them, or import a backup).`,
      );
    });
  });
}

/** `pressbox store …`. */
export function storeCommands(program: Command): void {
  const store = program.command('store').description('Back up and restore the store, or accept an emptied Redis as a new store.');
  for (const command of [backupCommand, restoreCommand, initCommand]) command(store);
}
