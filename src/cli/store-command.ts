import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { WidgetKey } from '../relay/keys/model.js';
import { openStore, type OpenedStore } from '../relay/store/open.js';
import type { RelayStore } from '../relay/store/types.js';
import { CliFailure, describeFailure } from './failures.js';
import { redisUrl } from './options.js';
import { DEFAULT_DB } from '../relay/features/usage.js';

export interface StoreFlags {
  db: string;
  redis?: string;
  json?: boolean;
}

/**
 * How a command uses the store: reads it (opened read-only: nothing migrated), changes what exists, may create it
 * (`keys create`: a new file, a new Redis marked as a store), or restores into it (a new file; an emptied Redis is
 * marked by the restore itself, so it is known to have been emptied).
 */
export type StoreUse = 'read' | 'write' | 'create' | 'restore';

/**
 * Runs a command against the store a running relay uses (same --db or --redis), closing it afterwards. Only
 * `keys create` (and restores) may start a new database file: any other command on a missing file is a mistyped --db.
 */
export async function withStore(flags: StoreFlags, action: (store: OpenedStore) => Promise<void>, use: StoreUse = 'write'): Promise<void> {
  if (!flags.redis && (use === 'read' || use === 'write') && !existsSync(flags.db))
    throw new CliFailure(
      `no database at ${flags.db}: pass --db with the file your relay uses (pressbox serve --db FILE), or create a key first.`,
    );
  let store: OpenedStore;
  try {
    store = await openStore({
      db: flags.db,
      redis: flags.redis,
      readonly: use === 'read',
      adopt: use === 'create',
      warn: (line) => console.error(`pressbox: ${line}`),
    });
  } catch (error) {
    throw new CliFailure(describeFailure(error, { db: flags.db, redis: flags.redis }));
  }
  try {
    await action(store);
  } catch (error) {
    throw new CliFailure(describeFailure(error, { db: flags.db, redis: flags.redis }));
  } finally {
    await store.close();
  }
}

export function print(flags: StoreFlags, value: unknown, text: () => string): void {
  console.log(flags.json ? JSON.stringify(value, null, 2) : text());
}

export async function existing(store: RelayStore, value: string): Promise<WidgetKey> {
  const key = await store.getKey(value);
  if (!key) throw new CliFailure(`no key ${value} in this store: check the key, or --db / --redis (pressbox keys list shows them).`);
  return key;
}

export function storeOptions(command: Command): Command {
  return command
    .option('--db <file>', 'SQLite file the relay uses', DEFAULT_DB)
    .option('--redis <url>', 'Redis the relay uses, instead of --db', redisUrl)
    .option('--json', 'print JSON');
}

/** Who ran the command, as the audit log names CLI changes (`cli:<user>`). */
export function cliUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A container user with no passwd entry: still a CLI change.
    return 'unknown';
  }
}
