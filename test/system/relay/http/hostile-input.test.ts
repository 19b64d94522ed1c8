// What an outsider sends costs the relay nothing it must answer for: memory, disk, upstream units, comparisons of the
// admin token, an operator locked out, a revoked key served again. Each block measures the bound it names, and each
// failed on the code before these limits (issue 38).
import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { ATTRIBUTION_LIMITS, MAX_BODY_BYTES, OTHER } from '../../../../src/relay/base/input-limits.js';
import { throttleSubject } from '../../../../src/relay/http/operator-token.js';
import { createKey } from '../../../../src/relay/key-service/service.js';
import { openRedisStore } from '../../../../src/relay/store/redis.js';
import { names } from '../../../../src/relay/store/redis/names.js';
import type { Logger } from '../../../../src/relay/base/logger.js';
import { usageAlerts } from '../../../../src/relay/metering/alerts.js';
import { openLoadJournal } from '../../../../src/relay/metering/journal.js';
import { monthBucket } from '../../../../src/relay/metering/month.js';
import { createMetrics } from '../../../../src/relay/http/metrics.js';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { freePort, startRedisServer, startServeProcess } from '../../../harness/local-servers.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { rawRequest } from '../../../helpers/raw-request.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';
import { sleep, until } from '../../../helpers/wait.js';

const TOKEN = 'test-admin-token-0123456789abcdef';
const MiB = 1024 * 1024;

/**
 * POSTs a body of `bytes` (declared in Content-Length) as fast as the relay takes it, stopping as soon as it answers:
 * a relay that reads every byte first holds them all in memory.
 */
function postLarge(origin: string, path: string, bytes: number, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(origin);
  const chunk = Buffer.alloc(256 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      { host: hostname, port, path, method: 'POST', agent: false, headers: { ...headers, 'content-length': String(bytes) } },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => {
          req.destroy();
          resolve(res.statusCode!);
        });
      },
    );
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.write('{"token":"');
    let sent = 10;
    const pump = () => {
      while (!answered && sent < bytes) {
        const part = sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent);
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function cli(...args: string[]): Promise<string> {
  return (await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args])).stdout;
}

/** `count` wrong tokens sent at once to `path` of each origin in turn; the statuses they got, counted. */
async function guesses(origins: string[], count: number, path = '/admin/keys'): Promise<Record<number, number>> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${origins[i % origins.length]}${path}`, { headers: { authorization: `Bearer wrong-guess-${i}` } }).then(async (response) => {
        await response.body?.cancel();
        return response.status;
      }),
    ),
  );
  const tally: Record<number, number> = {};
  for (const status of answers) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
}

describe('bodies, addresses and headers past their limits', () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await testRelay();
  });
  after(() => relay.close());

  it('answers 413 to sign-in and admin bodies past 16 KiB before reading them: 3 × 100 MiB cost no memory', async () => {
    const rssBefore = process.memoryUsage().rss;
    const statuses = await Promise.all([
      postLarge(relay.origin, '/console/api/session', 100 * MiB, { 'content-type': 'application/json' }),
      postLarge(relay.origin, '/console/api/session', 100 * MiB, { 'content-type': 'application/json' }),
      postLarge(relay.origin, '/admin/keys', 100 * MiB, { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }),
    ]);
    const grownMiB = (process.memoryUsage().rss - rssBefore) / MiB;
    assert.deepEqual(statuses, [413, 413, 413]);
    assert.ok(grownMiB < 48, `the relay's process grew by ${grownMiB.toFixed(0)} MiB`);
    // Just past the limit, sent in chunks with no declared length: read up to the limit, then refused.
    const chunked = await fetch(`${relay.origin}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"token":"${'a'.repeat(MAX_BODY_BYTES)}"}`,
    });
    assert.equal(chunked.status, 413);
    const body = (await chunked.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'bad_request');
    assert.match(body.error.message, /larger than 16 KiB/);
  });

  it('refuses a URL past 4 KiB with 414 and headers past 16 KiB with 431, before any key is read', async () => {
    const longUrl = await rawRequest(relay.origin, `/v1/scores?league=nba&key=pk_live_x&pad=${'x'.repeat(5000)}`);
    assert.equal(longUrl.status, 414);
    assert.match(JSON.parse(longUrl.body).error.message, /longer than 4096 characters/);
    const longHeaders = await rawRequest(relay.origin, '/health', { headers: { 'x-pad': 'x'.repeat(20_000) } });
    assert.equal(longHeaders.status, 431);
    assert.equal((await rawRequest(relay.origin, '/health')).status, 200, 'and the relay goes on');
  });

  it('refuses origins longer than DNS allows, saying so, without echoing them', async () => {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['*.example.com'], name: 'Wild', test: false }, relay.now())).key;
    const tooLong = `https://${'a'.repeat(14_000)}.example.com`;
    const longLabel = `https://${'b'.repeat(64)}.example.com`;
    for (const origin of [tooLong, longLabel]) {
      const answer = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`, { origin });
      assert.equal(answer.status, 403);
      assert.match(answer.body.error.message, /longer than DNS allows/);
      assert.ok(answer.body.error.message.length < 300, 'the message does not carry the host back');
    }
    assert.equal(await relay.store.loadsUsed(key, monthBucket(relay.now())), 0);
  });
});

describe('made-up origins and networks cost kilobytes of store, not gigabytes', () => {
  // Hosts of 210 characters (three labels of 63), all different, under a key allowed on *.example.com.
  const hostOf = (i: number) => `${String(i).padStart(5, '0')}${'h'.repeat(58)}.${'i'.repeat(63)}.${'j'.repeat(63)}.example.com`;

  it('on SQLite: 2,000 loads from 2,000 origins all count, and the file stays under 1 MiB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-hostile-disk-'));
    const db = join(dir, 'relay.db');
    const relay = await testRelay({ db, rateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['*.example.com'], name: 'Wild', test: false }, relay.now())).key;
      const loads = 2000;
      for (let start = 0; start < loads; start += 25)
        await Promise.all(
          Array.from({ length: 25 }, async (_, i) => {
            const answer = await widgetGet(relay, `/v1/scores?league=nba&key=${key}`, { origin: `https://${hostOf(start + i)}` });
            assert.equal(answer.status, 200);
          }),
        );
      assert.equal(await relay.store.loadsUsed(key, monthBucket(relay.now())), loads, 'every load counted in full');
      const rows = await relay.store.dailyUsage({ key });
      const origins = new Set(rows.map((row) => row.origin));
      assert.ok(origins.size <= ATTRIBUTION_LIMITS.originsPerDay + 1, `${origins.size} origins kept`);
      assert.ok(origins.has(OTHER));
      assert.equal(
        rows.reduce((sum, row) => sum + row.loads, 0),
        loads,
        'the other bucket holds the rest',
      );
      await relay.close();
      const size = (await stat(db)).size;
      assert.ok(size < MiB, `the store file is ${(size / MiB).toFixed(2)} MiB after 2,000 made-up origins`);
    } finally {
      await relay.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('on Redis: 300 origins from 150 networks keep at most the day’s limits of fields', async () => {
    const redis = new Redis(testRedisUrl());
    const relay = await testRelay({ redis: testRedisUrl(), rateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['*.example.com'], name: 'Wild', test: false }, relay.now())).key;
      for (let start = 0; start < 300; start += 25)
        await Promise.all(
          Array.from({ length: 25 }, async (_, j) => {
            const i = start + j;
            const answer = await rawRequest(relay.origin, `/v1/scores?league=nba&key=${key}`, {
              headers: { origin: `https://${hostOf(i)}` },
              localAddress: `127.0.${i % 150}.1`,
            });
            assert.equal(answer.status, 200);
          }),
        );
      const day = new Date(relay.now()).toISOString().slice(0, 10);
      // Counted in leases: within a tick the lease's leftovers go back and the loads served from it are attributed.
      const attributed = async () => (await relay.store.dailyUsage({ key, day })).reduce((sum, row) => sum + row.loads, 0);
      await until(
        async () => (await relay.store.loadsUsed(key, monthBucket(relay.now()))) === 300 && (await attributed()) === 300,
        '300 loads counted and attributed',
      );
      const shares = await redis.hkeys(names.shares(key, day));
      const origins = shares.filter((field) => field.startsWith('origin\u001f'));
      const prefixes = shares.filter((field) => field.startsWith('prefix\u001f'));
      assert.ok(origins.length <= ATTRIBUTION_LIMITS.originsPerDay + 1, `${origins.length} origins kept`);
      assert.ok(prefixes.length <= ATTRIBUTION_LIMITS.prefixesPerDay + 1, `${prefixes.length} networks kept`);
      assert.ok((await redis.hkeys(names.dailyDetail(key, day))).length <= ATTRIBUTION_LIMITS.rowsPerDay + 2);
    } finally {
      await relay.close();
      redis.disconnect();
    }
  });
});

describe('loads served during a Redis outage are bounded when they are replayed', () => {
  it('a journal of 300 made-up origins adds at most the day’s limits of fields', async () => {
    const redis = new Redis(testRedisUrl());
    const store = await openRedisStore(testRedisUrl());
    try {
      const key = `pk_live_replay${randomBytes(12).toString('hex')}`;
      const day = '2026-11-22';
      const loads = Array.from({ length: 300 }, (_, i) => ({
        key,
        month: '2026-11',
        limit: 1_000_000,
        detail: {
          route: '/v1/scores',
          origin: `https://o${i}.example.com`,
          day,
          prefix: `10.${i % 150}.0.0/24`,
          client: 'script' as const,
        },
      }));
      await store.replayLoads!(`hostile-${key}`, loads);
      assert.equal(await store.loadsUsed(key, '2026-11'), 300, 'every load counted in full');
      const shares = await redis.hkeys(names.shares(key, day));
      assert.ok(shares.length <= ATTRIBUTION_LIMITS.originsPerDay + ATTRIBUTION_LIMITS.prefixesPerDay + 2, `${shares.length} fields`);
      const monthly = await redis.hkeys(names.usageDetail(key, '2026-11'));
      assert.ok(monthly.length <= ATTRIBUTION_LIMITS.originsPerDay + 1, `${monthly.length} month fields`);
    } finally {
      await store.close();
      redis.disconnect();
    }
  });
});

describe('the admin token: one throttle for every use, counted atomically in the store', () => {
  it('compares exactly 5 of 200 concurrent guesses on SQLite; /admin, /metrics and the console share it; unlock lets the operator back in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-hostile-token-'));
    const db = join(dir, 'relay.db');
    // The system clock, as the CLI below reads it too (the lockout's window is read against it).
    const relay = await testRelay({ db, now: Date.now });
    try {
      assert.deepEqual(await guesses([relay.origin], 200), { 401: 5, 429: 195 });
      const right = await fetch(`${relay.origin}/admin/keys`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(right.status, 429, 'the right token too, from a locked address');
      assert.match(((await right.json()) as { error: { message: string } }).error.message, /pressbox console unlock/);

      assert.match(await cli('console', 'unlock', '127.0.0.1', '--db', db), /127\.0\.0\.1 unlocked \(5 tries/);
      assert.equal((await fetch(`${relay.origin}/admin/keys`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200);
      assert.match((await relay.store.auditLog({ limit: 5 })).map((entry) => entry.action).join(' '), /console\.unlock/);

      // One allowance for the three doors: two wrong on /metrics, three at the console's sign-in, then all are shut.
      assert.deepEqual(await guesses([relay.origin], 2, '/metrics'), { 401: 2 });
      for (let i = 0; i < 4; i++) {
        const signIn = await fetch(`${relay.origin}/console/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: `wrong-${i}` }),
        });
        assert.equal(signIn.status, i < 3 ? 401 : 429);
      }
      assert.equal((await fetch(`${relay.origin}/admin/keys`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 429);
    } finally {
      await relay.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('compares exactly 5 of 200 concurrent guesses across two relays sharing Redis', async () => {
    const redis = new Redis(testRedisUrl());
    await redis.del('pressbox:console-sign-in-failures:127.0.0.1');
    const relays = await Promise.all([0, 1].map(() => testRelay({ redis: testRedisUrl() })));
    try {
      assert.deepEqual(
        await guesses(
          relays.map((relay) => relay.origin),
          200,
        ),
        { 401: 5, 429: 195 },
      );
    } finally {
      await Promise.all(relays.map((relay) => relay.close()));
      await redis.del('pressbox:console-sign-in-failures:127.0.0.1');
      redis.disconnect();
    }
  });

  it('compares exactly 5 of 200 concurrent guesses on pressbox serve --workers 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-hostile-workers-'));
    let primary: ChildProcess | undefined;
    try {
      const machine = await startServeProcess(['--workers', '2', '--port', '0', '--db', join(dir, 'relay.db')], {
        PRESSBOX_ADMIN_TOKEN: TOKEN,
      });
      primary = machine.child;
      assert.deepEqual(await guesses([machine.origin], 200, '/metrics'), { 401: 5, 429: 195 });
    } finally {
      primary?.kill('SIGTERM');
      if (primary && primary.exitCode === null) await once(primary, 'exit');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts an IPv6 reader by its /64, so a new address in the same network starts no fresh allowance', async () => {
    assert.equal(throttleSubject('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(throttleSubject('2001:db8:1:2:ffff::9'), '2001:db8:1:2::/64');
    assert.equal(throttleSubject('203.0.113.7'), '203.0.113.7');
    const relay = await testRelay({ trustProxy: ['loopback'] });
    try {
      const from = (address: string, token: string) =>
        rawRequest(relay.origin, '/admin/keys', { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } });
      for (let i = 1; i <= 5; i++) assert.equal((await from(`2001:db8:1:2::${i}`, 'wrong')).status, 401);
      assert.equal((await from('2001:db8:1:2::99', TOKEN)).status, 429, 'the same /64');
      assert.equal((await from('2001:db8:1:3::1', TOKEN)).status, 200, 'another network');
    } finally {
      await relay.close();
    }
  });

  it('refuses to start with an admin token shorter than 32 characters, naming the command that makes one', async () => {
    await assert.rejects(testRelay({ adminToken: 'a' }), /at least 32.*openssl rand -hex 24/);
  });

  it('warns, once in a while, when a proxy nobody trusts forwards readers', async () => {
    const warnings: Array<Record<string, unknown>> = [];
    const logger: Logger = {
      log: (level, message, fields) => level === 'warn' && message.includes('not trusted') && warnings.push(fields ?? {}),
    };
    const relay = await testRelay({ logger });
    try {
      await rawRequest(relay.origin, '/health');
      assert.equal(warnings.length, 0, 'no forwarding header, no warning');
      for (let i = 0; i < 3; i++) await rawRequest(relay.origin, '/health', { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      assert.equal(warnings.length, 1);
      assert.match(String(warnings[0]!.fix), /--trust-proxy 127\.0\.0\.1/);
    } finally {
      await relay.close();
    }
  });
});

describe('test keys never reach the paid upstream', () => {
  it('a test key’s leagues make the recorder sample the sandbox only', async () => {
    const relay = await testRelay({ recorder: { everyMs: 3_600_000 } });
    try {
      const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'Test', test: true }, relay.now())).key;
      for (const league of ['nfl', 'nba', 'wnba', 'mlb', 'nhl', 'cfb', 'ncaab'])
        assert.equal((await widgetGet(relay, `/v1/scores?league=${league}&key=${key}`, { origin: 'http://localhost:3000' })).status, 200);
      assert.ok((await relay.recorder!.sample()) > 0, 'live games recorded from the sandbox');
      const sampled = (await relay.metrics.upstreamRequests.get()).values.filter(
        (value) => value.labels.endpoint === '/live-games' || value.labels.endpoint === '/lines',
      );
      const by = (upstream: string) =>
        sampled.filter((value) => value.labels.upstream === upstream).reduce((sum, value) => sum + value.value, 0);
      assert.equal(by('live'), 0, 'no request of the paid upstream');
      assert.ok(by('test') > 0);
    } finally {
      await relay.close();
    }
  });
});

describe('revocation that survives a Redis outage', () => {
  let dir: string;
  let port: number;
  let redis: ChildProcess;
  let relays: RunningRelay[];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressbox-hostile-revoke-'));
    port = await freePort();
    redis = await startRedisServer(port);
    relays = await Promise.all(
      [0, 1].map((index) => testRelay({ redis: `redis://127.0.0.1:${port}`, journal: join(dir, `journal-${index}.db`) })),
    );
  });
  after(async () => {
    // Redis is still away: the relays stop all the same.
    await Promise.all(relays.map((relay) => relay.close()));
    redis.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps refusing a key revoked, and a domain removed, on another relay before Redis went away', async () => {
    const [serving, operator] = relays as [RunningRelay, RunningRelay];
    const make = (domains: string[]) => createKey(serving.store, { plan: 'pro', domains, name: 'Courier', test: false }, serving.now());
    const revoked = (await make(['example.com'])).key;
    const narrowed = (await make(['example.com', 'news.example.org'])).key;
    const scores = (key: string, origin = 'https://example.com') => widgetGet(serving, `/v1/scores?league=nba&key=${key}`, { origin });
    assert.equal((await scores(revoked)).status, 200);
    assert.equal((await scores(narrowed, 'https://news.example.org')).status, 200);

    const admin = (path: string, init: RequestInit) =>
      fetch(`${operator.origin}${path}`, { ...init, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' } });
    assert.equal((await admin(`/admin/keys/${revoked}`, { method: 'DELETE' })).status, 200);
    assert.equal(
      (await admin(`/admin/keys/${narrowed}`, { method: 'PATCH', body: JSON.stringify({ domains: ['example.com'] }) })).status,
      200,
    );
    // Refused where the change was made; the serving relay gets no request until Redis is gone, so all it knows of the
    // change is the announcement.
    const onOperator = (key: string, origin: string) =>
      widgetGet(operator, `/v1/scores?league=nba&key=${key}`, { origin }).then((answer) => answer.status);
    assert.equal(await onOperator(revoked, 'https://example.com'), 401);
    assert.equal(await onOperator(narrowed, 'https://news.example.org'), 403);
    await sleep(1000);
    redis.kill('SIGKILL');
    await once(redis, 'exit');
    for (let i = 0; i < 3; i++) {
      const answer = await scores(revoked);
      assert.notEqual(answer.status, 200, 'a revoked key is not served from the outage copy');
      assert.notEqual((await scores(narrowed, 'https://news.example.org')).status, 200, 'nor a removed domain');
      await sleep(2500);
    }
    assert.equal((await scores(narrowed)).status, 200, 'what the key still allows is served through the outage');
  });
});

describe('the smaller doors', () => {
  it('sets aside a journal row that is not a load, counts the others, and leaves degraded mode', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-hostile-journal-'));
    const file = join(dir, 'journal.db');
    const redis = new Redis(testRedisUrl());
    const key = `pk_live_${'j'.repeat(24)}${Date.now()}`;
    const month = '2026-11';
    try {
      const journal = openLoadJournal(file);
      await journal.append({ key, month, limit: 1000, detail: { route: '/v1/scores', origin: 'https://example.com' } });
      journal.close();
      const raw = new Database(file);
      raw.prepare('INSERT INTO journal (load) VALUES (?)').run('not json');
      raw.prepare('INSERT INTO journal (load) VALUES (?)').run(JSON.stringify({ key: 42 }));
      raw.close();
      assert.equal((await stat(file)).mode & 0o777, 0o600, 'the journal is its owner’s alone');

      const setAside: Array<Record<string, unknown>> = [];
      const logger: Logger = { log: (_level, message, fields) => message.includes('set aside') && setAside.push(fields ?? {}) };
      const relay = await testRelay({ redis: testRedisUrl(), journal: file, logger });
      try {
        await until(async () => (await relay.store.loadsUsed(key, month)) === 1, 'the good load replayed');
        assert.equal(setAside.length, 2);
        const ready = (await (await fetch(`${relay.origin}/ready`)).json()) as { store: string };
        assert.equal(ready.store, 'ok', 'not degraded');
      } finally {
        await relay.close();
      }
      const kept = new Database(file, { readonly: true });
      assert.deepEqual(
        kept
          .prepare<[], { load: string }>('SELECT load FROM journal_set_aside ORDER BY id')
          .all()
          .map((row) => row.load),
        ['not json', '{"key":42}'],
      );
      assert.equal(kept.prepare<[], { n: number }>('SELECT count(*) AS n FROM journal').get()!.n, 0);
      kept.close();
    } finally {
      await redis.del(names.usage(key), names.months(key)).catch(() => 0);
      redis.disconnect();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('creates the store file, its WAL and the journal readable by their owner only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressbox-hostile-modes-'));
    const relay = await testRelay({ db: join(dir, 'relay.db') });
    try {
      await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'Mode', test: false }, relay.now());
      for (const file of ['relay.db', 'relay.db-wal']) assert.equal((await stat(join(dir, file))).mode & 0o777, 0o600, file);
    } finally {
      await relay.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never follows a webhook receiver’s redirect with the signed alert', async () => {
    const hits = { first: 0, redirected: 0 };
    const elsewhere = await listen((_request, response) => {
      hits.redirected++;
      response.end('ok');
    });
    const receiver = await listen((_request, response) => {
      hits.first++;
      response.writeHead(307, { location: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/steal` }).end();
    });
    try {
      const failures: string[] = [];
      const alerts = usageAlerts({
        logger: { log: (_level, message) => failures.push(message) },
        counter: createMetrics().alerts,
        now: () => Date.parse('2026-11-22T18:00:00Z'),
        webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, secret: 'whsec', retryDelaysMs: [] },
      });
      alerts.upstreamMonth(0.5, 'live', 500, 1000);
      await alerts.settled();
      assert.deepEqual(hits, { first: 1, redirected: 0 });
      assert.ok(failures.includes('usage alert webhook failed'));
    } finally {
      receiver.close();
      elsewhere.close();
    }
  });

  it('answers many anonymous /ready with one upstream probe every few seconds', async () => {
    let probes = 0;
    const upstream = await listen((request, response) => {
      if (request.method === 'HEAD') probes++;
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    const relay = await testRelay({
      upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
      upstreamKey: 'sk_counting',
      recorder: { everyMs: 0 },
    });
    try {
      await Promise.all(Array.from({ length: 20 }, () => fetch(`${relay.origin}/ready`).then((response) => response.text())));
      for (let i = 0; i < 20; i++) await (await fetch(`${relay.origin}/ready`)).text();
      assert.ok(probes <= 2, `${probes} probes of the upstream for 40 readiness checks`);
    } finally {
      await relay.close();
      upstream.close();
    }
  });
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler!).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}
