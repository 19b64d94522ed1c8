import assert from 'node:assert/strict';
import { monthOf } from '../../../helpers/clock.js';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { testRedisUrl } from '../../../helpers/redis.js';
import { testRelay, widgetGet } from '../../../helpers/relay.js';

const TOKEN = 'test-admin-token-0123456789abcdef';

interface Signed {
  cookie: string;
  csrf: string;
}

async function signIn(relay: RunningRelay, token = TOKEN, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${relay.origin}/console/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    body: JSON.stringify({ token }),
  });
}

async function session(relay: RunningRelay): Promise<Signed> {
  const response = await signIn(relay);
  assert.equal(response.status, 201);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  return { cookie, csrf: ((await response.json()) as { csrf: string }).csrf };
}

/** A request as the console page sends it: its cookie, its CSRF token, from its own origin. */
function consoleFetch(relay: RunningRelay, signed: Signed, path: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
  return fetch(`${relay.origin}/console/api${path}`, {
    ...init,
    headers: {
      cookie: signed.cookie,
      'x-pressbox-csrf': signed.csrf,
      'content-type': 'application/json',
      origin: relay.origin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
  });
}

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe('operator console', () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await testRelay();
  });
  after(() => relay.close());

  it('serves its page under a strict policy that no other site may frame', async () => {
    const page = await fetch(`${relay.origin}/console`);
    assert.equal(page.status, 200);
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of ["frame-ancestors 'none'", "script-src 'self'", "require-trusted-types-for 'script'", "default-src 'none'"])
      assert.ok(policy.includes(directive), `${directive} in ${policy}`);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.match(await page.text(), /<pressbox-console>/);
  });

  it('answers nothing but the sign-in until signed in', async () => {
    const response = await fetch(`${relay.origin}/console/api/keys`);
    assert.deepEqual([response.status, await errorCode(response)], [401, 'missing_key']);
  });

  it('signs in with the admin token into a short HttpOnly, SameSite=Strict session', async () => {
    const response = await signIn(relay);
    assert.equal(response.status, 201);
    const cookie = response.headers.getSetCookie()[0]!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\/console/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
    assert.ok(maxAge > 0 && maxAge <= 1800, `Max-Age ${maxAge}`);
    assert.doesNotMatch(cookie, new RegExp(TOKEN));
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  it('refuses changes from another site: no CSRF token, a foreign Origin, cross-site Fetch Metadata, a form post', async () => {
    const signed = await session(relay);
    const create = { method: 'POST', body: JSON.stringify({ plan: 'free', domains: ['example.org'] }) };
    const attempts = [
      consoleFetch(relay, signed, '/keys', create, { 'x-pressbox-csrf': '' }),
      consoleFetch(relay, signed, '/keys', create, { 'x-pressbox-csrf': 'guessed' }),
      consoleFetch(relay, signed, '/keys', create, { origin: 'https://attacker.example' }),
      consoleFetch(relay, signed, '/keys', create, { 'sec-fetch-site': 'cross-site' }),
    ];
    for (const response of await Promise.all(attempts))
      assert.deepEqual([response.status, await errorCode(response)], [403, 'origin_not_allowed']);
    const form = await fetch(`${relay.origin}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      body: `token=${TOKEN}`,
    });
    assert.equal(form.status, 403);
    const keys = (await (await consoleFetch(relay, signed, '/keys')).json()) as { keys: unknown[] };
    assert.equal(keys.keys.length, 0);
  });

  it('creates, edits, checks, rotates and revokes a key, each change in the audit log', async () => {
    const signed = await session(relay);
    const created = await consoleFetch(relay, signed, '/keys', {
      method: 'POST',
      body: JSON.stringify({ plan: 'starter', domains: ['courier.example'], name: 'Courier' }),
    });
    assert.equal(created.status, 201);
    const key = (await created.json()) as { key: string; status: string; usedThisMonth: number; monthlyLoads: number };
    assert.deepEqual([key.status, key.usedThisMonth, key.monthlyLoads], ['active', 0, 25_000]);

    const refused = await consoleFetch(relay, signed, `/keys/${key.key}`, {
      method: 'PATCH',
      body: JSON.stringify({ domains: ['*.com'] }),
    });
    assert.equal(refused.status, 400);
    assert.match(((await refused.json()) as { error: { message: string } }).error.message, /public suffix|whole/i);
    const edited = await consoleFetch(relay, signed, `/keys/${key.key}`, {
      method: 'PATCH',
      body: JSON.stringify({ domains: ['courier.example', '*.courier.example'] }),
    });
    assert.equal(edited.status, 200);

    const check = async (origin: string) =>
      (await (await consoleFetch(relay, signed, `/keys/${key.key}/check?origin=${encodeURIComponent(origin)}`)).json()) as {
        allowed: boolean;
        rule?: string;
      };
    assert.deepEqual(await check('https://news.courier.example'), {
      key: key.key,
      origin: 'https://news.courier.example',
      allowed: true,
      rule: '*.courier.example',
    });
    assert.equal((await check('https://courier.example.evil.com')).allowed, false);

    const rotated = (await (
      await consoleFetch(relay, signed, `/keys/${key.key}/rotate`, { method: 'POST', body: JSON.stringify({ graceSeconds: 3600 }) })
    ).json()) as { key: { key: string; status: string }; old: { status: string } };
    assert.deepEqual([rotated.key.status, rotated.old.status], ['active', 'grace']);
    const revoked = await consoleFetch(relay, signed, `/keys/${rotated.key.key}`, { method: 'DELETE' });
    assert.equal(((await revoked.json()) as { status: string }).status, 'revoked');

    const audit = (await (await consoleFetch(relay, signed, '/audit')).json()) as {
      entries: Array<{ actor: string; action: string; key: string | null; detail: string }>;
    };
    const changes = audit.entries.filter((entry) => entry.action.startsWith('key.')).reverse();
    assert.deepEqual(
      changes.map((entry) => entry.action),
      ['key.create', 'key.update', 'key.rotate', 'key.create', 'key.revoke'],
    );
    assert.ok(changes.every((entry) => /^console:[\w-]{8}$/.test(entry.actor)));
    assert.match(changes[1]!.detail, /domains added: \*\.courier\.example/);
    assert.match(changes[2]!.detail, new RegExp(`replaced by ${rotated.key.key}`));
    const admin = await fetch(`${relay.origin}/admin/audit?key=${key.key}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(((await admin.json()) as { entries: unknown[] }).entries.length, 3);
  });

  it('draws a key’s loads by day and route, with the month’s forecast and browser share', async () => {
    const signed = await session(relay);
    const created = await consoleFetch(relay, signed, '/keys', {
      method: 'POST',
      body: JSON.stringify({ plan: 'pro', domains: ['example.com'] }),
    });
    const { key } = (await created.json()) as { key: string };
    for (let i = 0; i < 3; i++) assert.equal((await widgetGet(relay, `/v1/scores?league=nba&key=${key}`)).status, 200);
    assert.equal(
      (await widgetGet(relay, `/v1/injuries?league=nba&key=${key}`, { origin: 'https://example.com', 'sec-fetch-site': 'cross-site' }))
        .status,
      200,
    );
    const usage = (await (await consoleFetch(relay, signed, `/keys/${key}/usage?by=route`)).json()) as {
      used: number;
      forecast: number;
      liveLoadsPerReaderHour: number | null;
      limit: number;
      series: string[];
      days: Array<{ day: string; loads: number[] }>;
      clients: { browser: number; script: number };
      topOrigins: Array<{ name: string; loads: number }>;
      upstream: { units: number; monthLimit: number | null };
    };
    assert.equal(usage.days.length, 31);
    const caused = (await relay.store.upstreamUnitsByKey(monthOf(relay.now()))).find((row) => row.key === key);
    assert.deepEqual(usage.upstream, { units: caused?.units ?? 0, monthLimit: 1_000_000 }, 'the units the key caused, of the month');
    const today = usage.days.at(-1)!;
    assert.equal(today.day, new Date(relay.now()).toISOString().slice(0, 10));
    assert.deepEqual(Object.fromEntries(usage.series.map((name, index) => [name, today.loads[index]])), {
      '/v1/injuries': 1,
      '/v1/scores': 3,
    });
    assert.deepEqual([usage.used, usage.limit], [4, 1_000_000]);
    assert.ok(usage.forecast >= usage.used);
    assert.equal(usage.liveLoadsPerReaderHour, 360, 'a live reader: one load per 10 s billing window at most');
    assert.deepEqual(usage.clients, { browser: 1, script: 3 });
    assert.deepEqual(usage.topOrigins, [{ name: 'https://example.com', loads: 4 }]);
    const bad = await consoleFetch(relay, signed, `/keys/${key}/usage?by=colour`);
    assert.equal(bad.status, 400);
  });

  it('shows the relay’s health and the upstream units spent this month', async () => {
    const signed = await session(relay);
    const health = (await (await consoleFetch(relay, signed, '/health')).json()) as {
      status: string;
      openStreams: number;
      upstream: { plan: string; used: number; limit: number };
    };
    assert.equal(health.status, 'ready');
    assert.deepEqual((health as unknown as { problems: object }).problems, {}, 'nothing wrong to show');
    assert.equal(health.openStreams, 0);
    assert.ok(health.upstream.limit > 0 && health.upstream.used >= 0, JSON.stringify(health.upstream));
  });

  it('exports every key with its value, and imports such a file back, refusing what is not one', async () => {
    const signed = await session(relay);
    const made = (await (
      await consoleFetch(relay, signed, '/keys', {
        method: 'POST',
        body: JSON.stringify({ plan: 'starter', domains: ['backup.example'], name: 'Kept' }),
      })
    ).json()) as { key: string };
    const exported = await consoleFetch(relay, signed, '/keys/export');
    assert.equal(exported.status, 200);
    const backup = (await exported.json()) as {
      format: string;
      keys: Array<{ key: string; name: string }>;
      usage: Array<{ key: string; month: string; loads: number }>;
      secrets?: unknown;
    };
    assert.equal(backup.format, 'pressbox-keys');
    assert.ok(backup.keys.some((key) => key.key === made.key && key.name === 'Kept'));
    assert.equal(backup.secrets, undefined, 'the console never hands out the signing secret');

    const other = await testRelay();
    try {
      const there = await session(other);
      const imported = await consoleFetch(other, there, '/keys/import', { method: 'POST', body: JSON.stringify(backup) });
      assert.equal(imported.status, 200);
      assert.deepEqual(await imported.json(), {
        created: backup.keys.length,
        updated: 0,
        months: backup.usage.filter((month) => month.loads > 0).length,
        secrets: 0,
        marked: false,
      });
      for (const { key, month, loads } of backup.usage) assert.equal(await other.store.loadsUsed(key, month), loads, 'each month restored');
      assert.equal(
        (await widgetGet(other, `/v1/injuries?league=nba&key=${made.key}`, { origin: 'https://backup.example' })).status,
        200,
        'the same key works on the same page',
      );
      const audit = (await (await consoleFetch(other, there, '/audit')).json()) as { entries: Array<{ action: string }> };
      assert.ok(audit.entries.some((entry) => entry.action === 'keys.import'));
      const forged = { ...backup, keys: [{ ...backup.keys[0], key: 'pk_live_not-a-key' }] };
      const refused = await consoleFetch(other, there, '/keys/import', { method: 'POST', body: JSON.stringify(forged) });
      assert.deepEqual([refused.status, await errorCode(refused)], [400, 'bad_request']);
      const noCsrf = await consoleFetch(
        other,
        there,
        '/keys/import',
        { method: 'POST', body: JSON.stringify(backup) },
        { 'x-pressbox-csrf': '' },
      );
      assert.equal(noCsrf.status, 403, 'a change without the session’s CSRF token is refused');
      const huge = await consoleFetch(other, there, '/keys/import', { method: 'POST', body: 'x'.repeat(9 * 1024 * 1024) });
      assert.equal(huge.status, 413);
      const anonymous = await fetch(`${other.origin}/console/api/keys/import`, { method: 'POST', body: JSON.stringify(backup) });
      assert.equal(anonymous.status, 401, 'nothing is imported without a session');
    } finally {
      await other.close();
    }
  });

  it('ends the session on sign-out: the same cookie, copied elsewhere, opens nothing', async () => {
    const signed = await session(relay);
    assert.equal((await consoleFetch(relay, signed, '/keys')).status, 200);
    assert.equal((await consoleFetch(relay, signed, '/session', { method: 'DELETE' })).status, 204);
    const stolen = await fetch(`${relay.origin}/console/api/keys`, { headers: { cookie: signed.cookie } });
    assert.deepEqual([stolen.status, await errorCode(stolen)], [401, 'invalid_key']);
  });
});

describe('operator console sign-in, guessed', () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await testRelay();
  });
  after(() => relay.close());

  it('answers a wrong token slowly and locks the address out after five, the right token included', async () => {
    const started = performance.now();
    const first = await signIn(relay, 'wrong-1');
    assert.deepEqual([first.status, await errorCode(first)], [401, 'invalid_key']);
    assert.ok(performance.now() - started >= 900, 'a wrong token waits about a second');
    for (let i = 2; i <= 4; i++) assert.equal((await signIn(relay, `wrong-${i}`)).status, 401);
    const fifth = await signIn(relay, 'wrong-5');
    assert.deepEqual([fifth.status, await errorCode(fifth)], [401, 'invalid_key'], 'the fifth is still compared');
    const right = await signIn(relay);
    assert.deepEqual([right.status, await errorCode(right)], [429, 'rate_limited'], 'then nothing is compared');
    assert.ok(Number(right.headers.get('retry-after')) > 0);
    assert.equal(right.headers.getSetCookie().length, 0);
  });

  for (const storeKind of ['sqlite', 'redis'] as const) {
    it(`holds the lockout on every relay of one store (${storeKind}): a guesser gains nothing from the proxy's spread`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pressbox-console-'));
      let skippedMs = 0;
      const clock = Date.parse(MIDDAY);
      // Two relays behind one proxy (every reader address comes in X-Forwarded-For), on one SQLite file or one Redis.
      const shared = {
        trustProxy: ['loopback'],
        now: () => clock + Math.floor(performance.now()) + skippedMs,
        ...(storeKind === 'redis' ? { redis: testRedisUrl() } : { db: join(dir, 'relay.db'), journal: join(dir, 'journal.db') }),
      };
      const relays = [await testRelay(shared), await testRelay(shared)];
      try {
        // Addresses of this run only, so that an earlier run's count in Redis plays no part.
        const guesser = { 'x-forwarded-for': `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}` };
        const operator = { 'x-forwarded-for': `127.${randomInt(1, 250)}.${randomInt(1, 250)}.251` };
        const answers: number[] = [];
        for (let i = 1; i <= 5; i++) answers.push((await signIn(relays[i % 2]!, `wrong-${i}`, guesser)).status);
        assert.deepEqual(answers, [401, 401, 401, 401, 401], 'five wrong tokens over two relays, each compared once');
        for (const relay of relays) {
          const right = await signIn(relay, TOKEN, guesser);
          assert.equal(right.status, 429, 'the right token is refused on every relay while locked out');
          assert.equal(right.headers.getSetCookie().length, 0);
        }
        assert.equal((await signIn(relays[0]!, TOKEN, operator)).status, 201, 'another address still signs in');
        if (storeKind === 'sqlite') {
          // Redis lapses the count by its own expiry; the relays' injected clock moves SQLite's.
          skippedMs += 15 * 60_000 + 1000;
          assert.equal((await signIn(relays[1]!, TOKEN, guesser)).status, 201, 'the lockout lapses after 15 minutes');
        }
      } finally {
        for (const relay of relays) await relay.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  it('behind https (--public-url), keeps the cookie Secure and host-only', async () => {
    const behindTls = await testRelay({ publicUrls: ['https://widgets.example'] });
    try {
      const cookie = (await signIn(behindTls)).headers.getSetCookie()[0]!;
      assert.match(cookie, /^__Host-pressbox_console=/);
      assert.match(cookie, /; Secure/);
      assert.match(cookie, /Path=\/;/);
      const foreign = await signIn(behindTls, TOKEN, { origin: 'http://widgets.example' });
      assert.equal(foreign.status, 403, 'the http origin of the same host is another origin');
    } finally {
      await behindTls.close();
    }
  });

  it('is off, with a message saying how to turn it on, without PRESSBOX_ADMIN_TOKEN', async () => {
    const off = await testRelay({ adminToken: undefined });
    try {
      const response = await fetch(`${off.origin}/console`);
      assert.equal(response.status, 404);
      assert.match(await response.text(), /PRESSBOX_ADMIN_TOKEN/);
    } finally {
      await off.close();
    }
  });
});
