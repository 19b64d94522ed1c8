import { parseRedisUrl } from '../relay/store/redis-connection.js';

/** A failure the CLI reports as one line that names the problem and the fix (exit code 1, no stack trace). */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
}

interface Where {
  db?: string;
  redis?: string;
  port?: number;
  host?: string;
}

/** A Redis URL as it may be printed: hosts and ports only, never a password. */
function redisHost(url: string): string {
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

/** What failed while opening the store or listening, in one line with the fix; other errors keep their message. */
export function describeFailure(error: unknown, where: Where): string {
  if (error instanceof CliFailure) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  const text = String(message ?? error);
  if (code === 'EADDRINUSE')
    return `port ${where.port} on ${where.host ?? '127.0.0.1'} is already in use: stop what is using it, or pass --port with another port.`;
  if (code === 'EACCES' && where.port !== undefined)
    return `no permission to listen on port ${where.port}: pass --port with a port above 1023.`;
  if (
    where.redis &&
    (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|Connection is closed|connect|sentinel/i.test(text) || code?.startsWith('E'))
  )
    return `cannot reach Redis at ${redisHost(where.redis)} (${code ?? text}): start Redis there, or check --redis.`;
  if (where.db && (code?.startsWith('SQLITE_CANTOPEN') || /directory does not exist|unable to open database/i.test(text)))
    return `cannot open the database ${where.db}: its folder does not exist or cannot be written; create the folder, or pass --db with a file in one that does.`;
  if (where.db && code === 'SQLITE_NOTADB')
    return `${where.db} is not a Pressbox database (not SQLite): pass --db with the file your relay uses.`;
  return text.split('\n')[0]!;
}

/** Starts a server; a port in use, a missing database folder or an unreachable Redis become one line. */
export async function starting<T>(where: Where, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    throw new CliFailure(describeFailure(error, where));
  }
}
