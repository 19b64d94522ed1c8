import type { Command } from 'commander';
import type { AuditEntry } from '../relay/store/types.js';
import { positive } from './options.js';
import { print, storeOptions, withStore, type StoreFlags } from './store-command.js';

function auditLine(entry: AuditEntry): string {
  return `${new Date(entry.at).toISOString()}  ${entry.actor.padEnd(20)}  ${entry.action.padEnd(16)}  ${entry.key ?? '—'}  ${entry.detail}`;
}

/** `audit`: who changed which key, when and how (the console, the admin API and the CLI all write here). */
export function auditCommand(program: Command): void {
  storeOptions(
    program
      .command('audit')
      .description('Every change to keys and every console sign-in, newest first: who (console session, admin API, CLI user), what, when.')
      .option('--key <key>', 'changes to one key only')
      .option('--limit <n>', 'at most N entries', positive, 50),
  ).action((flags: StoreFlags & { key?: string; limit: number }) =>
    withStore(
      flags,
      async (store) => {
        const entries = await store.auditLog({ key: flags.key, limit: flags.limit });
        print(flags, entries, () => (entries.length ? entries.map(auditLine).join('\n') : 'Nothing changed yet in this store.'));
      },
      'read',
    ),
  );
}
