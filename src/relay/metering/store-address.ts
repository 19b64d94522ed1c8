import { parseRedisUrl } from '../store/redis-connection.js';

/**
 * Where a --redis URL points, as a journal remembers it: the server and database, the Sentinel group, or the cluster's
 * nodes, never a credential (the journal is a file on disk). Two spellings of one server are two addresses.
 */
export function storeAddress(url: string): string {
  const target = parseRedisUrl(url);
  if (!target.ok) return 'unknown';
  if (target.kind === 'sentinel') return `sentinel ${target.options.name}/${target.options.db ?? 0}`;
  if (target.kind === 'cluster')
    return `cluster ${target.nodes
      .map(({ host, port }) => `${host}:${port}`)
      .sort()
      .join(',')}`;
  const { hostname, port } = new URL(url);
  return `redis ${hostname}:${port || 6379}/${target.options.db ?? 0}`;
}
