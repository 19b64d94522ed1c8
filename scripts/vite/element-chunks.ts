import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each element's chunk, an entry of its own named by tag (`chunks/<tag>.js`), which the loader imports by name for
 * what it defines: nothing imports its class, so it exports none (14 B a page, 174 B with every element: issue 73).
 */
export function elementChunks(tags: readonly string[]): Plugin {
  return {
    name: 'pressbox-element-chunks',
    buildStart() {
      for (const tag of tags)
        this.emitFile({
          type: 'chunk',
          id: resolve(`src/widgets/elements/${tag}/${tag}.ts`),
          fileName: `chunks/${tag}.js`,
          preserveSignature: false,
        });
    },
  };
}
