import { spawn } from 'node:child_process';
import { missingRuntimeFlags } from '../relay/base/runtime-flags.js';

/**
 * Runs `script` again with the runtime flags the relay needs when this process was started without them, and tells
 * the caller to stop: in place where Node can (`process.execve`, Node 23.11+: the same process id, so a process manager
 * and a container measure the relay itself), else as a child whose exit and signals this process passes on.
 */
export function relaunchedWithRuntimeFlags(script: string): boolean {
  const missing = missingRuntimeFlags();
  if (missing.length === 0) return false;
  const args = [...missing, ...process.execArgv, script, ...process.argv.slice(2)];
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve;
  if (execve) execve(process.execPath, [process.execPath, ...args], process.env);
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    // Ended by a signal: this process ends by the same one, as a shell or a process manager expects.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
  return true;
}
