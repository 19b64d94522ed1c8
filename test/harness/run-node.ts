// The node tiers with node's test runner: `unit` (test/unit: no servers, no Redis, no browsers; seconds) and `system`
// (test/system: real Redis, relays, sandboxes, nginx, processes killed with -9), or the files given. The system tier
// gets a Redis: a redis-server started here for the run, or REDIS_URL. Every run fails if a process it started is
// still running when it ends (leftovers.ts).
import { spawn, spawnSync } from 'node:child_process';
import { missingRuntimeFlags } from '../../src/relay/base/runtime-flags.js';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { runBuffered } from './buffered-run.js';
import { freePort, reachable, startRedisServer } from './local-servers.js';
import { markTestRun, stopLeftovers } from './leftovers.js';

const TIERS = { unit: join('test', 'unit'), system: join('test', 'system') } as const;
/** Files at once per clock when the files are shared between clocks: three, so six run at once on two cores. */
const SLOTS_PER_CLOCK = 3;
type Tier = keyof typeof TIERS;

function findTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * A Redis of the run's own (a redis-server on a free port), so two runs at once never flush each other's database;
 * REDIS_URL to use another, or 127.0.0.1:6379 when no redis-server is installed but one answers there. Where each
 * process starts its own (`serverNeeded`), only checks that redis-server is installed.
 */
async function ensureRedis(serverNeeded: boolean): Promise<ChildProcess | undefined> {
  if (process.env.REDIS_URL && !serverNeeded) return undefined;
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    if (!serverNeeded && (await reachable('127.0.0.1', 6379))) {
      process.env.REDIS_URL = 'redis://127.0.0.1:6379';
      return undefined;
    }
    console.error(
      'The system tests need Redis and none was found. Install it with:\n\n    sudo apt-get install -y redis-server\n\nor point REDIS_URL at one.',
    );
    process.exit(1);
  }
  if (serverNeeded) return undefined;
  const port = await freePort();
  const server = await startRedisServer(port);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  console.error(`Started redis-server on port ${port} for the tests.`);
  return server;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill();
  });

/**
 * Which clock a file runs on when the files are shared between two: fixed by its path, so a red run reproduces on any
 * day, and about half the files on each.
 */
export function runsShifted(file: string): boolean {
  return createHash('sha256').update(file.split('\\').join('/')).digest()[0]! % 2 === 1;
}

// `--days-ahead N`: the whole run with the system clock N days on (faketime), so no test can depend on today's date:
// every clock a test relies on must be injected. `--also-days-ahead N`: today's run and the shifted one at once, the
// shifted one with a Redis of its own. `--share-days-ahead N` (what `npm test` runs): each file once, on the clock its
// path gives it (runsShifted), both halves at once, so neither may depend on an idle machine.
const args = process.argv.slice(2);
let mode = ['--days-ahead', '--also-days-ahead', '--share-days-ahead'].indexOf(args[0] ?? '');
let ahead = mode >= 0 ? Number(args[1]) : 0;
if (ahead) args.splice(0, 2);
const tiers = args.filter((arg): arg is Tier => arg in TIERS);
const named = args.filter((arg) => !(arg in TIERS));
const files = [...tiers.flatMap((tier) => findTests(TIERS[tier])), ...named].sort();
if (files.length === 0) {
  console.error(`No node tests found: name a tier (${Object.keys(TIERS).join(', ')}) or test files.`);
  process.exit(1);
}
// Unit tests need no Redis, nor faketime where it is missing (they then run on today's clock alone); the rest may.
const needsRedis = !files.every((file) => file.startsWith(TIERS.unit));
if (ahead && spawnSync('faketime', ['-f', '+0d', 'true'], { stdio: 'ignore' }).status !== 0) {
  console.error('The date-shifted run needs faketime. Install it with:\n\n    sudo apt-get install -y faketime\n');
  if (needsRedis) process.exit(1);
  console.error("Running the unit tests on today's clock only.");
  [mode, ahead] = [-1, 0];
}
const mark = markTestRun();
// Shared between clocks, each slot starts a Redis of its own (runQueues); otherwise the run has one.
const redis = needsRedis ? await ensureRedis(mode === 2) : undefined;
// A file whose tests have all ended exits even if something it started still holds the event loop (a leaked
// connection once kept a file alive until CI's time ran out); the leftover check below then names what it left.
// The tests run as the relay does, with its runtime flags (src/relay/base/runtime-flags.ts), in every process they start.
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, ...missingRuntimeFlags()].filter(Boolean).join(' ');
const testCommand = (files: string[]) => [
  process.execPath,
  '--import',
  'tsx',
  '--test',
  '--test-force-exit',
  '--test-reporter=spec',
  ...files,
];
const started = performance.now();
let status: number;
if (mode === 1) status = await todayAndAhead(testCommand(files), testCommand(files), ahead);
else if (mode === 2) {
  const shifted = files.filter(runsShifted);
  const today = files.filter((file) => !runsShifted(file));
  console.error(
    `${today.length} test files on today's clock, ${shifted.length} with the clock ${ahead} days ahead (fixed by each file's path), ` +
      `${SLOTS_PER_CLOCK} at a time on each clock.`,
  );
  status = await runQueues([
    { files: today, days: 0, slots: SLOTS_PER_CLOCK },
    { files: shifted, days: ahead, slots: SLOTS_PER_CLOCK },
  ]);
} else {
  if (ahead) console.error(`Node tests with the clock ${ahead} days ahead (faketime).`);
  const command = testCommand(files);
  const result = ahead
    ? spawnSync('faketime', ['-f', `+${ahead}d`, ...command], { stdio: 'inherit', env: process.env })
    : spawnSync(process.execPath, command.slice(1), { stdio: 'inherit', env: process.env });
  status = result.status ?? 1;
}
if (redis) await stopped(redis);
const leftovers = await stopLeftovers(mark, `The ${tiers.join(' and ') || 'node'} tests`);
console.error(`${tiers.join(' + ') || 'node tests'}: ${files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(status || leftovers);

/** Both runs at once: today's report as it comes, the shifted run's after it (two reports interleaved read as none). */
async function todayAndAhead(todayCommand: string[], laterCommand: string[], days: number): Promise<number> {
  const exited = (child: ChildProcess) => new Promise<number>((done) => child.once('close', (code) => done(code ?? 1)));
  const today = spawn(process.execPath, todayCommand.slice(1), { stdio: 'inherit', env: process.env });
  const [todayStatus, laterStatus] = await Promise.all([
    exited(today),
    runQueues([{ files: laterCommand.filter((arg) => arg.endsWith('.test.ts')), days, slots: 1 }]),
  ]);
  return todayStatus || laterStatus;
}

interface Queue {
  files: string[];
  /** Days the queue's clock is ahead (0: today's). */
  days: number;
  /** Files of this queue run at once. */
  slots: number;
}

interface FileRun {
  file: string;
  seconds: number;
  status: number;
}

/**
 * Each queue's files in its slots, each slot taking the next file as soon as its last one ends: a long file holds up
 * only its own slot, where files dealt out in advance waited behind it (the system tier's slowest process ran 80 s
 * past the others). Each slot has a Redis of its own where the tests need one, since their files flush it; each file
 * runs in a process of its own (under faketime where its clock is ahead), and its report is printed whole as it ends.
 */
async function runQueues(queues: Queue[]): Promise<number> {
  const runs: FileRun[] = [];
  await Promise.all(
    queues.flatMap(({ files, days, slots }) => {
      const waiting = [...files];
      return Array.from({ length: Math.min(slots, files.length) }, async () => {
        const port = needsRedis ? await freePort() : undefined;
        const own = port ? await startRedisServer(port) : undefined;
        try {
          for (let file = waiting.shift(); file; file = waiting.shift()) runs.push(await runFile(file, days, port));
        } finally {
          if (own) await stopped(own);
        }
      });
    }),
  );
  const slowest = [...runs].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  console.error(`Slowest files: ${slowest.map((run) => `${run.file} ${run.seconds.toFixed(1)} s`).join(', ')}`);
  const failed = runs.filter((run) => run.status !== 0);
  if (failed.length) console.error(`Failed: ${failed.map((run) => run.file).join(', ')}`);
  return failed[0]?.status ?? 0;
}

async function runFile(file: string, days: number, redisPort: number | undefined): Promise<FileRun> {
  const command = testCommand([file]);
  const env = { ...process.env, ...(redisPort && { REDIS_URL: `redis://127.0.0.1:${redisPort}` }) };
  const clock = days ? `the clock ${days} days ahead (faketime)` : "today's clock";
  const { code, seconds } = days
    ? await runBuffered(`${file}, on ${clock}`, 'faketime', ['-f', `+${days}d`, ...command], env)
    : await runBuffered(`${file}, on ${clock}`, process.execPath, command.slice(1), env);
  return { file, seconds, status: code };
}
