import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';
import { ELEMENT_TAGS } from './src/contract/elements.js';
import { latestAlias, reservedSizesStylesheet, type CdnDirs } from './scripts/vite/cdn-files.js';
import { lazyPartsInside } from './scripts/vite/eager-import.js';
import { elementChunks } from './scripts/vite/element-chunks.js';
import { elementOwnCopies } from './scripts/vite/element-own-copy.js';
import { loaderOwnCopy } from './scripts/vite/loader-own-copy.js';
import { numberedMessages } from './scripts/vite/numbered-messages.js';
import { shortPrivateProperties } from './scripts/vite/short-private-properties.js';
import { minifyTemplates } from './scripts/vite/templates.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Versioned files never change once published; pressbox.js and pressbox-all.js one level up are the moving latest. */
const CDN_DIR = 'dist/cdn';
const VERSION_DIR = `${CDN_DIR}/v/${version}`;
const CDN_DIRS: CdnDirs = { cdn: CDN_DIR, version, versionDir: VERSION_DIR };

/**
 * What stays out of the base chunk even when two elements share it: each element's own folder, the loader with what
 * only it needs, each locale's messages (one lazy chunk per locale) and what reads a page's own wording (fetched only
 * by pages that have some).
 */
const OUTSIDE_BASE =
  /^\0loader-copy:|[\\/]src[\\/]widgets[\\/](elements[\\/]|loader\.ts|load-on-sight\.ts|runtime[\\/]page-settings\.ts|i18n[\\/](messages[\\/]|message-numbers\.ts|page-wording\.ts|catalog-files\.ts|words\.ts))/;

/**
 * Small modules that only a few elements use, copied into each of those elements' chunks (issue 73): in the base chunk
 * every page would carry them, and as a chunk of their own the element's chunk would wait for them. None holds state a
 * copy could split (the bet-state kit's is a handle on a chunk the browser fetches once). Each copy's cost on the page
 * with every element is the price of what it saves on a page with one (measured there).
 */
const ELEMENT_OWN_COPIES = [
  'ui/season-messages',
  'ui/ordinal',
  'ui/gambling-line',
  'ui/bout-ending',
  'ui/share-bar',
  'ui/bet-state-kit',
  'ui/side-order',
];

/**
 * What every build of the elements shares: the version folder, source maps beside the files but not named in them (each
 * file's `sourceMappingURL` line cost readers 72 B a page and 485 B with every element: issue 73; the relay names each
 * map in a `SourceMap` header, which developer tools follow), and the minifier: after Rolldown's own
 * (below), terser's passes take another 0.2 KiB gz off the all-in-one file, pure getters (no getter in this code or
 * Lit's is read for a side effect) 0.07 KiB more, and comparisons turned around (`unsafe_comps`: no operand compared
 * here or in Lit has a valueOf with side effects) 15 B.
 */
const ELEMENT_BUILD = {
  outDir: VERSION_DIR,
  target: 'es2022',
  minify: 'terser',
  terserOptions: {
    module: true,
    ecma: 2020,
    compress: { passes: 4, pure_getters: true, unsafe_arrows: true, unsafe_comps: true, keep_fargs: false },
    format: { comments: false },
    // Lit's internal members (`_$AH`, `_$Em`…) are already short names kept for its packages to share; every build
    // here has all of Lit in one file (the base chunk, or the one file), so they shorten safely: 0.07 KiB off every page.
    // Its `_$lit…$` and `_$cssResult$` brands stay as they are.
    mangle: { properties: { regex: /^_\$[A-Z][A-Za-z_]$/ } },
  },
  sourcemap: 'hidden',
  copyPublicDir: false,
} satisfies UserConfig['build'];

/** A locale's season part is named apart from its main catalog: `ar.season-….js` beside `ar-….js`. */
const chunkFileNames = (chunk: { facadeModuleId: string | null }) =>
  chunk.facadeModuleId?.endsWith('?season') ? 'chunks/[name].season-[hash].js' : 'chunks/[name]-[hash].js';

/**
 * The builds of the browser code, ES modules, minified, with Lit bundled in:
 * - default: one module graph, the loader (pressbox.js) fetching the base chunk (what two or more elements share) and
 *   each element's chunk in parallel, with the lazy chunks (locales, the live kit, separate layouts) they import;
 * - `--mode all-in-one`: every element in one file (pressbox-all.js), for those who ask for one file by name;
 * - `--mode package`: plain modules for an app's own bundler (@pressbox/elements);
 * - `--mode embed`, `--mode console`: the scripts of the relay's own pages.
 * Library mode, so dynamic imports stay plain `import()` resolved from the loader's own URL (no preload helper).
 */
export default defineConfig(({ mode }) => {
  if (mode === 'embed') return relayPagesBuild('embed', { frame: 'src/embed/frame.ts', builder: 'src/embed/builder.ts' });
  if (mode === 'console') return relayPagesBuild('console', { console: 'src/console/console-app.ts' });
  if (mode === 'package') return packageBuild();
  const allInOne = mode === 'all-in-one';
  const entry = allInOne ? 'pressbox-all' : 'pressbox';
  return {
    // What each earns, Brotli as served, measured by building without it (issue 57): numbered messages let each
    // locale's catalog ship packed (Arabic 3.26 → 2.54 KiB gzip; the code's numbers must match them); short private
    // properties 80 B a page; minified templates and styles 0.8–0.9 KiB a page (3.5 KiB for all eleven); the loader's
    // own copy of the registry costs 0.3 KiB a page and saves a round trip: the loader reserves the boxes and asks for
    // the base and the element's chunk at once, without waiting for the base first.
    plugins: [
      numberedMessages(),
      shortPrivateProperties(),
      minifyTemplates(),
      latestAlias(entry, CDN_DIRS),
      loaderOwnCopy('elements', 'load-on-sight.ts'),
      // Not for bytes: the one file must not load chunks that import it back.
      ...(allInOne ? lazyPartsInside(tagsWithView()) : []),
      ...(allInOne ? [] : [reservedSizesStylesheet(CDN_DIRS), elementOwnCopies(ELEMENT_OWN_COPIES), elementChunks(ELEMENT_TAGS)]),
    ],
    build: {
      ...ELEMENT_BUILD,
      emptyOutDir: !allInOne,
      lib: {
        entry: allInOne ? { [entry]: 'src/widgets/index.ts' } : { [entry]: 'src/widgets/loader.ts' },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        output: {
          chunkFileNames,
          // Library mode only minifies syntax by itself; this also drops whitespace and shortens names.
          minify: true,
          // Not even the minifier's own /* @__PURE__ */ marks, which it leaves in: 0.05 KiB a file.
          comments: false,
          // All in one: every element in the entry file; only the locales' messages (dynamic imports) stay apart.
          // The graph: one base chunk of what two or more entries share, the rest in the chunk of the one that uses it.
          codeSplitting: allInOne ? true : { groups: [{ name: 'base', minShareCount: 2, test: (id: string) => !OUTSIDE_BASE.test(id) }] },
        },
      },
    },
  };
});

/** Where the npm package's modules are built (scripts/build-packages.ts copies them into packages/elements). */
const PACKAGE_DIR = 'dist/npm';

/**
 * `--mode package`: the elements for an app's own bundler (@pressbox/elements). Plain ES modules: Lit left to the app
 * (shared with its own), messages already numbered and each locale's catalog already a module, so that any bundler
 * (Vite, webpack, esbuild, Rollup) takes them without this build's plugins. Unminified: the app's bundler minifies, and
 * its developers can read what they step through.
 */
function packageBuild(): UserConfig {
  return {
    plugins: [numberedMessages(), shortPrivateProperties(), minifyTemplates()],
    build: {
      outDir: PACKAGE_DIR,
      target: 'es2022',
      minify: false,
      copyPublicDir: false,
      lib: {
        entry: {
          index: 'src/widgets/index.ts',
          loader: 'src/widgets/package-loader.ts',
          configure: 'src/widgets/configure.ts',
          // What every entry resolves to under the `node` condition (server-side rendering): defines nothing.
          server: 'src/widgets/server.ts',
          // For a page's server: the element's HTML with its data, rendered by the relay (Node, any framework).
          render: 'src/widgets/render.ts',
          ...Object.fromEntries(ELEMENT_TAGS.map((tag) => [`elements/${tag}`, `src/widgets/elements/${tag}/${tag}.ts`])),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: { external: [/^lit($|\/)/, /^@lit\//], output: { chunkFileNames } },
    },
  };
}

/** The elements whose layout ships as a lazy chunk of its own (`<tag>-view.ts`). */
function tagsWithView(): string[] {
  return ELEMENT_TAGS.filter((tag) => existsSync(`src/widgets/elements/${tag}/${tag}-view.ts`));
}

/**
 * The scripts of the relay's own pages, served by the relay itself and never part of the widget bundle:
 * - `embed`: the embed frame and the snippet builder (/embed/frame.js, /builder/builder.js), small, no Lit, one file each;
 * - `console`: the operator console (/console), Lit and the console in one file, the chart library in a chunk of its
 *   own that only a key's page loads.
 */
function relayPagesBuild(folder: 'embed' | 'console', entry: Record<string, string>): UserConfig {
  return {
    build: {
      outDir: `${CDN_DIR}/${folder}`,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      copyPublicDir: false,
      lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      rolldownOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true } },
    },
  };
}
