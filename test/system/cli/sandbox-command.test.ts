import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';

/** Starts `pressbox sandbox` from source and resolves with its printed base address. */
async function runSandbox(args: string[]): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sandbox', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (!/base address\s+(\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`pressbox sandbox exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`pressbox sandbox printed no address:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, baseUrl: /base address\s+(\S+)/.exec(output)![1]!, output: () => output };
}

async function stop(child: ChildProcess): Promise<number | null> {
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  return code as number | null;
}

describe('pressbox sandbox', () => {
  it('prints its base address and keys, answers every endpoint with sk_sandbox_pro, and stops on SIGTERM', async () => {
    const { child, baseUrl, output } = await runSandbox([]);
    try {
      assert.match(baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      for (const key of ['sk_sandbox_free', 'sk_sandbox_starter', 'sk_sandbox_builder', 'sk_sandbox_pro'])
        assert.ok(output().includes(key), key);
      const get = (path: string) => fetch(`${baseUrl}${path}`, { headers: { 'x-api-key': 'sk_sandbox_pro' } });
      const gameId = (await (await get('/odds-games?league=nba')).json()).data[0].gameId;
      for (const path of [
        '/health',
        '/me',
        '/teams?league=nba&injuries=true',
        '/live-games?sport=nba',
        '/live-games?sport=nba&status=final&recentdays=1',
        '/lines?league=nba&include=xchg',
        '/odds-games?league=nba',
        '/games?league=nba&date=2026-11-20',
        '/injuries?league=nfl',
        '/recent-form?league=nba',
        '/head-to-head?league=nba&teamA=BOS&teamB=NYK',
        `/player-props?league=nba&gameId=${gameId}&markets=points`,
        `/player-props/splits?league=nba&gameId=${gameId}`,
        '/splits?league=nba',
      ]) {
        assert.equal((await get(path)).status, 200, path);
      }
    } finally {
      assert.equal(await stop(child), 0, 'exits cleanly');
    }
  });

  it('takes extra keys, faults and a fixed clock from the command line', async () => {
    const { child, baseUrl } = await runSandbox([
      '--api-key',
      'sk_demo_team=starter',
      '--fault',
      'status=503,path=/lines',
      '--time',
      '2026-11-22T18:00:00Z',
      '--rate',
      '0',
    ]);
    try {
      const me = await (await fetch(`${baseUrl}/me`, { headers: { 'x-api-key': 'sk_demo_team' } })).json();
      assert.equal(me.plan, 'starter');
      assert.equal((await fetch(`${baseUrl}/lines?league=nba`, { headers: { 'x-api-key': 'sk_demo_team' } })).status, 503);
      const clock = await (await fetch(`${baseUrl.replace(/\/v1$/, '')}/_sandbox/clock`)).json();
      assert.deepEqual(clock, { now: '2026-11-22T18:00:00.000Z', rate: 0 });
    } finally {
      await stop(child);
    }
  });

  it('refuses a malformed flag with a message naming the fix', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sandbox', '--api-key', 'sk_x=platinum'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'exit');
    assert.notEqual(code, 0);
    assert.match(output, /KEY=PLAN with PLAN one of free, starter, builder, pro/);
  });
});
