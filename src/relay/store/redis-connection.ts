import { Redis, type RedisOptions } from 'ioredis';

/** Where `--redis` points: one server (`redis://`, `rediss://` for TLS) or a Sentinel group (`redis+sentinel://`). */
export type RedisTarget =
  | { ok: true; kind: 'server'; url: string; options: RedisOptions }
  | { ok: true; kind: 'sentinel'; options: RedisOptions }
  | { ok: false; message: string };

const SENTINEL_PORT = 26379;

/**
 * Reads a `--redis` value. Sentinel: `redis+sentinel://[user:password@]host:port[,host:port…]/master-name[/db]`, its
 * credentials for the data nodes (and, unless `?sentinelPassword=` says otherwise, the sentinels);
 * `rediss+sentinel://` speaks TLS to the data nodes and the sentinels.
 */
export function parseRedisUrl(value: string): RedisTarget {
  const scheme = /^([a-z+]+):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'redis' || scheme === 'rediss') {
    const db = URL.parse(value)?.pathname.slice(1) ?? '';
    if (db && !/^\d+$/.test(db))
      return { ok: false, message: `--redis: the database after the address is a number (redis://host:6379/2), not "${db}"` };
    // Said again in the options so that connectRedis can check the server has it (ioredis would quietly stay on 0).
    return { ok: true, kind: 'server', url: value, options: db ? { db: Number(db) } : {} };
  }
  if (scheme !== 'redis+sentinel' && scheme !== 'rediss+sentinel')
    return {
      ok: false,
      message: `--redis takes redis://host:port, rediss://host:port (TLS) or redis+sentinel://host:port[,host:port]/master-name, not ${value.split(':')[0]}:…`,
    };
  const rest = value.slice(scheme.length + 3);
  const at = rest.lastIndexOf('@', rest.indexOf('/') === -1 ? rest.length : rest.indexOf('/'));
  const credentials = at === -1 ? '' : rest.slice(0, at);
  const [hostList = '', ...path] = rest
    .slice(at + 1)
    .split('?')[0]!
    .split('/');
  const query = new URLSearchParams(rest.split('?')[1] ?? '');
  const [name, db] = path;
  if (!name) return { ok: false, message: 'A Sentinel address names its master group: redis+sentinel://host:26379,host:26380/mymaster' };
  const sentinels: Array<{ host: string; port: number }> = [];
  for (const entry of hostList.split(',')) {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry);
    const port = Number(match?.[2] ?? SENTINEL_PORT);
    if (!match || port < 1 || port > 65535)
      return { ok: false, message: `--redis: "${entry}" is not host:port; list the sentinels as host:port,host:port` };
    sentinels.push({ host: match[1]!.replace(/^\[|\]$/g, ''), port });
  }
  if (db !== undefined && !/^\d+$/.test(db))
    return { ok: false, message: `--redis: the database after the master name is a number, not "${db}"` };
  const [username, password] = credentials.split(':').map(decodeURIComponent) as [string | undefined, string | undefined];
  const tls = scheme === 'rediss+sentinel';
  return {
    ok: true,
    kind: 'sentinel',
    options: {
      sentinels,
      name: decodeURIComponent(name),
      ...(db !== undefined ? { db: Number(db) } : {}),
      ...(username ? { username } : {}),
      ...(password ? { password, sentinelPassword: query.get('sentinelPassword') ?? password } : {}),
      ...(tls ? { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
    },
  };
}

/** How long a relay (or a CLI command) tries to reach Redis when it starts. */
const CONNECT_WAIT_MS = 5000;

/** How long a command may take before the relay stops waiting for it and treats Redis as unreachable. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A connected client that fails fast: while Redis is away a command is refused at once (no offline queue) or gives
 * up after REDIS_COMMAND_TIMEOUT_MS, so a request never hangs on it and the relay can serve in degraded mode
 * (metering/degraded.ts). The client reconnects by itself, through Sentinel to whichever server is primary now.
 */
export async function connectRedis(url: string, extra: RedisOptions = {}): Promise<Redis> {
  const target = parseRedisUrl(url);
  if (!target.ok) throw new Error(target.message);
  const options: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command that failed has been dealt with (a load journaled with its receipt): sending it again after a
    // reconnect would run it a second time.
    autoResendUnfulfilledCommands: false,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    sentinelRetryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    ...target.options,
    ...extra,
  };
  const redis = target.kind === 'server' ? new Redis(target.url, options) : new Redis(options);
  // Connection trouble surfaces as failed commands (and at start, below); ioredis would otherwise print its own trace.
  let connectionError: Error | undefined;
  redis.on('error', (error: Error) => (connectionError = error));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // With Sentinel the client would go on asking the sentinels for ever: a relay that cannot start says so.
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`connect timed out after ${CONNECT_WAIT_MS} ms`)), CONNECT_WAIT_MS);
      }),
    ]);
  } catch (error) {
    // Otherwise the client keeps retrying in the background.
    redis.disconnect();
    throw withTlsHint(url, connectionError ?? error);
  } finally {
    clearTimeout(timer);
  }
  if (options.db) {
    try {
      await redis.select(options.db);
    } catch (error) {
      redis.disconnect();
      throw missingDatabase(options.db, error as Error);
    }
  }
  return redis;
}

function missingDatabase(db: number, error: Error): Error {
  return new Error(`this Redis server has no database ${db} (${error.message}); it has 16 (0–15) unless its databases setting says more`);
}

/** A TLS client facing a plain server only times out: say what the likely mistake is. */
function withTlsHint(url: string, error: unknown): unknown {
  if (
    !/^rediss(\+sentinel)?:/i.test(url) ||
    !(error instanceof Error) ||
    !/timed? ?out|ETIMEDOUT|ECONNRESET|EPROTO|wrong version/i.test(error.message)
  )
    return error;
  return new Error(`${error.message}: rediss:// speaks TLS; if this Redis server does not (a plain one does not), use redis://`);
}
