// Issue 73: the relay's runtime flags hold however it is started. `node bin/pressbox.js serve` (as a process manager, a
// container's CMD or npx starts the bin) runs with a 16 MiB young generation, in every worker of `--workers`; an
// operator's own size is kept; a program that calls startRelay() without the flags is told at start.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../harness/local-servers.js';
import { until } from '../../helpers/wait.js';

const TOKEN = 'runtime-flags-admin-token-0123456789';
let dir = '';

/** The environment of a shell with no NODE_OPTIONS: what the bin finds when nothing else set the flags. */
function bareEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  return { ...env, PRESSBOX_ADMIN_TOKEN: TOKEN, ...extra };
}

/** The semi-space sizes `pressbox serve` reports in /metrics, one per process, after starting it as `args` say. */
async function servedSizes(nodeArgs: string[], serveArgs: string[], env = bareEnvironment()): Promise<{ sizes: number[]; banner: string }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, 'bin/pressbox.js', 'serve', '--port', String(port), '--db', join(dir, `${port}.db`), ...serveArgs],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let banner = '';
  child.stderr!.on('data', (chunk: Buffer) => (banner += chunk.toString()));
  try {
    const origin = `http://127.0.0.1:${port}`;
    await until(
      () =>
        fetch(`${origin}/health`).then(
          (answer) => answer.ok,
          () => false,
        ),
      () => `pressbox serve on ${port} did not come up: ${banner}`,
      30_000,
    );
    await until(() => banner.includes('console'), 'the banner', 10_000);
    const metrics = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const sizes = [...metrics.matchAll(/^pressbox_node_max_semi_space_mebibytes(?:\{[^}]*\})? (\d+)$/gm)].map((match) => Number(match[1]));
    return { sizes, banner };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressbox-runtime-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('the relay’s runtime flags, however it is started', () => {
  it('runs `node bin/pressbox.js serve` with a 16 MiB young generation, and says so', async () => {
    const { sizes, banner } = await servedSizes([], []);
    assert.deepEqual(sizes, [16]);
    assert.match(banner, /runtime {3}Node \d+\.\d+\.\d+, young generation 16 MiB semi-spaces/);
  });

  it('gives every worker of --workers the same', async () => {
    const { sizes } = await servedSizes([], ['--workers', '2']);
    assert.deepEqual(sizes, [16, 16], 'one series per worker');
  });

  it('keeps a size the operator chose, on the command line or in NODE_OPTIONS', async () => {
    assert.deepEqual((await servedSizes(['--max-semi-space-size=32'], [])).sizes, [32]);
    assert.deepEqual((await servedSizes([], [], bareEnvironment({ NODE_OPTIONS: '--max-semi-space-size=8' }))).sizes, [8]);
  });

  it('tells a program that starts the relay itself without the flags what to pass', async () => {
    const program = [
      "import { startRelay } from './src/relay/server.ts';",
      "const relay = await startRelay({ port: 0, db: ':memory:', journal: ':memory:' });",
      'await relay.close();',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
      env: bareEnvironment(),
    });
    const warning = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: string; message: string; fix?: string })
      .find((line) => line.message === 'runtime flags missing');
    assert.equal(warning?.level, 'warn');
    assert.match(warning!.fix!, /--max-semi-space-size=16/);
  });
});
