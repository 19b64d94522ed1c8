import { readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Versioned files never change once published; pressbox.js and pressbox-all.js one level up are the moving latest. */
const CDN_DIR = 'dist/cdn';
const VERSION_DIR = `${CDN_DIR}/v/${version}`;

/** What stays out of the shared core: each element's own folder, and the loader with what only it needs. */
const OUTSIDE_CORE = /[\\/]src[\\/]widgets[\\/](elements[\\/]|loader\.ts|runtime[\\/]page-settings\.ts)/;

/** The latest URL of an entry: a one-line module re-exporting this version's, so chunks resolve under the version. */
function latestAlias(entry: string): Plugin {
  return {
    name: 'pressbox-latest-alias',
    writeBundle() {
      writeFileSync(`${CDN_DIR}/${entry}.js`, `export * from './v/${version}/${entry}.js';\n`);
    },
  };
}

/**
 * Two builds of the browser code, ES modules, minified, with Lit and zod/mini bundled in:
 * - default: the loader (pressbox.js) with one chunk per element and one shared core chunk;
 * - `--mode all-in-one`: every element in one file (pressbox-all.js) for those who prefer one request.
 * Library mode, so dynamic imports stay plain `import()` resolved from the loader's own URL (no preload helper).
 */
export default defineConfig(({ mode }) => {
  const allInOne = mode === 'all-in-one';
  const entry = allInOne ? 'pressbox-all' : 'pressbox';
  return {
    plugins: [latestAlias(entry)],
    build: {
      outDir: VERSION_DIR,
      emptyOutDir: !allInOne,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      copyPublicDir: false,
      lib: {
        entry: { [entry]: allInOne ? 'src/widgets/index.ts' : 'src/widgets/loader.ts' },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        output: {
          chunkFileNames: 'chunks/[name]-[hash].js',
          // Library mode only minifies syntax by itself; this also drops whitespace and shortens names.
          minify: true,
          codeSplitting: allInOne
            ? false
            : { groups: [{ debugName: 'core', name: (id: string) => (OUTSIDE_CORE.test(id) ? null : 'core') }] },
        },
      },
    },
  };
});
