import { redisHost } from '../relay/store/redis-connection.js';
import { STORE_PROBLEMS, StoreVersionError, storeProblemOf } from '../relay/store/problems.js';

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

/** What failed while opening the store or listening, in one line with the fix; other errors keep their message. */
export function describeFailure(error: unknown, where: Where): string {
  if (error instanceof CliFailure || error instanceof StoreVersionError) return error.message;
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
  const built = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(text);
  if (code === 'ERR_DLOPEN_FAILED' || built)
    return `the SQLite module (better-sqlite3) was built for another Node${built ? ` (module version ${built[1]}; this Node, ${process.version}, needs ${built[2]})` : ''}: run npm rebuild better-sqlite3 with the Node that runs pressbox, then start it again.`;
  const problem = storeProblemOf(error);
  if (problem === 'emptied' && where.redis)
    return `Redis at ${redisHost(where.redis)} holds no Pressbox store (it lost its data, or is new): restore a backup with pressbox store restore FILE --redis URL, or start a new store with pressbox store init --redis URL.`;
  if (problem !== 'other' && problem !== 'unreachable')
    return `${where.redis ? `Redis at ${redisHost(where.redis)}` : where.db}: ${STORE_PROBLEMS[problem]} (${code ?? text.split('\n')[0]}).`;
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
