// Runs every node test (test/**/*.test.ts outside test/widgets and test/e2e, which need Chromium, and test/bundle, which needs a fresh build) with node's test runner,
// against a real Redis: REDIS_URL, else 127.0.0.1:6379, else a redis-server started here for the run.
import { spawnSync } from 'node:child_process';
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

async function ensureRedis(): Promise<ChildProcess | undefined> {
  if (process.env.REDIS_URL) return undefined;
  if (await reachable('127.0.0.1', 6379)) {
    process.env.REDIS_URL = 'redis://127.0.0.1:6379';
    return undefined;
  }
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
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

// `--days-ahead N`: the whole suite again with the system clock N days on (faketime), so no test can depend on
// today's date: every clock a test relies on must be injected.
const args = process.argv.slice(2);
const ahead = args[0] === '--days-ahead' ? Number(args[1]) : 0;
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
const command = [process.execPath, '--import', 'tsx', '--test', '--test-reporter=spec', ...files];
if (ahead) console.error(`Node tests with the clock ${ahead} days ahead (faketime).`);
const result = ahead
  ? spawnSync('faketime', ['-f', `+${ahead}d`, ...command], { stdio: 'inherit', env: process.env })
  : spawnSync(process.execPath, command.slice(1), { stdio: 'inherit', env: process.env });
redis?.kill();
process.exit(result.status ?? 1);
