import { Command, InvalidArgumentError } from 'commander';
import { PLAN_ORDER, isPlanId, type PlanId } from './sandbox/accounts.js';
import { parseFaultSpec, type FaultRuleInput } from './sandbox/faults.js';
import { startSandbox } from './sandbox/server.js';
import { createKey, describeKey } from './relay/admin/routes.js';
import { decideOrigin, pageOrigin, parseDomainPattern } from './relay/keys/domains.js';
import { parsePlan, type Plan } from './relay/keys/model.js';
import { patternsOf } from './relay/http/access.js';
import { relayEnvironment, startRelay } from './relay/server.js';
import { openSqliteStore } from './relay/store/sqlite.js';
import type { RelayStore } from './relay/store/types.js';

function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[] = []): T[] => {
    try {
      return [...previous, parse(value)];
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

function positive(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number above 0');
  return number;
}

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return number;
}

function apiKeySpec(value: string): [string, PlanId] {
  const [key, plan] = value.split('=', 2);
  if (!key || !plan || !isPlanId(plan)) throw new Error(`expected KEY=PLAN with PLAN one of ${PLAN_ORDER.join(', ')} (got "${value}")`);
  return [key, plan];
}

function instant(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('expected an ISO 8601 time such as 2026-11-22T19:30:00Z');
  return ms;
}

function rate(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError('expected a number ≥ 0 (0 freezes the clock, 1 is real time)');
  return number;
}

function plan(value: string): Plan {
  const parsed = parsePlan(value);
  if (!parsed) throw new InvalidArgumentError('expected free, starter, builder, pro or custom:N (N loads a month)');
  return parsed;
}

function domain(value: string, previous: string[] = []): string[] {
  const parsed = parseDomainPattern(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return [...previous, value];
}

function month(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError('expected a month written YYYY-MM');
  return value;
}

const DEFAULT_DB = 'pressbox.db';
const DEMO_KEY_NAME = 'demo';

/** Runs a command against the store a running relay uses (same --db), closing it afterwards. */
function withStore<Args extends unknown[]>(action: (store: RelayStore, ...args: Args) => void) {
  return (...args: Args) => {
    const options = args.findLast((arg) => typeof arg === 'object' && arg !== null && 'db' in (arg as object)) as { db: string; redis?: string };
    if (options.redis) {
      console.error('--redis is not available yet: use --db FILE (SQLite).');
      process.exit(2);
    }
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

const program = new Command()
  .name('pressbox')
  .description('Pressbox: embeddable sports-data widgets, the relay that feeds them, and a sandbox of the upstream API.')
  .showHelpAfterError();

program
  .command('sandbox')
  .description('Run the embedded Sports Data Service alone and print its base address and keys.')
  .option('--port <port>', 'port to listen on', port, 4010)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--api-key <KEY=PLAN>', 'add a key on a plan (free, starter, builder, pro); repeatable', collect(apiKeySpec), [])
  .option('--fault <spec>', 'inject faults, e.g. "status=503,share=0.2" or "latency=300,path=/lines"; repeatable', collect(parseFaultSpec), [])
  .option('--time <iso>', 'start the game clock at this instant instead of now', instant)
  .option('--rate <n>', 'game clock speed: 0 frozen, 1 real time, 60 a minute per second', rate, 1)
  .action(async (options: { port: number; host: string; apiKey: Array<[string, PlanId]>; fault: FaultRuleInput[]; time?: number; rate: number }) => {
    const sandbox = await startSandbox({
      port: options.port,
      host: options.host,
      keys: Object.fromEntries(options.apiKey),
      faults: options.fault,
      now: options.time,
      rate: options.rate,
    });
    const lines = [
      `Pressbox sandbox (Sports Data Service) listening`,
      `  base address  ${sandbox.baseUrl}`,
      `  keys          ${sandbox.accounts.list().map((account) => `${account.apiKey} (${account.plan.id})`).join(', ')}`,
      `  try           curl -H 'x-api-key: sk_sandbox_pro' '${sandbox.baseUrl}/live-games?sport=nba'`,
      `  controls      ${sandbox.origin}/_sandbox/clock, ${sandbox.origin}/_sandbox/faults`,
    ];
    if (options.fault.length) lines.push(`  faults        ${JSON.stringify(sandbox.faults.list())}`);
    console.log(lines.join('\n'));
    const stop = () => {
      void sandbox.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('serve')
  .description('Run the relay. Upstream from PRESSBOX_UPSTREAM_URL and PRESSBOX_UPSTREAM_KEY, else the embedded sandbox.')
  .option('--port <port>', 'port to listen on', port, 8787)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--db <file>', 'SQLite file for keys and usage', DEFAULT_DB)
  .option('--redis <url>', 'Redis instead of SQLite (not available yet)')
  .option('--rate-limit <n>', 'requests per minute for one key from one address (bursts of a fifth of it)', positive, 600)
  .action(async (options: { port: number; host: string; db: string; redis?: string; rateLimit: number }) => {
    if (options.redis) {
      console.error('--redis is not available yet: use --db FILE (SQLite).');
      process.exit(2);
    }
    const relay = await startRelay({
      port: options.port,
      host: options.host,
      db: options.db,
      rateLimit: { perMinute: options.rateLimit, burst: Math.max(10, Math.round(options.rateLimit / 5)) },
      ...relayEnvironment(),
    });
    console.error(
      [
        'Pressbox relay listening',
        `  relay     ${relay.origin}`,
        `  upstream  ${relay.liveUpstream}`,
        `  store     ${options.db}`,
        `  health    ${relay.origin}/health`,
      ].join('\n'),
    );
    const stop = () => void relay.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('start')
  .description('Start the relay with its sandbox and a demo key for localhost: what `npm start` runs.')
  .option('--port <port>', 'port to listen on', port, 8787)
  .option('--db <file>', 'SQLite file for keys and usage', DEFAULT_DB)
  .option('--sandbox-port <port>', 'port of the embedded sandbox', port, 4010)
  .action(async (options: { port: number; db: string; sandboxPort: number }) => {
    const store = openSqliteStore(options.db);
    const demo =
      store.listKeys().find((key) => key.name === DEMO_KEY_NAME && key.revokedAt === null) ??
      createKey(store, { plan: 'pro', domains: ['localhost', '127.0.0.1'], name: DEMO_KEY_NAME, test: true }, Date.now());
    store.close();
    const relay = await startRelay({ port: options.port, db: options.db, sandbox: { port: options.sandboxPort }, ...relayEnvironment() });
    console.log(
      [
        'Pressbox is running',
        `  relay       ${relay.origin}   (upstream: ${relay.liveUpstream})`,
        `  sandbox     ${relay.sandbox.baseUrl}   (keys: sk_sandbox_pro and one per plan)`,
        `  demo key    ${demo.key}   (test key, allowed on localhost)`,
        `  try         curl -H 'Origin: http://localhost' '${relay.origin}/v1/scores?league=nba&key=${demo.key}'`,
        `  keys        npx pressbox keys create --plan free --domain example.com --db ${options.db}`,
        '  stop        Ctrl+C',
      ].join('\n'),
    );
    const stop = () => void relay.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

const keys = program.command('keys').description('Create and manage publishable widget keys.');
const storeOptions = (command: Command) =>
  command.option('--db <file>', 'SQLite file the relay uses', DEFAULT_DB).option('--redis <url>', 'Redis (not available yet)').option('--json', 'print JSON');

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
    const key = describeKey(createKey(store, { plan: options.plan, domains: options.domain, name: options.name, test: Boolean(options.test) }, Date.now()));
    print(Boolean(options.json), key, () => keyText(key));
  }),
);

storeOptions(keys.command('list').description('List every key.')).action(
  withStore((store, options: { json?: boolean }) => {
    const all = store.listKeys().map(describeKey);
    print(Boolean(options.json), all, () => (all.length ? all.map(keyText).join('\n\n') : 'No keys yet: create one with pressbox keys create.'));
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
    const key = describeKey(store.updateKey(value, { ...(options.plan && { plan: options.plan }), ...(options.domain && { domains: options.domain }), ...(options.name !== undefined && { name: options.name }) })!);
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

storeOptions(keys.command('check').argument('<key>').argument('<origin>', 'a page origin such as https://www.example.com').description('Say whether a page origin may use a key, and which rule decided.')).action(
  withStore((store, value: string, origin: string, options: { json?: boolean }) => {
    const key = existing(store, value);
    const decision = decideOrigin(patternsOf(key), pageOrigin(origin, null), key.test);
    const revoked = key.revokedAt !== null;
    const result = { key: key.key, origin, ...decision, ...(revoked && { allowed: false, reason: 'the key is revoked' }) };
    print(Boolean(options.json), result, () =>
      result.allowed ? `allowed: ${origin} matches "${(result as { rule: string }).rule}"` : `denied: ${(result as { reason: string }).reason}`,
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
      return ['month    key                                       route                   origin                            loads', ...lines, `total ${total}`].join('\n');
    });
  }),
);

await program.parseAsync(process.argv);
