// Fills the two published packages' folders from the build (`npm run build:packages`, part of `npm run build`):
// packages/elements (@pressbox/elements, browser only) and packages/relay (pressbox: relay, CLI, sandbox, console).
// Their package.json and README are written by hand and committed; everything copied here is build output (gitignored).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { publishedManifest } from './published-manifest.js';
import { standaloneTypes } from './standalone-types.js';

const ELEMENTS = 'packages/elements';
const RELAY = 'packages/relay';
/** The relay's Node code: what the CLI reaches, with the elements as Node runs them for server rendering (ssr, widgets). */
const RELAY_CODE = ['cli.js', 'cli.d.ts', 'cli', 'relay', 'sandbox', 'contract', 'embed', 'demo', 'ssr', 'widgets'];
/** What the elements' types import: their own declarations and the payload types of the contract. */
const ELEMENT_TYPES = ['widgets', 'contract'];
/** The relay's own pages' scripts, which the elements' CDN copy has no use for. */
const RELAY_PAGES = ['embed', 'console'].map((folder) => join('dist', 'cdn', folder));

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Earlier versions' folders that an earlier build left in dist/cdn/v. */
const olderVersion = (path: string) =>
  within(path, join('dist', 'cdn', 'v')) && !within(path, join('dist', 'cdn', 'v', version)) && path !== join('dist', 'cdn', 'v');

if (!existsSync('dist/npm') || !existsSync('dist/cdn') || !existsSync('dist/cli.js'))
  throw new Error('Build first: npm run build (build:packages copies its output).');

for (const folder of [join(ELEMENTS, 'dist'), join(ELEMENTS, 'types'), join(ELEMENTS, 'cdn'), join(RELAY, 'dist'), join(RELAY, 'demo')])
  rmSync(folder, { recursive: true, force: true });

cpSync('dist/npm', join(ELEMENTS, 'dist'), { recursive: true });
for (const folder of ELEMENT_TYPES)
  cpSync(join('dist', folder), join(ELEMENTS, 'types', folder), {
    recursive: true,
    filter: (path) => isFolder(path) || path.endsWith('.d.ts'),
  });
// Declarations that stand alone: with only lit installed and skipLibCheck off, no zod import to resolve.
standaloneTypes(
  (readdirSync(join(ELEMENTS, 'types'), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((path) => path.endsWith('.d.ts'))
    .map((path) => join(ELEMENTS, 'types', path)),
);
// Without source maps (they would triple the download); the relay's copy keeps them for readers' developer tools.
cpSync('dist/cdn', join(ELEMENTS, 'cdn'), {
  recursive: true,
  filter: (path) => !RELAY_PAGES.some((pages) => within(path, pages)) && !olderVersion(path) && !path.endsWith('.map'),
});
writeFileSync(
  join(ELEMENTS, 'custom-elements.json'),
  `${JSON.stringify(publishedManifest(JSON.parse(readFileSync('dist/custom-elements.json', 'utf8'))), null, 2)}\n`,
);

for (const entry of RELAY_CODE)
  cpSync(join('dist', entry), join(RELAY, 'dist', entry), { recursive: true, filter: (path) => !path.endsWith('.map') });
cpSync('dist/cdn', join(RELAY, 'dist', 'cdn'), { recursive: true, filter: (path) => !olderVersion(path) });
cpSync('demo', join(RELAY, 'demo'), { recursive: true });

for (const folder of [ELEMENTS, RELAY]) for (const file of ['LICENSE', 'CHANGELOG.md']) cpSync(file, join(folder, file));

for (const folder of [ELEMENTS, RELAY]) {
  const own = (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
  if (own !== version) throw new Error(`${folder}/package.json says ${own}, the release is ${version}: one version for both packages.`);
}

function isFolder(path: string): boolean {
  return statSync(path).isDirectory();
}

function within(path: string, folder: string): boolean {
  const inside = relative(folder, path);
  return inside === '' || (!inside.startsWith('..') && !inside.startsWith(sep));
}
