import { ELEMENT_TAGS, isElementTag, reservedSizesCss, type ElementTag } from '../contract/elements.js';
import { ELEMENT_MODULES } from './element-modules.js';
import { installGlobal } from './runtime/page-settings.js';

// The npm package's loader (`@pressbox/elements/loader`): defines the elements a page uses as they appear, each from its
// own module, which the app's bundler splits. The CDN's loader (loader.ts) chooses among files on the relay instead.

const SELECTOR = ELEMENT_TAGS.join(',');
const requested = new Map<ElementTag, Promise<void>>();

/** Imports and defines the elements named (once each); unknown names are ignored. */
export function load(...names: string[]): Promise<void> {
  const loading = names.filter(isElementTag).map((tag) => {
    let module = requested.get(tag);
    if (!module) requested.set(tag, (module = ELEMENT_MODULES[tag]().then(() => undefined)));
    return module;
  });
  return Promise.all(loading).then(() => undefined);
}

function loadWithin(root: ParentNode): void {
  const tags: string[] = root instanceof Element ? [root.localName] : [];
  for (const element of root.querySelectorAll(SELECTOR)) tags.push(element.localName);
  void load(...tags);
}

// Each element's box from the moment this runs, so nothing moves when its module arrives.
const sheet = new CSSStyleSheet();
sheet.replaceSync(reservedSizesCss());
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
loadWithin(document);
// Tags added later (a client-side route, a CMS block) load when they arrive; the observer stops once all are in.
const observer = new MutationObserver((mutations) => {
  for (const mutation of mutations) for (const node of mutation.addedNodes) if (node instanceof Element) loadWithin(node);
  if (requested.size === ELEMENT_TAGS.length) observer.disconnect();
});
observer.observe(document, { childList: true, subtree: true });
installGlobal({ load });
