import type { Command } from 'commander';
import { createKey, describeKey, rotateKey } from '../relay/admin/routes.js';
import { patternsOf } from '../relay/http/access.js';
import { decideOrigin, pageOrigin } from '../relay/keys/domains.js';
import { isActive, type Plan, type WidgetKey } from '../relay/keys/model.js';
import { openStore } from '../relay/store/open.js';
import type { RelayStore } from '../relay/store/types.js';
import { existsSync } from 'node:fs';
import { CliFailure, describeFailure } from './failures.js';
import { DEFAULT_DB, domain, duration, month, plan } from './options.js';

interface StoreFlags {
  db: string;
  redis?: string;
  json?: boolean;
}

/**
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

function print(flags: StoreFlags, value: unknown, text: () => string): void {
  console.log(flags.json ? JSON.stringify(value, null, 2) : text());
}

function keyText(key: ReturnType<typeof describeKey>): string {
  const status = !key.revokedAt
    ? 'active'
    : Date.parse(key.revokedAt) > Date.now()
      ? `works until ${key.revokedAt}, then revoked`
      : `revoked ${key.revokedAt}`;
  return [
    `${key.key}  (${key.test ? 'test' : 'live'}, ${status})`,
    `  name     ${key.name || '—'}`,
    `  plan     ${key.plan} (${loads(key.monthlyLoads)} a month)`,
    `  domains  ${key.domains.join(', ')}`,
    `  created  ${key.createdAt}`,
  ].join('\n');
}

async function existing(store: RelayStore, value: string): Promise<WidgetKey> {
  const key = await store.getKey(value);
  if (!key) throw new CliFailure(`no key ${value} in this store: check the key, or --db / --redis (pressbox keys list shows them).`);
  return key;
}

/** "1 load", "25,000 loads". */
export function loads(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'load' : 'loads'}`;
}

function storeOptions(command: Command): Command {
  return command
    .option('--db <file>', 'SQLite file the relay uses', DEFAULT_DB)
    .option('--redis <url>', 'Redis the relay uses, instead of --db')
    .option('--json', 'print JSON');
}

export function keyAndUsageCommands(program: Command): void {
  const keys = program.command('keys').description('Create and manage publishable widget keys.');

  storeOptions(
    keys
      .command('create')
      .description('Create a key allowed on the given domains.')
      .requiredOption('--plan <plan>', 'free, starter, builder, pro or custom:N', plan)
      .requiredOption('--domain <pattern>', 'allowed domain: example.com, *.example.com, http://localhost:3000; repeatable', domain)
      .option('--name <text>', 'a name to recognise the key by', '')
      .option('--test', 'a pk_test_ key: also allowed on loopback, always served from the sandbox'),
  ).action((flags: StoreFlags & { plan: Plan; domain: string[]; name: string; test?: boolean }) =>
    withStore(
      flags,
      async (store) => {
        const input = { plan: flags.plan, domains: flags.domain, name: flags.name, test: Boolean(flags.test) };
        const key = describeKey(await createKey(store, input, Date.now()));
        print(flags, key, () => keyText(key));
      },
      true,
    ),
  );

  storeOptions(keys.command('list').description('List every key.')).action((flags: StoreFlags) =>
    withStore(flags, async (store) => {
      const all = (await store.listKeys()).map(describeKey);
      print(flags, all, () => (all.length ? all.map(keyText).join('\n\n') : 'No keys yet: create one with pressbox keys create.'));
    }),
  );

  storeOptions(keys.command('show').argument('<key>').description('Show one key.')).action((value: string, flags: StoreFlags) =>
    withStore(flags, async (store) => {
      const key = describeKey(await existing(store, value));
      print(flags, key, () => keyText(key));
    }),
  );

  storeOptions(
    keys
      .command('update')
      .argument('<key>')
      .description('Change a key: --add-domain and --remove-domain edit the allowed domains, --domain replaces them all.')
      .option('--plan <plan>', 'free, starter, builder, pro or custom:N', plan)
      .option('--domain <pattern>', 'allowed domain, replacing the list; repeatable', domain)
      .option('--add-domain <pattern>', 'allow one more domain; repeatable', domain)
      .option('--remove-domain <pattern>', 'stop allowing a domain; repeatable', domain)
      .option('--name <text>', 'a new name'),
  ).action(
    (value: string, flags: StoreFlags & { plan?: Plan; domain?: string[]; addDomain?: string[]; removeDomain?: string[]; name?: string }) =>
      withStore(flags, async (store) => {
        const current = await existing(store, value);
        const edited =
          flags.addDomain || flags.removeDomain
            ? [...new Set([...(flags.domain ?? current.domains), ...(flags.addDomain ?? [])])].filter(
                (pattern) => !(flags.removeDomain ?? []).includes(pattern),
              )
            : flags.domain;
        const change = {
          ...(flags.plan && { plan: flags.plan }),
          ...(edited && { domains: edited }),
          ...(flags.name !== undefined && { name: flags.name }),
        };
        const key = describeKey((await store.updateKey(value, change))!);
        print(flags, key, () => keyText(key));
      }),
  );

  storeOptions(keys.command('revoke').argument('<key>').description('Revoke a key: pages using it stop loading data.')).action(
    (value: string, flags: StoreFlags) =>
      withStore(flags, async (store) => {
        await existing(store, value);
        const key = describeKey((await store.revokeKey(value, Date.now()))!);
        print(flags, key, () => keyText(key));
      }),
  );

  storeOptions(
    keys
      .command('rotate')
      .argument('<key>')
      .description('Issue a new key with the same settings; the old one keeps working for the grace period, then is revoked.')
      .option('--grace <duration>', 'how long the old key keeps working: 7d, 12h, 30m or 0', duration, 7 * 86_400_000),
  ).action((value: string, flags: StoreFlags & { grace: number }) =>
    withStore(flags, async (store) => {
      const rotated = await rotateKey(store, await existing(store, value), flags.grace, Date.now());
      const key = describeKey(rotated.key);
      const old = describeKey(rotated.old);
      print(flags, { key, old }, () =>
        [keyText(key), '', `${old.key} keeps working until ${old.revokedAt}: put the new key on your pages before then.`].join('\n'),
      );
    }),
  );

  storeOptions(
    keys
      .command('check')
      .argument('<key>')
      .argument('<origin>', 'a page origin such as https://www.example.com')
      .description('Say whether a page origin may use a key, and which rule decided.'),
  ).action((value: string, origin: string, flags: StoreFlags) =>
    withStore(flags, async (store) => {
      const key = await existing(store, value);
      const decision = !isActive(key, Date.now())
        ? { allowed: false as const, reason: 'the key is revoked' }
        : decideOrigin(patternsOf(key), pageOrigin(origin, null), key.test);
      print(flags, { key: key.key, origin, ...decision }, () =>
        decision.allowed ? `allowed: ${origin} matches "${decision.rule}"` : `denied: ${decision.reason}`,
      );
      if (!decision.allowed) process.exitCode = 1;
    }),
  );

  storeOptions(
    program
      .command('usage')
      .description('Widget loads per key, month, route and origin.')
      .option('--key <key>', 'one key only')
      .option('--month <YYYY-MM>', 'one month only (UTC)', month),
  ).action((flags: StoreFlags & { key?: string; month?: string }) =>
    withStore(flags, async (store) => {
      const rows = await store.usage({ key: flags.key, month: flags.month });
      print(flags, rows, () => {
        if (rows.length === 0) return 'No loads recorded for that selection.';
        const lines = rows.map((row) => `${row.month}  ${row.key}  ${row.route.padEnd(22)}  ${row.origin.padEnd(32)}  ${row.loads}`);
        const total = rows.reduce((sum, row) => sum + row.loads, 0);
        return [
          `month    ${'key'.padEnd(40)}  ${'route'.padEnd(22)}  ${'origin'.padEnd(32)}  loads`,
          ...lines,
          `total ${loads(total)}`,
        ].join('\n');
      });
    }),
  );
}
