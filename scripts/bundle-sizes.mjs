// Sizes of the built browser bundle (dist/cdn/v/{version}), minified and gzipped, and the budgets they must meet.
// Shared by `npm run bench` (the table) and test/widgets-manifest/bundle-budget.test.ts (the gate in `npm test`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets in bytes of gzip (level 9), as the issue set them. */
export const BUDGETS = { loader: 3 * 1024, firstElement: 12 * 1024, allSeven: 30 * 1024 };

function sizeOf(path) {
  const code = readFileSync(path);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/** Loader, core, each element's chunk, the all-in-one file, and the totals a page pays. */
export function bundleSizes(root = 'dist/cdn') {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const dir = join(root, 'v', version);
  const chunkFiles = readdirSync(join(dir, 'chunks')).filter((name) => name.endsWith('.js'));
  const chunks = Object.fromEntries(chunkFiles.map((name) => [name.replace(/-[\w-]{8}\.js$/, ''), sizeOf(join(dir, 'chunks', name))]));
  const { core, ...elements } = chunks;
  if (!core) throw new Error(`No core chunk in ${dir}/chunks: run npm run build:widgets.`);
  const loader = sizeOf(join(dir, 'pressbox.js'));
  const allInOne = sizeOf(join(dir, 'pressbox-all.js'));
  const sum = (parts) => ({
    min: parts.reduce((total, part) => total + part.min, 0),
    gzip: parts.reduce((total, part) => total + part.gzip, 0),
  });
  const largest = Object.entries(elements).sort((a, b) => b[1].gzip - a[1].gzip)[0];
  return {
    version,
    loader,
    core,
    elements,
    allInOne,
    /** The heaviest first element a page can have: loader, core and the largest element chunk. */
    firstElement: { tag: largest[0], ...sum([loader, core, largest[1]]) },
    /** Every element through the loader: loader, core and all seven chunks. */
    allSevenByLoader: sum([loader, core, ...Object.values(elements)]),
  };
}

export const kilobytes = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
