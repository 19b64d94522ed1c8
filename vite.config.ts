import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { defaultStrategy, minifyHTMLLiterals } from 'minify-html-literals';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { collectMessages, messageNumbers, packCatalog, seasonRuntimeIds, seasonStart } from './scripts/messages.js';
import { ELEMENT_BOXES, ELEMENT_TAGS, hostBoxCss, isElementTag, reservedSizesCss, type ElementTag } from './src/contract/elements.js';
import { ELEMENT_CHUNK_DIR, STANDALONE_DIR } from './src/widgets/loader-strategy.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Versioned files never change once published; pressbox.js and pressbox-all.js one level up are the moving latest. */
const CDN_DIR = 'dist/cdn';
const VERSION_DIR = `${CDN_DIR}/v/${version}`;

/**
 * What stays out of the shared core: each element's own folder, the loader with what only it needs, each locale's
 * messages (one lazy chunk per locale) and what reads a page's own wording (fetched only by pages that have some).
 */
const OUTSIDE_CORE =
  /^\0loader-copy:|[\\/]src[\\/]widgets[\\/](elements[\\/]|loader(-strategy)?\.ts|runtime[\\/]page-settings\.ts|i18n[\\/](messages[\\/]|message-numbers\.ts|page-wording\.ts|season-messages\.ts|catalog-files\.ts|words\.ts))/;

/** What the latest copy of an entry points into its version's folder: chunks, the one file and the standalone files. */
const LATEST_POINTS_INTO_VERSION = new RegExp(`(["'\`])\\./(chunks/|pressbox-all\\.js|${STANDALONE_DIR}/)`, 'g');

/**
 * The latest URL of an entry: a copy of this version's file whose chunk imports point into the version folder, so a
 * page on the moving URL loads in as few round trips as one on the versioned URL, and every chunk stays immutable.
 * (Chunks never import the entry, so the two copies can never both run for one chunk.)
 */
function latestAlias(entry: string): Plugin {
  return {
    name: 'pressbox-latest-alias',
    writeBundle() {
      const versioned = readFileSync(`${VERSION_DIR}/${entry}.js`, 'utf8');
      // Chunks, and the all-in-one file the loader may fetch instead (loader-strategy.ts).
      const latest = versioned.replace(LATEST_POINTS_INTO_VERSION, `$1./v/${version}/$2`);
      // The versioned source map fits the copy only where nothing was rewritten (the all-in-one file).
      const map = latest === versioned ? `//# sourceMappingURL=./v/${version}/${entry}.js.map` : '';
      writeFileSync(`${CDN_DIR}/${entry}.js`, latest.replace(/\/\/# sourceMappingURL=.*$/m, map));
    },
  };
}

/** pressbox.css, versioned and latest: the elements' reserved boxes for a page's <head>, so nothing moves from the first paint. */
function reservedSizesStylesheet(): Plugin {
  return {
    name: 'pressbox-reserved-sizes-stylesheet',
    writeBundle() {
      const stylesheet = `/* Pressbox ${version}: each element's box before its code arrives. */\n${reservedSizesCss()}\n`;
      writeFileSync(`${VERSION_DIR}/pressbox.css`, stylesheet);
      writeFileSync(`${CDN_DIR}/pressbox.css`, stylesheet);
    },
  };
}

/**
 * The loader gets its own copy of the reserved sizes (a few hundred bytes) instead of importing them from the core:
 * a shared module would become a chunk the loader waits for before it can run.
 */
function loaderOwnCopy(module: string): Plugin {
  const virtual = `\0loader-copy:${module}`;
  return {
    name: 'pressbox-loader-own-copy',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.endsWith('loader.ts') || !source.endsWith(`/${module}.js`)) return null;
      const resolved = await this.resolve(source, importer);
      return resolved ? `${virtual}:${resolved.id}` : null;
    },
    load(id) {
      return id.startsWith(virtual) ? readFileSync(id.slice(virtual.length + 1), 'utf8') : null;
    },
  };
}

/**
 * Stylesheets folded by hand: the library's CSS minifier (clean-css 4) predates container queries and drops the
 * `@container` block's braces, which would apply narrow layouts everywhere.
 */
function foldCss(css: string): string {
  return (
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      // Selector combinators (only selectors and at-rule preludes come before a brace; `+` in calc() needs its spaces).
      .replace(/(^|[{}])([^{}]*)(?=\{)/g, (_, edge: string, prelude: string) => edge + prelude.replace(/\s*([>+~])\s*/g, '$1'))
      .replace(/(^|[\s:,(/])0\.(\d)/g, '$1.$2')
      // Attribute values that are identifiers need no quotes ([theme=dark]); nor does !important its space.
      .replace(/\[([\w-]+)='([A-Za-z_][\w-]*)'\]/g, '[$1=$2]')
      .replace(/\s+!important/g, '!important')
      .trim()
  );
}

/**
 * Message ids are names for people (translators, publishers); the bundle writes numbers. Each `t('status.final', …)`
 * becomes `t(56, …)`, each locale's catalog is packed to match (scripts/messages.js), and i18n/message-numbers.ts
 * gets the table, which only pages that change wording fetch. Lines stay where they were, so source maps hold.
 */
function numberedMessages(): Plugin {
  const messages = collectMessages();
  const numbers = messageNumbers(messages);
  const start = seasonStart(messages);
  const seasonIds = seasonRuntimeIds(messages);
  return {
    name: 'pressbox-numbered-messages',
    enforce: 'pre',
    load(id) {
      // A locale's catalog ships in two parts: what every element says, and (`?season`) what only the season elements say.
      const catalog = /^(.*[\\/]i18n[\\/]messages[\\/][\w-]+\.json)(\?season)?$/.exec(id);
      if (catalog) {
        const part = catalog[2]
          ? { from: start, rest: (key: string) => seasonIds.has(key) }
          : { to: start, rest: (key: string) => !seasonIds.has(key) };
        const packed = JSON.stringify(packCatalog(JSON.parse(readFileSync(catalog[1]!, 'utf8')), numbers, part));
        // With a query the id no longer ends in .json, so the part is handed over as the module it would become.
        return catalog[2] ? `export default ${packed};` : packed;
      }
      if (/[\\/]i18n[\\/]message-numbers\.ts$/.test(id)) return `export default ${JSON.stringify(Object.fromEntries(numbers))};`;
      return null;
    },
    transform(code, id) {
      if (!/[\\/]src[\\/]widgets[\\/].*\.ts$/.test(id)) return null;
      const numbered = code.replace(/(\bt\(\s*)'([a-z][\w.-]*)'/g, (call, opening: string, name: string) =>
        numbers.has(name) ? `${opening}${numbers.get(name)}` : call,
      );
      return numbered === code ? null : { code: numbered, map: null };
    },
  };
}

/**
 * The elements' private custom properties (`--_surface`, `--_badge-size`: set and read only inside their shadow roots,
 * never by pages, which use `--pb-*`) get one-letter names in the bundle, the same in every file, most used first:
 * 0.06 KiB gz a page. Lines stay where they were, so source maps hold.
 */
function shortPrivateProperties(): Plugin {
  const token = /--_[A-Za-z0-9-]+/g;
  const counts = new Map<string, number>();
  for (const file of readdirSync('src/widgets', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')))
    for (const [name] of readFileSync(`src/widgets/${file}`, 'utf8').matchAll(token)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const names = [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)).map(([name]) => name);
  if (names.length > 52) throw new Error('More private custom properties than one-letter names: give shortPrivateProperties two.');
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const short = new Map(names.map((name, index) => [name, `--_${letters[index]}`]));
  return {
    name: 'pressbox-short-private-properties',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]widgets[\\/].*\.ts$/.test(id)) return null;
      const renamed = code.replace(token, (name) => short.get(name) ?? name);
      return renamed === code ? null : { code: renamed, map: null };
    },
  };
}

/**
 * The all-in-one file carries the live kit (runtime/live-kit.ts) instead of fetching it as a chunk: the chunk would
 * import what it shares with the file from the file, and a page on the file's latest URL would then run the file a
 * second time from its versioned URL. Its pages show many elements, nearly always something live among them.
 */
function liveKitInside(): Plugin {
  return {
    name: 'pressbox-live-kit-inside',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]widgets[\\/]runtime[\\/]live\.ts$/.test(id)) return null;
      const inside = code.replace("import('./live-kit.js')", 'Promise.resolve(liveKitInside)');
      if (inside === code) throw new Error(`${id} no longer imports ./live-kit.js as liveKitInside (vite.config.ts) expects.`);
      // Imports are hoisted: added at the end, every line stays where it was.
      return { code: `${inside}\nimport * as liveKitInside from './live-kit.js';\n`, map: null };
    },
  };
}

/** Lit's html`` and css`` templates keep their indentation and comments through the JS minifier; this folds them. */
function minifyTemplates(): Plugin {
  return {
    name: 'pressbox-minify-templates',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]src[\\/]widgets[\\/].*\.ts$/.test(id)) return null;
      const minified = minifyHTMLLiterals(code, { fileName: id, strategy: { ...defaultStrategy, minifyCSS: foldCss } });
      return minified ? { code: minified.code, map: minified.map?.toString() } : null;
    },
  };
}

/**
 * What every build of the elements shares: the version folder, source maps, and the minifier: after Rolldown's own
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
    // here has all of Lit in one file (the core, or the one file), so they shorten safely: 0.07 KiB off every page.
    // Its `_$lit…$` and `_$cssResult$` brands stay as they are.
    mangle: { properties: { regex: /^_\$[A-Z][A-Za-z_]$/ } },
  },
  sourcemap: true,
  copyPublicDir: false,
} satisfies UserConfig['build'];

/** A locale's season part is named apart from its main catalog: `ar.season-….js` beside `ar-….js`. */
const chunkFileNames = (chunk: { facadeModuleId: string | null }) =>
  chunk.facadeModuleId?.endsWith('?season') ? 'chunks/[name].season-[hash].js' : 'chunks/[name]-[hash].js';

/**
 * Two builds of the browser code, ES modules, minified, with Lit bundled in:
 * - default: the loader (pressbox.js) with one chunk per element and one shared core chunk;
 * - `--mode all-in-one`: every element in one file (pressbox-all.js) for those who prefer one request.
 * - `--mode embed`: the scripts of the relay's own pages, the embed frame and the snippet builder (dist/cdn/embed).
 * Library mode, so dynamic imports stay plain `import()` resolved from the loader's own URL (no preload helper).
 */
export default defineConfig(({ mode }) => {
  if (mode === 'embed') return relayPagesBuild('embed', { frame: 'src/embed/frame.ts', builder: 'src/embed/builder.ts' });
  if (mode === 'console') return relayPagesBuild('console', { console: 'src/console/console-app.ts' });
  if (mode === 'standalone') return standaloneBuild(process.env.PRESSBOX_STANDALONE_TAG);
  if (mode === 'package') return packageBuild();
  const allInOne = mode === 'all-in-one';
  const entry = allInOne ? 'pressbox-all' : 'pressbox';
  return {
    plugins: [
      numberedMessages(),
      shortPrivateProperties(),
      minifyTemplates(),
      latestAlias(entry),
      loaderOwnCopy('elements'),
      ...(allInOne ? [liveKitInside()] : []),
      ...(allInOne ? [] : [reservedSizesStylesheet()]),
    ],
    build: {
      ...ELEMENT_BUILD,
      emptyOutDir: !allInOne,
      lib: {
        entry: allInOne ? { [entry]: 'src/widgets/index.ts' } : { [entry]: 'src/widgets/loader.ts', ...elementChunkEntries() },
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
          codeSplitting: allInOne
            ? true
            : { groups: [{ debugName: 'core', name: (id: string) => (OUTSIDE_CORE.test(id) ? null : 'core') }] },
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
          ...Object.fromEntries(ELEMENT_TAGS.map((tag) => [`elements/${tag}`, `src/widgets/elements/${tag}/${tag}.ts`])),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: { external: [/^lit($|\/)/, /^@lit\//], output: { chunkFileNames } },
    },
  };
}

/** Each element's chunk, an entry of its own named by tag (`chunks/<tag>.js`), which the loader imports by name. */
function elementChunkEntries(): Record<string, string> {
  return Object.fromEntries(ELEMENT_TAGS.map((tag) => [`${ELEMENT_CHUNK_DIR}/${tag}`, `src/widgets/elements/${tag}/${tag}.ts`]));
}

/**
 * One element with everything it needs in one file (standalone/<tag>.js), for pages with a single Pressbox tag: it
 * carries only the shared code that element uses and gzips as one stream, 2–3 KiB less than the core and the
 * element's chunk. scripts/build-standalone.ts runs this once per tag; the locales' catalogs come out byte for byte as
 * the other builds write them (same content, same hash), so every file shares them.
 */
function standaloneBuild(tag: string | undefined): UserConfig {
  if (!tag || !isElementTag(tag)) throw new Error(`PRESSBOX_STANDALONE_TAG must name an element, not "${tag}".`);
  return {
    plugins: [numberedMessages(), shortPrivateProperties(), minifyTemplates(), onlyOwnBox(tag), ownViewInline(tag)],
    build: {
      ...ELEMENT_BUILD,
      emptyOutDir: false,
      lib: {
        entry: { [`${STANDALONE_DIR}/${tag}`]: `src/widgets/elements/${tag}/${tag}.ts` },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: {
        // The live kit, a chunk, shares code with the element (errors, the page-shared registry): the file exports it to
        // the kit, rather than both importing a third file that would split the element's file in two.
        preserveEntrySignatures: 'allow-extension',
        output: { chunkFileNames, minify: true, comments: false },
      },
    },
  };
}

/**
 * A standalone file defines one tag, so of the elements' boxes it keeps only that tag's: the table of all ten cost
 * every one-element page 0.14 KiB gz. The facts stay in contract/elements.ts; the build reads them from there.
 */
function onlyOwnBox(tag: ElementTag): Plugin {
  const table = /export const ELEMENT_BOXES = \{[^]*?\n\} as const/;
  return {
    name: 'pressbox-only-own-box',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]src[\\/]contract[\\/]elements\.ts$/.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      if (!table.test(source))
        throw new Error(`${id}: ELEMENT_BOXES is no longer written as the build expects (onlyOwnBox in vite.config.ts).`);
      // Its host rules are known now: the file carries them as text rather than the code that writes them.
      const hostRules = /export function hostBoxCss\(tag: ElementTag\): string \{\n[^]*?\n\}/;
      if (!hostRules.test(source))
        throw new Error(`${id}: hostBoxCss is no longer written as the build expects (onlyOwnBox in vite.config.ts).`);
      return source
        .replace(table, `export const ELEMENT_BOXES = ${JSON.stringify({ [tag]: ELEMENT_BOXES[tag] })} as const`)
        .replace(hostRules, `export function hostBoxCss(_tag: ElementTag): string {\n  return ${JSON.stringify(hostBoxCss(tag))};\n}`);
    },
  };
}

/**
 * An element whose layout ships apart (ui/lazy-view.ts) fetches it before its first render; a page with that element
 * alone needs it at once, so its standalone file carries it (one request and one gzip stream less), still behind the
 * element's `import()`, which now resolves at once.
 */
function ownViewInline(tag: ElementTag): Plugin {
  const lazy = new RegExp(`import\\('\\./(${tag}-view)\\.js'\\)`);
  return {
    name: 'pressbox-own-view-inline',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(`/elements/${tag}/${tag}.ts`) || !lazy.test(code)) return null;
      // The import goes last (imports are hoisted) and the call is replaced within its line: the lines keep their maps.
      const view = lazy.exec(code)![1];
      return { code: `${code.replace(lazy, 'Promise.resolve(ownView)')}\nimport * as ownView from './${view}.js';\n`, map: null };
    },
  };
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
