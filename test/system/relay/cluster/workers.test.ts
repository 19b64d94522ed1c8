// `pressbox serve --workers 2` as an operator starts it: one port, two relay processes sharing one SQLite file, one
// poller per live topic on the machine, and a worker killed under load.
import assert from 'node:assert/strict';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Plan } from '../../../../src/relay/keys/model.js';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { openStore } from '../../../../src/relay/store/open.js';
import type { RunningSandbox } from '../../../../src/sandbox/server.js';
import { openStream, updates, type Stream } from '../../../helpers/live.js';
import { frozenSandbox, MIDDAY } from '../../../helpers/sandbox.js';
import { startServeProcess } from '../../../harness/local-servers.js';
import { DEFAULT_LIVE_PACE } from '../../../../src/relay/live/pace.js';

const TOPIC = '/v1/scores?league=nba';
const ADMIN_TOKEN = 'workers-test-token-0123456789abcdef';

interface Machine {
  primary: ChildProcess;
  origin: string;
}

async function serveWithWorkers(db: string, upstreamUrl: string): Promise<Machine> {
  const { child, origin } = await startServeProcess(['--workers', '2', '--port', '0', '--db', db], {
    PRESSBOX_UPSTREAM_URL: upstreamUrl,
    PRESSBOX_UPSTREAM_KEY: 'sk_sandbox_pro',
    PRESSBOX_ADMIN_TOKEN: ADMIN_TOKEN,
  });
  return { primary: child, origin };
}

/** The primary's worker processes, by pid (not the TypeScript loader's helper process beside them). */
function workerPids(machine: Machine): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(machine.primary.pid), '-f', 'cli.ts serve'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The TCP ports a process listens on, as `ss` lists them. */
function listeningPorts(pid: number): number[] {
  return execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => Number(line.split(/\s+/)[3]!.split(':').pop()))
    .sort();
}

/** One series of the machine's /metrics (summed over the workers by the primary), 0 when absent. */
async function metric(machine: Machine, series: string): Promise<number> {
  const text = await (await fetch(`${machine.origin}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function workerLabels(machine: Machine): Promise<string[]> {
  const text = await (await fetch(`${machine.origin}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
  return [...text.matchAll(/^pressbox_process_resident_memory_bytes\{worker="(\d+)"\}/gm)].map((match) => match[1]!);
}

/**
 * A reader's page load on a connection of its own (the cluster hands each connection to the next worker), from its
 * own loopback address, so no per-address rate limit stands in for the quota. Resolves to the status, or `failed` when
 * the connection broke before an answer (its worker was killed).
 */
function load(origin: string, key: string, reader: number, path = '/v1/scores?league=nba'): Promise<number | 'failed'> {
  return new Promise((resolve) => {
    const url = new URL(`${origin}${path}&key=${key}`);
    const localAddress = `127.1.${Math.floor(reader / 250)}.${(reader % 250) + 1}`;
    const sent = request(url, { agent: false, localAddress, headers: { origin: 'https://example.com' }, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
      response.on('close', () => resolve('failed'));
    });
    sent.on('timeout', () => sent.destroy());
    sent.on('error', () => resolve('failed'));
    sent.end();
  });
}

/** Loads counted for the key this month, as the store has them (both months if the test ran across a month's end). */
async function loadsCounted(db: string, key: string, months: Set<string>): Promise<number> {
  const store = await openStore({ db });
  try {
    let total = 0;
    for (const month of months) total += await store.loadsUsed(key, month);
    return total;
  } finally {
    await store.close();
  }
}

const month = () => new Date().toISOString().slice(0, 7);

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('pressbox serve --workers 2', () => {
  let dir: string;
  let db: string;
  let sandbox: RunningSandbox;
  let machine: Machine;
  const keyWith = async (plan: Plan, test = false) => {
    const store = await openStore({ db });
    try {
      return (await createKey(store, { plan, domains: ['example.com'], name: 'workers', test }, Date.now())).key;
    } finally {
      await store.close();
    }
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pressbox-workers-'));
    db = join(dir, 'relay.db');
    sandbox = await frozenSandbox(MIDDAY);
    machine = await serveWithWorkers(db, sandbox.baseUrl);
  });
  after(async () => {
    machine.primary.kill('SIGTERM');
    await once(machine.primary, 'exit');
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts no sandbox on a real upstream until a test key asks for it, then one for the machine', async () => {
    const relayPort = Number(new URL(machine.origin).port);
    assert.deepEqual(listeningPorts(machine.primary.pid!), [relayPort], 'the primary listens on the relay port alone');
    const testKey = await keyWith('pro', true);
    const statuses = await Promise.all([0, 1, 2, 3].map((reader) => load(machine.origin, testKey, reader, '/v1/injuries?league=nba')));
    assert.deepEqual(statuses, [200, 200, 200, 200], 'test-key loads answered on both workers, from the sandbox');
    const ports = listeningPorts(machine.primary.pid!);
    assert.equal(ports.length, 2, `the relay port and one sandbox (${ports})`);
  });

  it('counts 200 concurrent loads over both workers exactly (a 150-load plan answers 150, refuses 50) from one upstream call', async () => {
    assert.deepEqual((await workerLabels(machine)).sort(), ['1', '2'], 'two workers report to the primary');
    const key = await keyWith('custom:150');
    const months = new Set([month()]);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, reader) => load(machine.origin, key, reader)));
    months.add(month());
    const tally = JSON.stringify(
      statuses.reduce<Record<string, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}),
    );
    assert.equal(statuses.filter((status) => status === 200).length, 150, tally);
    assert.equal(statuses.filter((status) => status === 429).length, 50, tally);
    assert.equal(await loadsCounted(db, key, months), 150);
    assert.equal(
      await metric(machine, 'pressbox_http_requests_total{route="/v1/scores",status="200"}'),
      150,
      'metrics summed over the workers',
    );
    // Both workers answered from one upstream call: the one that claimed the cold entry fetched it for the other.
    assert.equal(await metric(machine, 'pressbox_upstream_requests_total{upstream="live",endpoint="/live-games",outcome="200"}'), 1);
  });

  it('polls a live topic once for the machine, however the viewers spread over the workers', async () => {
    const key = await keyWith('pro');
    const before = await metric(machine, 'pressbox_upstream_requests_total{upstream="live",endpoint="/live-games",outcome="200"}');
    // Six streams on six connections: the cluster hands them to the two workers in turn.
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream(machine, key, [TOPIC])));
    await Promise.all(streams.map((stream) => stream.waitFor(1, 15_000)));
    const first = updates(streams[0]!.events)[0]!;
    for (const stream of streams) assert.equal(updates(stream.events)[0]!.id, first.id, 'one id for one state, on every worker');
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 21_000));
    const polls =
      (await metric(machine, 'pressbox_upstream_requests_total{upstream="live",endpoint="/live-games",outcome="200"}')) - before;
    const seconds = (Date.now() - started) / 1000;
    // A watched live game is polled at most every 1.5 s (the pace's floor, with the sandbox's month untouched): one
    // poller makes at most one call per floor interval, the first fetch included; one per worker would make twice as many.
    const most = Math.floor((seconds * 1000) / DEFAULT_LIVE_PACE.floorMs) + 1;
    assert.ok(polls <= most, `${polls} upstream calls in ${seconds.toFixed(0)} s for one topic (one poller: at most ${most})`);
    for (const stream of streams) stream.close();
  });

  it('starts a worker killed under load again: every answered load was counted, and its viewers resume on the other', async () => {
    const key = await keyWith('pro');
    const streams: Stream[] = await Promise.all(Array.from({ length: 4 }, () => openStream(machine, key, [TOPIC])));
    await Promise.all(streams.map((stream) => stream.waitFor(1, 15_000)));
    const months = new Set([month()]);
    // Each stream's first update is a load too.
    const before = await loadsCounted(db, key, months);
    const [victim] = workerPids(machine);
    assert.ok(victim, 'a worker to kill');
    const loads = Array.from({ length: 200 }, (_, index) =>
      new Promise((resolve) => setTimeout(resolve, index * 2)).then(() => load(machine.origin, key, index)),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    process.kill(victim, 'SIGKILL');
    const statuses = await Promise.all(loads);
    months.add(month());
    const answered = statuses.filter((status) => status === 200).length;
    const failed = statuses.filter((status) => status === 'failed').length;
    assert.equal(
      answered + failed,
      200,
      `only answers or broken connections: ${statuses.filter((status) => status !== 200 && status !== 'failed')}`,
    );
    const counted = (await loadsCounted(db, key, months)) - before;
    // Counted before sent: a load whose answer died with the worker is counted too, none that was answered is lost.
    assert.ok(counted >= answered && counted <= answered + failed, `${counted} counted for ${answered} answered, ${failed} broken`);
    await until(async () => workerPids(machine).length === 2 && (await workerLabels(machine)).length === 2, 15_000, 'a new worker');

    // The viewers of the killed worker lost their stream; they reconnect as a browser does, with their last event id.
    const cut = streams;
    const ended = await Promise.all(
      cut.map((stream) => Promise.race([stream.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 500))])),
    );
    const lost = cut.filter((_, index) => ended[index]);
    assert.ok(lost.length > 0 && lost.length < 4, `some streams were on the killed worker (${lost.length} of 4)`);
    const resumed = await Promise.all(
      lost.map((stream) =>
        openStream(machine, key, [TOPIC], { lastEventId: Math.max(...updates(stream.events).map((update) => update.id)) }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const stream of resumed) assert.equal(updates(stream.events).length, 0, 'nothing it had seen is sent again');
    sandbox.clock.advance(20 * 60_000);
    await Promise.all(resumed.map((stream) => stream.waitFor(1, 20_000)));
    const lastSeen = Math.max(...lost.flatMap((stream) => updates(stream.events).map((update) => update.id)));
    for (const stream of resumed) assert.ok(updates(stream.events)[0]!.id > lastSeen, 'the next change, with a later id');
    for (const stream of [...streams, ...resumed]) stream.close();
  });
});
