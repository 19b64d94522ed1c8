import type { Plugin } from 'vite';

/**
 * A module's lazy `import('<specifier>')` made eager: the call resolves at once to the module, imported at the end of
 * the file (imports are hoisted, so every line keeps its source map). The build fails when the module no longer has
 * that import, rather than shipping the lazy chunk silently.
 */
export function eagerImport(name: string, inModule: (id: string) => boolean, specifier: string): Plugin {
  const call = `import('${specifier}')`;
  const binding = `eager${name.replace(/\W/g, '_')}`;
  return {
    name: `pressbox-eager-${name}`,
    enforce: 'pre',
    transform(code, id) {
      if (!inModule(id)) return null;
      if (!code.includes(call)) throw new Error(`${id} no longer has ${call}, which the ${name} build plugin makes eager.`);
      return { code: `${code.replace(call, `Promise.resolve(${binding})`)}\nimport * as ${binding} from '${specifier}';\n`, map: null };
    },
  };
}

/**
 * The all-in-one file carries the live kit (runtime/live-kit.ts) instead of fetching it as a chunk: the chunk would
 * import what it shares with the file from the file, and a page on the file's latest URL would then run the file a
 * second time from its versioned URL. Its pages show many elements, nearly always something live among them.
 */
export const liveKitInside = (): Plugin =>
  eagerImport('live-kit', (id) => /[\\/]src[\\/]widgets[\\/]runtime[\\/]live\.ts$/.test(id), './live-kit.js');

/**
 * An element whose layout ships apart (ui/lazy-view.ts) fetches it before its first render; a page with that element
 * alone needs it at once, so its standalone file carries it (one request and one gzip stream less), still behind the
 * element's `import()`, which now resolves at once. Elements without a separate view are left as they are.
 */
export function ownViewInline(tag: string, hasView: boolean): Plugin | undefined {
  return hasView ? eagerImport(`${tag}-view`, (id) => id.endsWith(`/elements/${tag}/${tag}.ts`), `./${tag}-view.js`) : undefined;
}
