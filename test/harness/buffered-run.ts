// A test process run with its report held back, then printed whole under one line that names it, says whether it
// passed and how long it took: runs side by side would otherwise interleave their reports, which read as none.
import { spawn } from 'node:child_process';

export interface BufferedRun {
  /** The exit code (1 when killed by a signal). */
  code: number;
  seconds: number;
}

export function runBuffered(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<BufferedRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const report: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => report.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => report.push(chunk));
    child.once('close', (exit) => {
      const code = exit ?? 1;
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`\n── ${title}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s ──\n`);
      process.stdout.write(Buffer.concat(report));
      resolve({ code, seconds });
    });
  });
}
