import { InvalidArgumentError, type Command } from 'commander';
import { createKey, describeKey, rotateKey } from '../relay/keys/service.js';
import { patternsOf } from '../relay/keys/service.js';
import { decideOrigin, pageOrigin } from '../relay/keys/domains.js';
import { isActive, type Plan, type WidgetKey } from '../relay/keys/model.js';
import { loadCount } from '../relay/metering/month.js';
import { openStore } from '../relay/store/open.js';
import type { DailyUsageRow, RelayStore } from '../relay/store/types.js';
import { existsSync } from 'node:fs';
import { CliFailure, describeFailure } from './failures.js';
import { DEFAULT_DB, day, domain, duration, month, plan, positive, redisUrl, wholeNumber } from './options.js';

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
    `  plan     ${key.plan} (${loadCount(key.monthlyLoads)} a month)`,
    `  domains  ${key.domains.join(', ')}`,
    `  daily    ${key.dailyLimit === null ? 'no daily ceiling' : `at most ${loadCount(key.dailyLimit)} a day`}`,
    `  clients  ${key.browserOnly ? 'browsers only (requests without Fetch Metadata are refused)' : 'any'}`,
    `  created  ${key.createdAt}`,
  ].join('\n');
}

async function existing(store: RelayStore, value: string): Promise<WidgetKey> {
  const key = await store.getKey(value);
  if (!key) throw new CliFailure(`no key ${value} in this store: check the key, or --db / --redis (pressbox keys list shows them).`);
  return key;
}

const USAGE_DIMENSIONS = ['origin', 'prefix', 'route', 'client'] as const;
type UsageDimension = (typeof USAGE_DIMENSIONS)[number];

function by(value: string): UsageDimension {
  if (!(USAGE_DIMENSIONS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected ${USAGE_DIMENSIONS.join(', ')}`);
  return value as UsageDimension;
}

interface UsageGroup {
  key: string;
  value: string;
  loads: number;
  /** Of the key's loads in the selection. */
  share: number;
  /** Loads that came without browser Fetch Metadata. */
  fromScripts: number;
}

/** Loads per key and value of one dimension, the largest first. */
function groupUsage(rows: DailyUsageRow[], dimension: UsageDimension): UsageGroup[] {
  const groups = new Map<string, UsageGroup>();
  const perKey = new Map<string, number>();
  for (const row of rows) {
    const id = `${row.key} ${row[dimension]}`;
    const group = groups.get(id) ?? { key: row.key, value: row[dimension], loads: 0, share: 0, fromScripts: 0 };
    group.loads += row.loads;
    if (row.client === 'script') group.fromScripts += row.loads;
    groups.set(id, group);
    perKey.set(row.key, (perKey.get(row.key) ?? 0) + row.loads);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, share: group.loads / perKey.get(group.key)! }))
    .sort((a, b) => a.key.localeCompare(b.key) || b.loads - a.loads);
}

function usageTable(groups: UsageGroup[], dimension: UsageDimension): string {
  if (groups.length === 0) return 'No loads recorded for that selection.';
  const lines = groups.map(
    (group) =>
      `${group.key}  ${group.value.padEnd(32)}  ${String(group.loads).padStart(9)}  ${`${(group.share * 100).toFixed(1)} %`.padStart(7)}  ${group.fromScripts ? `${loadCount(group.fromScripts)} without browser metadata` : ''}`,
  );
  return [`${'key'.padEnd(40)}  ${dimension.padEnd(32)}  ${'loads'.padStart(9)}  ${'share'.padStart(7)}`, ...lines].join('\n');
}

function storeOptions(command: Command): Command {
  return command
    .option('--db <file>', 'SQLite file the relay uses', DEFAULT_DB)
    .option('--redis <url>', 'Redis the relay uses, instead of --db', redisUrl)
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
      .option('--test', 'a pk_test_ key: also allowed on loopback, always served from the sandbox')
      .option('--daily-limit <n>', 'at most N loads a day (UTC), besides the plan’s month', positive)
      .option('--browser-only', 'refuse requests without browser Fetch Metadata (scripts replaying the key)'),
  ).action(
    (flags: StoreFlags & { plan: Plan; domain: string[]; name: string; test?: boolean; dailyLimit?: number; browserOnly?: boolean }) =>
      withStore(
        flags,
        async (store) => {
          const input = {
            plan: flags.plan,
            domains: flags.domain,
            name: flags.name,
            test: Boolean(flags.test),
            dailyLimit: flags.dailyLimit ?? null,
            browserOnly: Boolean(flags.browserOnly),
          };
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
      .option('--name <text>', 'a new name')
      .option('--daily-limit <n>', 'at most N loads a day (UTC); 0 removes the ceiling', wholeNumber)
      .option('--browser-only', 'refuse requests without browser Fetch Metadata')
      .option('--no-browser-only', 'answer scripts too'),
  ).action(
    (
      value: string,
      flags: StoreFlags & {
        plan?: Plan;
        domain?: string[];
        addDomain?: string[];
        removeDomain?: string[];
        name?: string;
        dailyLimit?: number;
        browserOnly?: boolean;
      },
    ) =>
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
          ...(flags.dailyLimit !== undefined && { dailyLimit: flags.dailyLimit || null }),
          ...(flags.browserOnly !== undefined && { browserOnly: flags.browserOnly }),
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
      .description('Widget loads per key, month, route and origin; with --by, where one day or month’s loads came from.')
      .option('--key <key>', 'one key only')
      .option('--month <YYYY-MM>', 'one month only (UTC)', month)
      .option('--day <YYYY-MM-DD>', 'one day only (UTC)', day)
      .option('--by <what>', 'origin, prefix (IPv4 /24, IPv6 /48), route or client (browser or script)', by),
  ).action((flags: StoreFlags & { key?: string; month?: string; day?: string; by?: UsageDimension }) =>
    withStore(flags, async (store) => {
      if (flags.by || flags.day) {
        const rows = await store.dailyUsage({ key: flags.key, day: flags.day, month: flags.month });
        const groups = groupUsage(rows, flags.by ?? 'origin');
        print(flags, groups, () => usageTable(groups, flags.by ?? 'origin'));
        return;
      }
      const rows = await store.usage({ key: flags.key, month: flags.month });
      print(flags, rows, () => {
        if (rows.length === 0) return 'No loads recorded for that selection.';
        const lines = rows.map((row) => `${row.month}  ${row.key}  ${row.route.padEnd(22)}  ${row.origin.padEnd(32)}  ${row.loads}`);
        const total = rows.reduce((sum, row) => sum + row.loads, 0);
        return [
          `month    ${'key'.padEnd(40)}  ${'route'.padEnd(22)}  ${'origin'.padEnd(32)}  loads`,
          ...lines,
          `total ${loadCount(total)}`,
        ].join('\n');
      });
    }),
  );
}
