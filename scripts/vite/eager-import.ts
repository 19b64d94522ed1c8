import type { Plugin } from 'vite';
import { PRICE_LINKING_ELEMENTS } from '../../src/contract/clicks.js';

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
 * The all-in-one file carries its lazy parts inside: the live kit (ui/live-kit.ts), the bet-state lines
 * (ui/bet-state.ts), the price links (ui/price-links.ts), the game header's series line and each element's separate layout (`<tag>-view.ts`, ui/lazy-view.ts). As chunks they would import what they share with the file from the file,
 * and a page on the file's latest URL would then run the file a second time from its versioned URL. Its pages show many
 * elements, nearly always something live among them.
 */
export function lazyPartsInside(tagsWithView: readonly string[]): Plugin[] {
  return [
    eagerImport('live-kit', (id) => /[\\/]src[\\/]widgets[\\/]ui[\\/]live\.ts$/.test(id), './live-kit.js'),
    eagerImport('bet-state', (id) => /[\\/]src[\\/]widgets[\\/]ui[\\/]bet-state-kit\.ts$/.test(id), './bet-state.js'),
    ...PRICE_LINKING_ELEMENTS.map((tag) =>
      eagerImport(`${tag}-price-links`, (id) => id.endsWith(`/elements/${tag}/${tag}.ts`), '../../ui/price-links.js'),
    ),
    eagerImport('series-line', (id) => id.endsWith('/elements/game-header/game-header.ts'), './series-line.js'),
    ...tagsWithView.map((tag) => eagerImport(`${tag}-view`, (id) => id.endsWith(`/elements/${tag}/${tag}.ts`), `./${tag}-view.js`)),
  ];
}
