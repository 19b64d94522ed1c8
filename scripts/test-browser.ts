// `npm run test:browser`: the web-test-runner suite in each engine in turn (PRESSBOX_ENGINES narrows them; arguments
// such as --files pass through). MiniBrowser under WebDriver has been seen to exit in the middle of a run (once in
// three full runs here): an engine whose browser went away is run once more; a test that fails is never retried.
import { spawn } from 'node:child_process';
import { selectedEngines, type Engine } from './browser.js';

const BROWSER_GONE = [/Tests were interrupted because the browser disconnected/, /invalid session id/];

function runEngine(engine: Engine): Promise<{ code: number; browserGone: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', ...process.argv.slice(2)], {
      env: { ...process.env, PRESSBOX_ENGINES: engine },
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, browserGone: BROWSER_GONE.some((pattern) => pattern.test(output)) }));
  });
}

const failed: Engine[] = [];
for (const engine of selectedEngines()) {
  let run = await runEngine(engine);
  if (run.code !== 0 && run.browserGone) {
    console.error(`\n${engine}: the browser itself went away during the run; running ${engine}'s tests once more.\n`);
    run = await runEngine(engine);
  }
  if (run.code !== 0) failed.push(engine);
}
if (failed.length) {
  console.error(`\nBrowser tests failed in ${failed.join(', ')}.`);
  process.exit(1);
}
