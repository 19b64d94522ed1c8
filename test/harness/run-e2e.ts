// `npm run test:e2e`: every file of test/e2e with node's test runner, two at a time. A file that runs in the three
// engines (it calls selectedEngines) runs as one job per engine, each in a process of its own with PRESSBOX_ENGINES set,
// so the slowest file is no longer three engines in series and a browser that will not start fails one engine's job.
// Each job's report is printed whole when it ends (reports interleaved read as none); the run fails if any job fails
// or a process it started is still running at the end (leftovers.ts). Arguments narrow the files.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { selectedEngines, type Engine } from './browser.js';
import { runBuffered } from './buffered-run.js';
import { markTestRun, stopLeftovers } from './leftovers.js';

const DIR = join('test', 'e2e');
/** Two jobs at once, as before on CI's two cores: browsers and relays at once, but not a pile of them. */
const CONCURRENCY = Math.max(2, Math.min(3, availableParallelism() - 1));

interface Job {
  file: string;
  engine?: Engine;
}

const asked = process.argv.slice(2);
const files = (
  asked.length
    ? asked
    : readdirSync(DIR)
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => join(DIR, name))
).sort();
const threeEngines = (file: string) => readFileSync(file, 'utf8').includes('selectedEngines(');
/**
 * The jobs that take longest, started first so none is left running alone at the end: the packages' tarball installs
 * (five bundlers, five frameworks' type checks: two minutes or more), then WebKit's (the slowest engine).
 */
const slowness = (job: Job) => (job.file.endsWith('packages.test.ts') ? 2 : job.engine === 'webkit' ? 1 : 0);
const jobs: Job[] = files
  .flatMap((file): Job[] => (threeEngines(file) ? selectedEngines().map((engine) => ({ file, engine })) : [{ file }]))
  .sort((a, b) => slowness(b) - slowness(a));

const nameOf = (job: Job) => `${job.file}${job.engine ? ` (${job.engine})` : ''}`;

const runJob = (job: Job) =>
  runBuffered(
    nameOf(job),
    process.execPath,
    ['--import', 'tsx', '--test', '--test-force-exit', '--test-timeout=600000', '--test-reporter=spec', job.file],
    { ...process.env, ...(job.engine && { PRESSBOX_ENGINES: job.engine }) },
  );

const mark = markTestRun();
const started = performance.now();
const queue = [...jobs];
const failed: string[] = [];
const timings: string[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const result = await runJob(job);
      timings.push(`${result.seconds.toFixed(1).padStart(6)} s  ${nameOf(job)}`);
      if (result.code !== 0) failed.push(nameOf(job));
    }
  }),
);
const leftovers = await stopLeftovers(mark, 'The end-to-end tests');
console.log(
  `\nEnd-to-end: ${jobs.length} jobs, ${CONCURRENCY} at a time, in ${((performance.now() - started) / 1000).toFixed(1)} s:\n${timings.join('\n')}`,
);
if (failed.length) console.error(`\nFailed: ${failed.join(', ')}`);
process.exit(failed.length || leftovers ? 1 : 0);
