import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const OWN_COPY = '?own-copy=';
/** The element a module belongs to: its folder, or the element a copy was made for. */
const ELEMENT_OF = /[\\/]src[\\/]widgets[\\/]elements[\\/]([\w-]+)[\\/]|\?own-copy=([\w-]+)$/;

/**
 * Each element gets its own copy of these modules (small, without state) instead of sharing one: a module two to five
 * elements use would otherwise ride in the base chunk every page loads, or be a chunk of its own that the element's
 * chunk waits for (a round trip more). `modules` are file names in src/widgets (`ui/share-bar`).
 */
export function elementOwnCopies(modules: readonly string[]): Plugin {
  const copied = (id: string) => modules.some((module) => id.endsWith(`/src/widgets/${module}.ts`));
  return {
    name: 'pressbox-element-own-copies',
    enforce: 'pre',
    async resolveId(source, importer) {
      const element = importer && ELEMENT_OF.exec(importer);
      if (!element) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && copied(resolved.id) ? `${resolved.id}${OWN_COPY}${element[1] ?? element[2]}` : null;
    },
    load(id) {
      return id.includes(OWN_COPY) ? readFileSync(id.slice(0, id.indexOf(OWN_COPY)), 'utf8') : null;
    },
  };
}
