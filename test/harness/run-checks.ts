// `npm test`'s first step: the type check, the lint and the unit tier at once (each is one process that mostly
// computes, and none starts a server), each report printed whole as it ends; fails if any fails.
import { runBuffered } from './buffered-run.js';

const STEPS = ['typecheck', 'lint', 'test:unit'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(STEPS.map((step) => runBuffered(`npm run ${step}`, npm, ['run', '--silent', step])));
const failed = STEPS.filter((_, index) => results[index]!.code !== 0);
if (failed.length) console.error(`\nFailed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
