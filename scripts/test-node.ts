// Runs every node test (test/**/*.test.ts outside test/widgets and test/e2e, which need Chromium, and test/bundle, which needs a fresh build) with node's test runner,
// against a real Redis: a redis-server started here for the run, or REDIS_URL.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, reachable, startRedisServer } from './local-servers.js';

function findTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return [join('test', 'widgets'), join('test', 'e2e'), join('test', 'bundle'), join('test', 'package')].includes(path)
        ? []
        : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * A Redis of the run's own (a redis-server on a free port), so two runs at once never flush each other's database;
 * REDIS_URL to use another, or 127.0.0.1:6379 when no redis-server is installed but one answers there.
 */
async function ensureRedis(): Promise<ChildProcess | undefined> {
  if (process.env.REDIS_URL) return undefined;
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    if (await reachable('127.0.0.1', 6379)) {
      process.env.REDIS_URL = 'redis://127.0.0.1:6379';
      return undefined;
    }
    console.error(
      'The node tests need Redis and none was found. Install it with:\n\n    sudo apt-get install -y redis-server\n\nor point REDIS_URL at one.',
    );
    process.exit(1);
  }
  const port = await freePort();
  const server = await startRedisServer(port);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  console.error(`Started redis-server on port ${port} for the tests.`);
  return server;
}

// `--days-ahead N`: the whole suite with the system clock N days on (faketime), so no test can depend on today's date:
// every clock a test relies on must be injected. `--also-days-ahead N`: today's run and the shifted one at once, the
// shifted one with a Redis of its own. `--share-days-ahead N` (what `npm test` runs): the files shared between the two
// clocks, run at once, so each file runs once; which half is shifted swaps every day, so over two days every file has
// run on both clocks, and neither half may depend on an idle machine.
const args = process.argv.slice(2);
const mode = ['--days-ahead', '--also-days-ahead', '--share-days-ahead'].indexOf(args[0] ?? '');
const ahead = mode >= 0 ? Number(args[1]) : 0;
if (ahead) args.splice(0, 2);
if (ahead && spawnSync('faketime', ['-f', '+0d', 'true'], { stdio: 'ignore' }).status !== 0) {
  console.error('The date-shifted run needs faketime. Install it with:\n\n    sudo apt-get install -y faketime\n');
  process.exit(1);
}
const files = args.length > 0 ? args : findTests('test').sort();
if (files.length === 0) {
  console.error('No node tests found under test/.');
  process.exit(1);
}
const redis = await ensureRedis();
// A file whose tests have all ended exits even if something it started still holds the event loop (a leaked
// connection once kept a file alive until CI's time ran out); test/relay/stores.test.ts checks the leak itself.
const testCommand = (files: string[]) => [
  process.execPath,
  '--import',
  'tsx',
  '--test',
  '--test-force-exit',
  '--test-reporter=spec',
  ...files,
];
const command = testCommand(files);
if (mode === 1) process.exit(await todayAndAhead(command, command, ahead, redis));
if (mode === 2) {
  const { today, shifted } = shareBetweenClocks(files, Math.floor(Date.now() / 86_400_000));
  console.error(`${today.length} test files on today's clock, ${shifted.length} with the clock ${ahead} days ahead (they swap tomorrow).`);
  process.exit(await todayAndAhead(testCommand(today), testCommand(shifted), ahead, redis));
}
if (ahead) console.error(`Node tests with the clock ${ahead} days ahead (faketime).`);
const result = ahead
  ? spawnSync('faketime', ['-f', `+${ahead}d`, ...command], { stdio: 'inherit', env: process.env })
  : spawnSync(process.execPath, command.slice(1), { stdio: 'inherit', env: process.env });
redis?.kill();
process.exit(result.status ?? 1);

/** Every other file on each clock, the halves swapping with the day's parity. */
function shareBetweenClocks(files: string[], day: number): { today: string[]; shifted: string[] } {
  const today = files.filter((_, index) => (index + day) % 2 === 0);
  return { today, shifted: files.filter((file) => !today.includes(file)) };
}

/** Both runs at once: today's report as it comes, the shifted run's after it (two reports interleaved read as none). */
async function todayAndAhead(
  todayCommand: string[],
  laterCommand: string[],
  days: number,
  shared: ChildProcess | undefined,
): Promise<number> {
  const port = await freePort();
  const own = await startRedisServer(port);
  const today = spawn(process.execPath, todayCommand.slice(1), { stdio: 'inherit', env: process.env });
  const later = spawn('faketime', ['-f', `+${days}d`, ...laterCommand], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDIS_URL: `redis://127.0.0.1:${port}` },
  });
  const report: Buffer[] = [];
  later.stdout!.on('data', (chunk: Buffer) => report.push(chunk));
  later.stderr!.on('data', (chunk: Buffer) => report.push(chunk));
  const exited = (child: ChildProcess) => new Promise<number>((done) => child.once('close', (code) => done(code ?? 1)));
  const [todayStatus, laterStatus] = await Promise.all([exited(today), exited(later)]);
  console.log(`\nNode tests with the clock ${days} days ahead (faketime), run beside today's:\n`);
  process.stdout.write(Buffer.concat(report));
  own.kill();
  shared?.kill();
  return todayStatus || laterStatus;
}
