import type { Plugin } from 'vite';
import { hostBoxCss, type ElementTag } from '../../src/contract/elements.js';

/** The one module whose import of the element registry the standalone build answers with a single box. */
const ELEMENT_BASE = /[\\/]src[\\/]widgets[\\/]ui[\\/]pressbox-element\.ts$/;
const REGISTRY = /[\\/]contract[\\/]elements\.js$/;

/** The registry as the element base sees it in a one-element file: the tag's own host rules, as text. */
export function ownBoxModule(tag: ElementTag): string {
  return `export function hostBoxCss() {\n  return ${JSON.stringify(hostBoxCss(tag))};\n}\n`;
}

/**
 * A standalone file defines one tag, so the element base (ui/pressbox-element.ts) gets that tag's box only, computed
 * here from the registry (contract/elements.ts): the table of every element's box cost each one-element page
 * 0.14 KiB gz. The base may import only `hostBoxCss` from the registry; anything more fails the build by name.
 */
export function onlyOwnBox(tag: ElementTag): Plugin {
  const virtual = `\0own-box:${tag}`;
  return {
    name: 'pressbox-only-own-box',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && ELEMENT_BASE.test(importer) && REGISTRY.test(source) ? virtual : null;
    },
    load(id) {
      return id === virtual ? ownBoxModule(tag) : null;
    },
  };
}
