// `npm run test:e2e` needs the build of the sources as they are. `npm install` has just built them in a fresh clone
// (`prepare`), so the e2e stage builds again only when an input changed since the last full `npm run build`: a digest
// of every file the build reads (everything but the tests, benches, docs and CI) is kept beside the build.
//   node --import tsx scripts/build-if-stale.ts          → builds when stale
//   node --import tsx scripts/build-if-stale.ts --mark   → the build just finished: records its inputs
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MARK = 'dist/.build-inputs';
/** What the build never reads. */
const NOT_INPUTS = /^(test|bench|docs|\.ci|deploy)\/|\.md$|^\.(prettier|eslint)/;

/** The digest of the build's inputs, or undefined outside a git checkout (where every check builds). */
export function buildInputsDigest(): string | undefined {
  let listed: string;
  try {
    listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8', stdio: 'pipe' });
  } catch {
    return undefined;
  }
  const files = listed
    .split('\0')
    .filter((file) => file && !NOT_INPUTS.test(file) && existsSync(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  // The README and changelog the packages ship are inputs too, though the other Markdown is not.
  for (const file of ['README.md', 'CHANGELOG.md', 'packages/elements/README.md', 'packages/relay/README.md'])
    if (existsSync(file)) hash.update(readFileSync(file));
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const digest = buildInputsDigest();
  if (process.argv[2] === '--mark') {
    if (digest) writeFileSync(MARK, digest);
  } else if (digest && existsSync(MARK) && readFileSync(MARK, 'utf8') === digest) {
    console.error('The build is current (dist/.build-inputs): not building again.');
  } else {
    process.exit(spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status ?? 1);
  }
}
