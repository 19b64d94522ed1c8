import { ELEMENT_TAGS, isElementTag, reservedSizesCss, type ElementTag } from '../contract/elements.js';
import { installGlobal } from './runtime/page-settings.js';

const SELECTOR = ELEMENT_TAGS.join(',');
const requested = new Map<ElementTag, Promise<void>>();

/** Imports and defines the elements named (once each); unknown names are ignored. */
export function load(...names: string[]): Promise<void> {
  return Promise.all([...new Set(names)].filter(isElementTag).map(loadChunk)).then(() => undefined);
}

function loadChunk(tag: ElementTag): Promise<void> {
  let loading = requested.get(tag);
  if (!loading && customElements.get(tag)) loading = Promise.resolve();
  if (!loading) {
    // The base chunk is fetched beside the element's rather than after it (the chunk imports it too: one request).
    // Chunks are named by tag (vite.config.ts), so the loader carries no table of their addresses.
    loading = Promise.all([import('./ui/pressbox-element.js'), import(/* @vite-ignore */ `./chunks/${tag}.js`)]).then(
      () => undefined,
      (error: unknown) => {
        requested.delete(tag);
        console.error(`Pressbox: could not load <${tag}> from the relay (${(error as Error).message}).`);
      },
    );
  }
  requested.set(tag, loading);
  return loading;
}

function loadWithin(root: ParentNode): void {
  const tags = new Set<string>();
  if (root instanceof Element && isElementTag(root.localName)) tags.add(root.localName);
  for (const element of root.querySelectorAll(SELECTOR)) tags.add(element.localName);
  if (tags.size) void load(...tags);
}

/**
 * Holds each element's box while its code is on the way. Pages that link pressbox.css have the boxes from the first
 * paint; this covers the others from the moment the loader runs.
 */
function reserveSpace(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reservedSizesCss());
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

reserveSpace();
loadWithin(document);
// Tags added later (a CMS block, a client-side route) load when they arrive; the observer stops once all are in.
const observer = new MutationObserver((mutations) => {
  for (const mutation of mutations) for (const node of mutation.addedNodes) if (node instanceof Element) loadWithin(node);
  if (requested.size === ELEMENT_TAGS.length) observer.disconnect();
});
observer.observe(document, { childList: true, subtree: true });
installGlobal({ load });
