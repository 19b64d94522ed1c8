import type { Command } from 'commander';
import { createKey, describeKey } from '../relay/admin/routes.js';
import { patternsOf } from '../relay/http/access.js';
import { decideOrigin, pageOrigin } from '../relay/keys/domains.js';
import type { Plan } from '../relay/keys/model.js';
import { openSqliteStore } from '../relay/store/sqlite.js';
import type { RelayStore } from '../relay/store/types.js';
import { DEFAULT_DB, domain, month, plan, refuseRedis } from './options.js';

function withStore<Args extends unknown[]>(action: (store: RelayStore, ...args: Args) => void) {
  return (...args: Args) => {
    const options = args.findLast((arg) => typeof arg === 'object' && arg !== null && 'db' in (arg as object)) as {
      db: string;
      redis?: string;
    };
    refuseRedis(options.redis);
    const store = openSqliteStore(options.db);
    try {
      action(store, ...args);
    } finally {
      store.close();
    }
  };
}

function print(json: boolean, value: unknown, text: () => string): void {
  console.log(json ? JSON.stringify(value, null, 2) : text());
}

function keyText(key: ReturnType<typeof describeKey>): string {
  const status = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
  return [
    `${key.key}  (${key.test ? 'test' : 'live'}, ${status})`,
    `  name     ${key.name || '—'}`,
    `  plan     ${key.plan} (${key.monthlyLoads.toLocaleString('en-US')} loads a month)`,
    `  domains  ${key.domains.join(', ')}`,
    `  created  ${key.createdAt}`,
  ].join('\n');
}

export function keyAndUsageCommands(program: Command): void {
  const keys = program.command('keys').description('Create and manage publishable widget keys.');
  const storeOptions = (command: Command) =>
    command
      .option('--db <file>', 'SQLite file the relay uses', DEFAULT_DB)
      .option('--redis <url>', 'Redis (not available yet)')
      .option('--json', 'print JSON');

  storeOptions(
    keys
      .command('create')
      .description('Create a key allowed on the given domains.')
      .requiredOption('--plan <plan>', 'free, starter, builder, pro or custom:N', plan)
      .requiredOption('--domain <pattern>', 'allowed domain: example.com, *.example.com, http://localhost:3000; repeatable', domain)
      .option('--name <text>', 'a name to recognise the key by', '')
      .option('--test', 'a pk_test_ key: also allowed on loopback, always served from the sandbox'),
  ).action(
    withStore((store, options: { plan: Plan; domain: string[]; name: string; test?: boolean; json?: boolean }) => {
      const key = describeKey(
        createKey(store, { plan: options.plan, domains: options.domain, name: options.name, test: Boolean(options.test) }, Date.now()),
      );
      print(Boolean(options.json), key, () => keyText(key));
    }),
  );

  storeOptions(keys.command('list').description('List every key.')).action(
    withStore((store, options: { json?: boolean }) => {
      const all = store.listKeys().map(describeKey);
      print(Boolean(options.json), all, () =>
        all.length ? all.map(keyText).join('\n\n') : 'No keys yet: create one with pressbox keys create.',
      );
    }),
  );

  function existing(store: RelayStore, value: string) {
    const key = store.getKey(value);
    if (!key) {
      console.error(`No key ${value} in this store (check --db).`);
      process.exit(1);
    }
    return key;
  }

  storeOptions(keys.command('show').argument('<key>').description('Show one key.')).action(
    withStore((store, value: string, options: { json?: boolean }) => {
      const key = describeKey(existing(store, value));
      print(Boolean(options.json), key, () => keyText(key));
    }),
  );

  storeOptions(
    keys
      .command('update')
      .argument('<key>')
      .description('Change a key: --domain replaces the allowed domains.')
      .option('--plan <plan>', 'free, starter, builder, pro or custom:N', plan)
      .option('--domain <pattern>', 'allowed domain; repeatable', domain)
      .option('--name <text>', 'a new name'),
  ).action(
    withStore((store, value: string, options: { plan?: Plan; domain?: string[]; name?: string; json?: boolean }) => {
      existing(store, value);
      const key = describeKey(
        store.updateKey(value, {
          ...(options.plan && { plan: options.plan }),
          ...(options.domain && { domains: options.domain }),
          ...(options.name !== undefined && { name: options.name }),
        })!,
      );
      print(Boolean(options.json), key, () => keyText(key));
    }),
  );

  storeOptions(keys.command('revoke').argument('<key>').description('Revoke a key: pages using it stop loading data.')).action(
    withStore((store, value: string, options: { json?: boolean }) => {
      existing(store, value);
      const key = describeKey(store.revokeKey(value, Date.now())!);
      print(Boolean(options.json), key, () => keyText(key));
    }),
  );

  storeOptions(
    keys
      .command('check')
      .argument('<key>')
      .argument('<origin>', 'a page origin such as https://www.example.com')
      .description('Say whether a page origin may use a key, and which rule decided.'),
  ).action(
    withStore((store, value: string, origin: string, options: { json?: boolean }) => {
      const key = existing(store, value);
      const decision = decideOrigin(patternsOf(key), pageOrigin(origin, null), key.test);
      const revoked = key.revokedAt !== null;
      const result = { key: key.key, origin, ...decision, ...(revoked && { allowed: false, reason: 'the key is revoked' }) };
      print(Boolean(options.json), result, () =>
        result.allowed
          ? `allowed: ${origin} matches "${(result as { rule: string }).rule}"`
          : `denied: ${(result as { reason: string }).reason}`,
      );
      if (!result.allowed) process.exitCode = 1;
    }),
  );

  storeOptions(
    program
      .command('usage')
      .description('Widget loads per key, month, route and origin.')
      .option('--key <key>', 'one key only')
      .option('--month <YYYY-MM>', 'one month only (UTC)', month),
  ).action(
    withStore((store, options: { key?: string; month?: string; json?: boolean }) => {
      const rows = store.usage({ key: options.key, month: options.month });
      print(Boolean(options.json), rows, () => {
        if (rows.length === 0) return 'No loads recorded for that selection.';
        const lines = rows.map((row) => `${row.month}  ${row.key}  ${row.route.padEnd(22)}  ${row.origin.padEnd(32)}  ${row.loads}`);
        const total = rows.reduce((sum, row) => sum + row.loads, 0);
        return [
          'month    key                                       route                   origin                            loads',
          ...lines,
          `total ${total}`,
        ].join('\n');
      });
    }),
  );
}
