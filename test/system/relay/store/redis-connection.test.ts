// What `--redis` accepts: one server (redis://, rediss://), a Sentinel group or a Redis Cluster, read into the client's options; a
// mistake says what to write instead.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectRedis, parseRedisUrl } from '../../../../src/relay/store/redis-connection.js';
import { testRedisUrl } from '../../../helpers/redis.js';

describe('--redis addresses', () => {
  it('passes one server on as it is, TLS included', () => {
    assert.deepEqual(parseRedisUrl('redis://127.0.0.1:6379/2'), {
      ok: true,
      kind: 'server',
      url: 'redis://127.0.0.1:6379/2',
      options: { db: 2 },
    });
    assert.deepEqual(parseRedisUrl('redis://127.0.0.1:6379'), { ok: true, kind: 'server', url: 'redis://127.0.0.1:6379', options: {} });
    assert.equal(parseRedisUrl('rediss://:secret@redis.internal:6380').ok, true);
  });

  it('reads a Sentinel group: sentinels, master name, database, credentials and TLS', () => {
    assert.deepEqual(parseRedisUrl('redis+sentinel://10.0.0.1:26379,10.0.0.2,[::1]:26380/pressbox'), {
      ok: true,
      kind: 'sentinel',
      options: {
        sentinels: [
          { host: '10.0.0.1', port: 26379 },
          { host: '10.0.0.2', port: 26379 },
          { host: '::1', port: 26380 },
        ],
        name: 'pressbox',
      },
    });
    const secured = parseRedisUrl('rediss+sentinel://relay:p%40ss@s1:26379/pressbox/3?sentinelPassword=other');
    assert.ok(secured.ok && secured.kind === 'sentinel');
    assert.deepEqual(
      { ...secured.options, sentinels: undefined },
      {
        sentinels: undefined,
        name: 'pressbox',
        db: 3,
        username: 'relay',
        password: 'p@ss',
        sentinelPassword: 'other',
        tls: {},
        enableTLSForSentinelMode: true,
        sentinelTLS: {},
      },
    );
  });

  it('reads a Redis Cluster: any of its nodes, credentials and TLS', () => {
    assert.deepEqual(parseRedisUrl('redis+cluster://10.0.0.1:7000,10.0.0.2,[::1]:7002'), {
      ok: true,
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 6379 },
        { host: '::1', port: 7002 },
      ],
      options: {},
    });
    const secured = parseRedisUrl('rediss+cluster://relay:p%40ss@c1:7000');
    assert.ok(secured.ok && secured.kind === 'cluster');
    assert.deepEqual(secured.options, { username: 'relay', password: 'p@ss', tls: {} });
  });

  it('says what to write instead of a wrong address', () => {
    const cases: Array<[string, RegExp]> = [
      ['http://127.0.0.1:6379', /redis:\/\/host:port, rediss:\/\/host:port \(TLS\), redis\+sentinel:\/\/.* or redis\+cluster:\/\//],
      ['redis+cluster://127.0.0.1:7000/2', /a Redis Cluster has one database/],
      ['redis+cluster://127.0.0.1:7000,node-b:0', /"node-b:0" is not host:port; list cluster nodes/],
      ['redis+sentinel://127.0.0.1:26379', /names its master group/],
      ['redis+sentinel://127.0.0.1:99999/pressbox', /"127.0.0.1:99999" is not host:port/],
      ['redis+sentinel://127.0.0.1:26379/pressbox/x', /database after the master name is a number/],
      ['redis://127.0.0.1:6379/two', /database after the address is a number \(redis:\/\/host:6379\/2\), not "two"/],
    ];
    for (const [value, message] of cases) {
      const parsed = parseRedisUrl(value);
      assert.equal(parsed.ok, false, value);
      assert.match((parsed as { message: string }).message, message);
    }
  });
});

describe('--redis against a real server', () => {
  /** The tests' server (credentials and all) with another database or scheme. */
  const at = (database: number, scheme = 'redis:') => {
    const url = new URL(testRedisUrl());
    url.pathname = `/${database}`;
    url.protocol = scheme;
    return url.toString();
  };

  it('refuses a database the server does not have, instead of quietly using database 0', async () => {
    await assert.rejects(connectRedis(at(99)), /this Redis server has no database 99 .*0–15/);
    const redis = await connectRedis(at(14));
    try {
      assert.match(String(await redis.client('INFO')), / db=14 /);
    } finally {
      redis.disconnect();
    }
  });

  it('says which cluster nodes did not answer, a server without cluster mode among them', async () => {
    const server = new URL(testRedisUrl());
    await assert.rejects(
      connectRedis(`redis+cluster://${server.host}`),
      new RegExp(`no node of the Redis Cluster answered \\(${server.host.replace(/[.[\]]/g, '\\$&')}\\): .*cluster-enabled yes`),
    );
  });

  it('says that rediss:// speaks TLS when the server does not', async () => {
    await assert.rejects(connectRedis(at(14, 'rediss:')), /rediss:\/\/ speaks TLS; if this Redis server does not .*use redis:\/\//);
  });
});
