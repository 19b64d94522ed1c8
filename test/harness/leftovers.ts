// Every process a test run starts carries the run's mark in its environment (children inherit it), so what is still
// running once the run has ended can be found, named and stopped: a test that forgets a relay, a redis-server or a
// browser fails the run instead of slowing the next one down (a `pressbox serve` was once left from a tarball install).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const MARK = 'PRESSBOX_TEST_RUN';
/** Processes stopped by the tests' last steps may take a moment to go: they are waited for this long. */
const GRACE_MS = 5_000;

/** Marks this process's environment, which every process it starts from now on inherits. */
export function markTestRun(): string {
  const id = randomUUID();
  process.env[MARK] = id;
  return id;
}

interface Leftover {
  pid: number;
  command: string;
}

/** The processes that carry the mark, this one excepted (Linux's /proc; elsewhere none are found). */
function marked(id: string): Leftover[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: Leftover[] = [];
  for (const pid of pids.map(Number)) {
    if (pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${MARK}=${id}`)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      // A zombie has no command line left: it has ended, its parent just has not read its status.
      if (command) found.push({ pid, command });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/**
 * Once a run has ended: the processes it left, after a short grace, each stopped and named. Returns 1 when there were
 * any (the run fails), else 0.
 */
export async function stopLeftovers(id: string, what: string): Promise<number> {
  const started = Date.now();
  let left = marked(id);
  while (left.length && Date.now() - started < GRACE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = marked(id);
  }
  if (!left.length) return 0;
  console.error(`\n${what} left ${left.length} process${left.length === 1 ? '' : 'es'} running; each test must stop what it starts:`);
  for (const { pid, command } of left) {
    console.error(`  ${pid}  ${command.slice(0, 200)}`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return 1;
}
