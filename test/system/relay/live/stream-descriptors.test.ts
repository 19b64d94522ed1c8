// A relay whose process may open few files (`ulimit -n 400`), as operators' machines often have: one key opening
// streams from many addresses takes at most its share of a pool sized to leave descriptors for everything else.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { streamFrom, type RawStream } from '../../../helpers/attacks.js';
import { pressbox } from '../../../helpers/cli.js';

const FILE_LIMIT = 400;
/** What a 400-descriptor process may give streams: 400 less a reserve of 256. */
const POOL = 144;
const SCORES = '/v1/scores?league=nba';
const ORIGIN = 'https://example.com';

async function newKey(db: string, ...extra: string[]): Promise<string> {
  const made = await pressbox('keys', 'create', '--db', db, '--plan', 'pro', '--domain', 'example.com', '--json', ...extra);
  assert.equal(made.code, 0, made.stderr);
  return JSON.parse(made.stdout).key as string;
}

/** `pressbox serve` under the descriptor limit; resolves with its origin once it listens. */
async function serveLimited(db: string): Promise<{ child: ChildProcess; origin: string; output: () => string }> {
  const command = `ulimit -n ${FILE_LIMIT}; exec "${process.execPath}" --import tsx src/cli.ts serve --port 0 --db "${db}" --trust-proxy loopback --max-streams 1000`;
  const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const started = Date.now();
  for (;;) {
    const origin = /relay\s+(http:\/\/\S+)/.exec(output)?.[1];
    if (origin) return { child, origin, output: () => output };
    assert.ok(Date.now() - started < 30_000 && child.exitCode === null, `the relay started:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A stream opened from `address`, or its failure (refused at the socket, or no answer in 5 s) as status 0. */
async function tryStream(origin: string, key: string, address: string): Promise<RawStream> {
  const failed = { status: 0, events: [], ended: Promise.resolve(), close: () => {} };
  return Promise.race([
    streamFrom({ relay: { origin } as never }, key, [SCORES], address).catch(() => failed),
    new Promise<RawStream>((resolve) => setTimeout(() => resolve(failed), 5000).unref()),
  ]);
}

/** Streams for `key` from a new address every 40, until the relay refuses one (or `most` are open). */
async function openUntilRefused(origin: string, key: string, network: number, most: number) {
  const open: RawStream[] = [];
  for (let i = 0; i < most; i++) {
    const stream = await tryStream(origin, key, `198.51.${network}.${Math.floor(i / 40) + 1}`);
    if (stream.status !== 200) return { open, refusal: stream };
    open.push(stream);
  }
  return { open, refusal: undefined };
}

describe(`a relay at ulimit -n ${FILE_LIMIT}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pressbox-descriptors-'));
  const db = join(dir, 'relay.db');
  let relay: Awaited<ReturnType<typeof serveLimited>>;
  let attacker: string;
  let honest: string;
  let tester: string;
  before(async () => {
    [attacker, honest, tester] = [await newKey(db), await newKey(db), await newKey(db, '--test')];
    relay = await serveLimited(db);
  });
  after(async () => {
    relay.child.kill('SIGKILL');
    if (relay.child.exitCode === null) await once(relay.child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  });

  it('lowers a --max-streams the descriptors cannot carry, and says so', async () => {
    // The warning goes to stdout and the banner to stderr: two pipes, read in whichever order they arrive.
    const said = /--max-streams lowered.*"given":1000.*"fileLimit":400.*"maxStreams":144/;
    for (let waited = 0; !said.test(relay.output()) && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(relay.output(), said);
  });

  it('refuses one key past half the pool while /health, /ready and other keys answer', async () => {
    const { open, refusal } = await openUntilRefused(relay.origin, attacker, 100, FILE_LIMIT);
    try {
      assert.equal(refusal?.status, 503, `the key was refused with 503 after ${open.length} streams`);
      assert.ok(open.length <= POOL / 2, `one key holds at most half the pool (${open.length})`);
      for (const path of ['/health', '/ready'])
        assert.equal((await fetch(`${relay.origin}${path}`, { signal: AbortSignal.timeout(5000) })).status, 200, path);
      const data = await fetch(`${relay.origin}${SCORES}&key=${honest}`, { headers: { origin: ORIGIN }, signal: AbortSignal.timeout(5000) });
      assert.equal(data.status, 200, 'another key still gets data');
      const { open: others } = await openUntilRefused(relay.origin, honest, 101, 10);
      assert.equal(others.length, 10, 'another key still opens streams');
      others.forEach((stream) => stream.close());
    } finally {
      open.forEach((stream) => stream.close());
    }
  });

  it('keeps test keys to a small pool of their own', async () => {
    const { open, refusal } = await openUntilRefused(relay.origin, tester, 102, FILE_LIMIT);
    try {
      assert.equal(refusal?.status, 503);
      assert.ok(open.length <= Math.floor(POOL * 0.05), `a test key holds at most 5 % of the pool (${open.length})`);
      assert.equal((await fetch(`${relay.origin}/health`, { signal: AbortSignal.timeout(5000) })).status, 200);
    } finally {
      open.forEach((stream) => stream.close());
    }
  });
});
