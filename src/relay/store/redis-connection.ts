import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** A connection to one server (through Sentinel or not) or to a Redis Cluster: the commands the relay uses are alike. */
export type RedisClient = Redis | Cluster;

/**
 * Where `--redis` points: one server (`redis://`, `rediss://` for TLS), a Sentinel group (`redis+sentinel://`) or a
 * Redis Cluster (`redis+cluster://`, any of its nodes).
 */
export type RedisTarget =
  | { ok: true; kind: 'server'; url: string; options: RedisOptions }
  | { ok: true; kind: 'sentinel'; options: RedisOptions }
  | { ok: true; kind: 'cluster'; nodes: Array<{ host: string; port: number }>; options: RedisOptions }
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
  if (scheme === 'redis+cluster' || scheme === 'rediss+cluster') return parseClusterUrl(value, scheme);
  if (scheme !== 'redis+sentinel' && scheme !== 'rediss+sentinel')
    return {
      ok: false,
      message: `--redis takes redis://host:port, rediss://host:port (TLS), redis+sentinel://host:port[,host:port]/master-name or redis+cluster://host:port[,host:port], not ${value.split(':')[0]}:…`,
    };
  const { credentials, hostList, path, query } = splitAddress(value, scheme);
  const [name, db] = path;
  if (!name) return { ok: false, message: 'A Sentinel address names its master group: redis+sentinel://host:26379,host:26380/mymaster' };
  const sentinels = parseHosts(hostList, SENTINEL_PORT);
  if (typeof sentinels === 'string')
    return { ok: false, message: `--redis: "${sentinels}" is not host:port; list the sentinels as host:port,host:port` };
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

/** `scheme://[credentials@]hosts[/path…][?query]`, taken apart. */
function splitAddress(value: string, scheme: string) {
  const rest = value.slice(scheme.length + 3);
  const at = rest.lastIndexOf('@', rest.indexOf('/') === -1 ? rest.length : rest.indexOf('/'));
  const [hostList = '', ...path] = rest
    .slice(at + 1)
    .split('?')[0]!
    .split('/');
  return { credentials: at === -1 ? '' : rest.slice(0, at), hostList, path, query: new URLSearchParams(rest.split('?')[1] ?? '') };
}

/** `host:port,host:port` as a list, or the entry that is not host:port. */
function parseHosts(list: string, defaultPort: number): Array<{ host: string; port: number }> | string {
  const hosts: Array<{ host: string; port: number }> = [];
  for (const entry of list.split(',')) {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry);
    const port = Number(match?.[2] ?? defaultPort);
    if (!match || port < 1 || port > 65535) return entry;
    hosts.push({ host: match[1]!.replace(/^\[|\]$/g, ''), port });
  }
  return hosts;
}

/**
 * Redis Cluster: `redis+cluster://[user:password@]host:port[,host:port…]`, any nodes of the cluster (the client learns
 * the rest from them); `rediss+cluster://` speaks TLS. A cluster has one database, so there is no number after it.
 */
function parseClusterUrl(value: string, scheme: string): RedisTarget {
  const { credentials, hostList, path } = splitAddress(value, scheme);
  if (path.some((part) => part !== ''))
    return {
      ok: false,
      message: '--redis: a Redis Cluster has one database; write redis+cluster://host:port,host:port with nothing after',
    };
  const nodes = parseHosts(hostList, 6379);
  if (typeof nodes === 'string')
    return { ok: false, message: `--redis: "${nodes}" is not host:port; list cluster nodes as host:port,host:port` };
  const [username, password] = credentials.split(':').map(decodeURIComponent) as [string | undefined, string | undefined];
  return {
    ok: true,
    kind: 'cluster',
    nodes,
    options: { ...(username ? { username } : {}), ...(password ? { password } : {}), ...(scheme === 'rediss+cluster' ? { tls: {} } : {}) },
  };
}

/** How long a relay (or a CLI command) tries to reach Redis when it starts. */
const CONNECT_WAIT_MS = 5000;

/** How long a command may take before the relay stops waiting for it and treats Redis as unreachable. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A connected client that fails fast: while Redis is away a command is refused at once (no offline queue) or gives
 * up after REDIS_COMMAND_TIMEOUT_MS, so a request never hangs on it and the relay can serve in degraded mode
 * (metering/degraded.ts). The client reconnects by itself, through Sentinel to whichever server is primary now.
 */
export async function connectRedis(url: string, extra: RedisOptions = {}): Promise<RedisClient> {
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
  const redis = clientFor(target, options);
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
    throw withTlsHint(url, clusterHint(target, connectionError ?? error));
  } finally {
    clearTimeout(timer);
  }
  if (options.db && redis instanceof Redis) {
    try {
      await redis.select(options.db);
    } catch (error) {
      redis.disconnect();
      throw missingDatabase(options.db, error as Error);
    }
  }
  return redis;
}

function clientFor(target: Exclude<RedisTarget, { ok: false }>, options: RedisOptions): RedisClient {
  if (target.kind === 'server') return new Redis(target.url, options);
  if (target.kind === 'sentinel') return new Redis(options);
  const { lazyConnect, retryStrategy, enableOfflineQueue, ...perNode } = options;
  return new Cluster(target.nodes, {
    lazyConnect,
    enableOfflineQueue,
    clusterRetryStrategy: retryStrategy,
    // A node that moved a slot answers MOVED at once: follow it a few times, never for longer than a command may take.
    maxRedirections: 4,
    retryDelayOnFailover: 50,
    retryDelayOnClusterDown: 50,
    redisOptions: perNode,
  });
}

function missingDatabase(db: number, error: Error): Error {
  return new Error(`this Redis server has no database ${db} (${error.message}); it has 16 (0–15) unless its databases setting says more`);
}

/** ioredis says only that it could not read the slots: say which nodes did not answer. */
function clusterHint(target: Exclude<RedisTarget, { ok: false }>, error: unknown): unknown {
  if (target.kind !== 'cluster' || !(error instanceof Error) || !/slots cache/.test(error.message)) return error;
  const nodes = target.nodes.map(({ host, port }) => `${host}:${port}`).join(', ');
  return new Error(
    `no node of the Redis Cluster answered (${nodes}): check the addresses, and that the nodes run with cluster-enabled yes`,
  );
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

/** Every name matching `pattern`, a batch at a time, on each primary of a cluster (a SCAN sees one node). */
export async function scanNames(redis: RedisClient, pattern: string, visit: (found: string[]) => Promise<void>): Promise<void> {
  for (const node of redis instanceof Cluster ? redis.nodes('master') : [redis]) {
    for (let cursor = '0'; ;) {
      const [next, found] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (found.length > 0) await visit(found);
      if ((cursor = next) === '0') break;
    }
  }
}

/**
 * A second connection of the same kind, subscribing to `channel` (a subscribed connection runs no other command).
 * The client is returned at once so that whoever owns it can disconnect it while it is still connecting.
 */
export function subscriber(
  redis: RedisClient,
  channel: string,
  onMessage: (message: string) => void,
): { events: RedisClient; ready: Promise<void> } {
  const events: RedisClient = redis instanceof Cluster ? redis.duplicate() : redis.duplicate();
  events.on('error', () => {});
  events.on('message', (_channel: string, message: string) => onMessage(message));
  return { events, ready: events.connect().then(async () => void (await events.subscribe(channel))) };
}

/** A subscribed second connection, once it is subscribed. */
export async function subscribed(redis: RedisClient, channel: string, onMessage: (message: string) => void): Promise<RedisClient> {
  const { events, ready } = subscriber(redis, channel, onMessage);
  await ready;
  return events;
}

/** A Redis URL as it may be printed: hosts and ports only, never a password. */
export function redisHost(url: string): string {
  const target = parseRedisUrl(url);
  if (target.ok && target.kind === 'sentinel')
    return `the sentinels ${target.options.sentinels!.map(({ host, port }) => `${host}:${port}`).join(', ')} (master ${target.options.name})`;
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 6379}`;
  } catch {
    return 'the --redis address';
  }
}
