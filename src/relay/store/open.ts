import { openSqliteStore } from './sqlite.js';
import type { RelayStore } from './types.js';
import type { StoreMarker } from './redis/marker.js';

export interface StoreChoice {
  /** SQLite file (default `pressbox.db`). */
  db?: string;
  /** Redis URL; takes precedence over `db`. */
  redis?: string;
  /** Reads only (`keys list`, `usage`): nothing is migrated or written. */
  readonly?: boolean;
  /**
   * Redis: whether opening may mark a Redis without Pressbox's data as a new store (by default; not for restores,
   * which mark it themselves, nor for commands that change what exists), and the store a relay's journal remembers
   * (found missing, the data was lost).
   */
  adopt?: boolean;
  expected?: string;
  /** Told what the operator should fix but the store can run with (Redis keeping nothing on disk). */
  warn?: (line: string) => void;
  /** SQLite's `max_page_count` (tests make a full disk with it). */
  maxPageCount?: number;
}

export type OpenedStore = RelayStore & { marker?: StoreMarker };

/** The store the relay and the CLI share: Redis when a URL is given, else the SQLite file. */
export async function openStore(choice: StoreChoice): Promise<OpenedStore> {
  if (choice.redis) {
    const { openRedisStore } = await import('./redis.js');
    const marking = choice.readonly ? 'read' : (choice.adopt ?? true) ? 'adopt' : 'keep';
    return openRedisStore(choice.redis, { marking, expected: choice.expected, warn: choice.warn });
  }
  return openSqliteStore(choice.db ?? 'pressbox.db', { readonly: choice.readonly, maxPageCount: choice.maxPageCount });
}
