// Small servers the tests and the bench start on this machine: a free port, whether something listens, and a
// throwaway redis-server. Shared by scripts/test-node.mjs, the bench and the tests that need their own Redis.
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A port nothing listens on right now (on 127.0.0.1). */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on host:port. */
export function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A redis-server on `port` (no persistence unless `args` asks for it), resolved once it accepts connections.
 * Throws with the install command when redis-server is missing or does not come up.
 */
export async function startRedisServer(port, args = ['--save', '', '--appendonly', 'no']) {
  // Under faketime (npm test runs the node suite 40 days ahead once) libfaketime breaks redis-server's allocator.
  const { LD_PRELOAD: _faketime, ...env } = process.env;
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...args], { stdio: 'ignore', env });
  let failed;
  child.once('error', (error) => (failed = error));
  for (let tries = 0; tries < 100; tries++) {
    if (failed) break;
    if (await reachable('127.0.0.1', port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start: install it with  sudo apt-get install -y redis-server');
}
