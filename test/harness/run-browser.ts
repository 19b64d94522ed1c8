// `npm run test:browser`: the web-test-runner suite (test/browser) in every engine at once (PRESSBOX_ENGINES narrows them; arguments
// such as --files pass through). Each engine runs in a process of its own with its own relay and sandbox, so they share
// nothing but the machine; the first engine's report is printed as it comes, the others' after it (reports interleaved
// read as none). MiniBrowser under WebDriver has been seen to exit in the middle of a run (once in three full runs
// here, twice in a row on CI at the same file, twenty files into one browser): so each engine takes the files in
// batches, each batch in a browser of its own, and a batch whose browser went away is run once more; a test that
// fails is never retried.
import { spawn } from 'node:child_process';
import { globSync } from 'node:fs';
import { selectedEngines, type Engine } from './browser.js';
import { freePort } from './local-servers.js';
import { markTestRun, stopLeftovers } from './leftovers.js';

const BROWSER_GONE = [/Tests were interrupted because the browser disconnected/, /invalid session id/];

const FILES_PER_BROWSER = 8;

async function runEngine(engine: Engine, live: boolean, args: string[]): Promise<{ code: number; output: string; browserGone: boolean }> {
  // Each engine's test server on a port of its own: web-test-runner takes 8000 otherwise, and only one of them gets it.
  const port = await freePort();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', ...args], {
      env: { ...process.env, PRESSBOX_ENGINES: engine, PRESSBOX_TEST_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (live) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => resolve({ code: code ?? 1, output, browserGone: BROWSER_GONE.some((pattern) => pattern.test(output)) }));
  });
}

async function runWithOneRetry(engine: Engine, live: boolean, args: string[]): Promise<{ code: number; output: string }> {
  let run = await runEngine(engine, live, args);
  if (run.code !== 0 && run.browserGone) {
    const note = `\n${engine}: the browser itself went away during the run; running this batch once more.\n`;
    if (live) console.error(note);
    const again = await runEngine(engine, live, args);
    run = { ...again, output: `${run.output}${note}${again.output}` };
  }
  return run;
}

/** The runner's own arguments when given (`--files …` narrows a run), else every test file in batches. */
function batches(): string[][] {
  const given = process.argv.slice(2);
  if (given.length) return [given];
  const files = globSync('test/browser/**/*.test.ts').sort();
  const count = Math.ceil(files.length / FILES_PER_BROWSER);
  return Array.from({ length: count }, (_, index) => files.filter((_, at) => at % count === index)).map((batch) => ['--files', ...batch]);
}

async function runAllBatches(engine: Engine, live: boolean): Promise<{ engine: Engine; code: number; output: string }> {
  let code = 0;
  let output = '';
  for (const args of batches()) {
    const run = await runWithOneRetry(engine, live, args);
    code ||= run.code;
    output += run.output;
  }
  return { engine, code, output };
}

const engines = selectedEngines();
const mark = markTestRun();
const started = performance.now();
const runs = await Promise.all(engines.map((engine, index) => runAllBatches(engine, index === 0)));
for (const run of runs.slice(1)) process.stdout.write(`\n── ${run.engine}, run beside ${engines[0]} ──\n${run.output}`);
const failed = runs.filter((run) => run.code !== 0).map((run) => run.engine);
const leftovers = await stopLeftovers(mark, 'The browser tests');
console.error(`browser: ${engines.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failed.length) console.error(`\nBrowser tests failed in ${failed.join(', ')}.`);
process.exit(failed.length || leftovers ? 1 : 0);
