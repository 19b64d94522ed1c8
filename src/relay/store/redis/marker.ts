import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../redis-connection.js';
import { StoreEmptiedError, StoreVersionError } from '../problems.js';
import { names } from './names.js';

/**
 * The version of the relay's data in Redis (its names and shapes). 0 is every Redis written before the store was
 * versioned; 1 moved usage under per-key hash tags (the move runs at start, scripts.ts). A newer one is refused.
 */
const REDIS_STORE_VERSION = 1;

/** How often a relay looks for the marker: an emptied Redis is noticed within this, whatever the traffic. */
const MARKER_CHECK_MS = 1000;

export interface StoreMarker {
  /** The store's identity, made when it was first used ('' while there is none): a relay's journal remembers it. */
  id(): string;
  /** Whether the marker was missing at its last check (Redis emptied since the relay started). */
  emptied(): boolean;
  /** Throws StoreEmptiedError while the marker is missing. */
  guard(): void;
  /** Looks again now (one EXISTS, shared by callers meanwhile): true when the marker is there. */
  check(): Promise<boolean>;
  /** Writes the marker back (a restore): this process and the relays sharing the Redis serve again. */
  write(): Promise<string>;
  /** Called with true when the marker disappears, false when it is back. */
  onChange(listener: (emptied: boolean) => void): void;
  close(): void;
}

/** What an open finds: a marker (current or older), none on a Redis that holds Pressbox data, or none on an empty one. */
async function readMarker(redis: RedisClient, where: string): Promise<{ id?: string; version: number; hasData: boolean }> {
  const marker = await redis.hgetall(names.marker);
  if (marker.id) {
    const version = Number(marker.version) || 0;
    if (version > REDIS_STORE_VERSION)
      throw new StoreVersionError(
        `Redis at ${where} holds store version ${version}, written by a newer Pressbox; this release knows versions up to ${REDIS_STORE_VERSION}: upgrade pressbox to the release that wrote it, or point --redis at another database.`,
      );
    return { id: marker.id, version, hasData: true };
  }
  return { version: 0, hasData: (await redis.exists(names.allKeys)) > 0 };
}

/**
 * The marker every relay on one Redis checks: a hash (`pressbox:store`: id, version) written when the store is first
 * used, and never again by a relay. A Redis that loses its data loses the marker too: the relays then say so (log,
 * GET /ready, alert) and refuse what needs the data as `store_unavailable`, instead of calling every key unknown.
 * Only a restore, an import or `pressbox store init` writes it back.
 */
export async function openMarker(
  redis: RedisClient,
  options: {
    where: string;
    /**
     * `adopt`: a Redis with no marker and no Pressbox data is a new store, marked now (a relay's start, keys create),
     * unless `expected` names a store this relay used before (then its data was lost: say so, mark nothing).
     * `keep`: only an older marker is brought up to date (restores, imports and init write it themselves).
     * `read`: nothing is written.
     */
    marking: 'adopt' | 'keep' | 'read';
    expected?: string;
    migrate: (from: number) => Promise<void>;
  },
): Promise<StoreMarker> {
  const found = await readMarker(redis, options.where);
  const adopt = options.marking === 'adopt' && !found.id && (found.hasData || !options.expected);
  // Migrations are idempotent and run at every writable open, as the usage move did before the store was versioned.
  if (options.marking !== 'read') await options.migrate(found.version);
  if (options.marking !== 'read' && found.id && found.version < REDIS_STORE_VERSION) await writeMarker(redis, found.id);
  else if (options.marking !== 'read' && adopt) await adoptMarker(redis);
  const marker = watchMarker(redis);
  await marker.check();
  return marker;
}

/** Marks a new store unless a relay starting beside this one marked it first: one Redis, one store id. */
async function adoptMarker(redis: RedisClient): Promise<void> {
  const id = randomUUID();
  if (await redis.hsetnx(names.marker, 'id', id)) await writeMarker(redis, id);
}

/** Writes the marker (a new store, a migration, a restore): the relays sharing the Redis find their data again. */
async function writeMarker(redis: RedisClient, id: string = randomUUID()): Promise<string> {
  await redis.hset(names.marker, { id, version: String(REDIS_STORE_VERSION), since: new Date().toISOString() });
  return id;
}

function watchMarker(redis: RedisClient): StoreMarker {
  let id: string | undefined;
  let looking: Promise<boolean> | undefined;
  const listeners: Array<(emptied: boolean) => void> = [];
  // The first look sets the state without telling anyone: a missing marker at start is the opener's to report.
  let looked = false;
  const check = () =>
    (looking ??= redis
      .hget(names.marker, 'id')
      .then((found) => {
        const changed = looked && (found === null) !== (id === undefined);
        id = found ?? undefined;
        looked = true;
        if (changed) listeners.forEach((listener) => listener(id === undefined));
        return id !== undefined;
      })
      .finally(() => (looking = undefined)));
  // An unreachable Redis is the outage path's to tell (metering/degraded.ts): here only a reachable, empty one counts.
  const timer = setInterval(() => void check().catch(() => undefined), MARKER_CHECK_MS);
  timer.unref?.();
  return {
    id: () => id ?? '',
    emptied: () => looked && id === undefined,
    guard() {
      if (looked && id === undefined)
        throw new StoreEmptiedError(
          'this Redis holds no Pressbox store marker: it lost its data (FLUSHALL, a restart without persistence), or is new',
        );
    },
    check,
    async write() {
      const written = await writeMarker(redis);
      await check();
      return written;
    },
    onChange: (listener) => void listeners.push(listener),
    close: () => clearInterval(timer),
  };
}

/**
 * Whether this Redis keeps anything on disk: a warning (with the line to add) when it keeps nothing, or only periodic
 * snapshots. Undefined when it keeps an append-only file, or when CONFIG is not allowed (managed services).
 */
export async function persistenceWarning(redis: RedisClient, where: string): Promise<string | undefined> {
  let appendonly: string | undefined;
  let save: string | undefined;
  try {
    appendonly = ((await redis.config('GET', 'appendonly')) as string[])[1];
    save = ((await redis.config('GET', 'save')) as string[])[1];
  } catch {
    return undefined;
  }
  if (appendonly === 'yes') return undefined;
  if (!save)
    return `Redis at ${where} keeps nothing on disk (appendonly no, save ""): a restart empties it, and every key, count and console session with it. Add "appendonly yes" to its redis.conf (or run CONFIG SET appendonly yes, then CONFIG REWRITE).`;
  return `Redis at ${where} keeps only snapshots (save "${save}", appendonly no): a crash loses the loads counted since the last one. Add "appendonly yes" to its redis.conf for metering (or run CONFIG SET appendonly yes, then CONFIG REWRITE).`;
}
