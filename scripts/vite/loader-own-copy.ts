import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The loader gets its own copy of a module (the reserved sizes, a few hundred bytes) instead of importing it from the
 * core: a shared module would become a chunk the loader waits for before it can run. `importer` is the loader's file
 * that imports it.
 */
export function loaderOwnCopy(module: string, importer: string): Plugin {
  const virtual = `\0loader-copy:${module}`;
  return {
    name: 'pressbox-loader-own-copy',
    enforce: 'pre',
    async resolveId(source, from) {
      if (!from?.endsWith(importer) || !source.endsWith(`/${module}.js`)) return null;
      const resolved = await this.resolve(source, from);
      return resolved ? `${virtual}:${resolved.id}` : null;
    },
    load(id) {
      return id.startsWith(virtual) ? readFileSync(id.slice(virtual.length + 1), 'utf8') : null;
    },
  };
}
