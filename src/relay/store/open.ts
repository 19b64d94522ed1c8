import { openSqliteStore } from './sqlite.js';
import type { RelayStore } from './types.js';

export interface StoreChoice {
  /** SQLite file (default `pressbox.db`). */
  db?: string;
  /** Redis URL; takes precedence over `db`. */
  redis?: string;
}

/** The store the relay and the CLI share: Redis when a URL is given, else the SQLite file. */
export async function openStore(choice: StoreChoice): Promise<RelayStore> {
  if (choice.redis) {
    const { openRedisStore } = await import('./redis.js');
    return openRedisStore(choice.redis);
  }
  return openSqliteStore(choice.db ?? 'pressbox.db');
}
