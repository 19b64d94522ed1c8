import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { WidgetKey } from '../relay/keys/model.js';
import { openStore } from '../relay/store/open.js';
import type { RelayStore } from '../relay/store/types.js';
import { CliFailure, describeFailure } from './failures.js';
import { redisUrl } from './options.js';
import { DEFAULT_DB } from '../relay/features/usage.js';

export interface StoreFlags {
  db: string;
  redis?: string;
  json?: boolean;
}

export /**
 * Runs a command against the store a running relay uses (same --db or --redis), closing it afterwards. Only
 * `keys create` may start a new database file: any other command on a missing file is a mistyped --db.
 */
async function withStore(flags: StoreFlags, action: (store: RelayStore) => Promise<void>, creates = false): Promise<void> {
  if (!flags.redis && !creates && !existsSync(flags.db))
    throw new CliFailure(
      `no database at ${flags.db}: pass --db with the file your relay uses (pressbox serve --db FILE), or create a key first.`,
    );
  let store: RelayStore;
  try {
    store = await openStore({ db: flags.db, redis: flags.redis });
  } catch (error) {
    throw new CliFailure(describeFailure(error, { db: flags.db, redis: flags.redis }));
  }
  try {
    await action(store);
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
