import { ALL_IN_ONE_FILE, ELEMENT_CHUNK_DIR, ALL_IN_ONE_FROM, CHUNK_WEIGHTS, STANDALONE_DIR } from './loader-strategy.js';
import { ELEMENT_TAGS, isElementTag, reservedSizesCss, type ElementTag } from '../contract/elements.js';
import { installGlobal } from './runtime/page-settings.js';

const SELECTOR = ELEMENT_TAGS.join(',');
const requested = new Map<ElementTag, Promise<void>>();
/** Every tag the page asked for, so that a failed one file can hand them all to the chunks. */
const asked = new Set<ElementTag>();
/**
 * Every element at once, when the page's first look found enough tags to make one file the smaller download
 * (loader-strategy.ts); false once that file could not be fetched.
 */
let everything: Promise<void> | false | undefined;

/** Imports and defines the elements named (once each); unknown names are ignored. */
export function load(...names: string[]): Promise<void> {
  const tags = [...new Set(names)].filter(isElementTag);
  let weight = 0;
  for (const tag of tags) {
    asked.add(tag);
    // prefersOneFile's sum (loader-strategy.ts), written out here: calling it cost every page 29 B. The e2e loader test
    // holds the two to the same switching point.
    weight += +CHUNK_WEIGHTS[ELEMENT_TAGS.indexOf(tag)]!;
  }
  if (everything) return everything;
  // Only before any chunk ran: the one file defines every element, and an element cannot be defined twice.
  if (everything === undefined && requested.size === 0) {
    if (tags.length === 1) return loadStandalone(tags[0]!);
    if (weight >= ALL_IN_ONE_FROM) return (everything = loadEverything());
  }
  return Promise.all(tags.map(loadChunk)).then(() => undefined);
}

/**
 * A page with one Pressbox tag: that element's standalone file. A tag added later loads as a chunk with the shared core
 * (a second copy of the runtime, which shares the page's relay client and live stream with the first: page-shared.ts).
 */
function loadStandalone(tag: ElementTag): Promise<void> {
  const loading = import(/* @vite-ignore */ `./${STANDALONE_DIR}/${tag}.js`).then(
    () => undefined,
    (error: unknown) => {
      requested.delete(tag);
      console.warn(`Pressbox: could not load the standalone <${tag}> (${(error as Error).message}); loading its chunks.`);
      return loadChunk(tag);
    },
  );
  requested.set(tag, loading);
  return loading;
}

function loadEverything(): Promise<void> {
  return import(/* @vite-ignore */ ALL_IN_ONE_FILE).then(
    () => observer.disconnect(),
    (error: unknown) => {
      // A copy of the bundle without the one file, say: each element's own chunk still serves.
      everything = false;
      console.warn(`Pressbox: could not load pressbox-all.js (${(error as Error).message}); loading each element on its own.`);
      return load(...asked);
    },
  );
}

function loadChunk(tag: ElementTag): Promise<void> {
  let loading = requested.get(tag);
  if (!loading && customElements.get(tag)) loading = Promise.resolve();
  if (!loading) {
    // The shared core is fetched beside the chunk rather than after it (the chunk imports it too: one request). Chunks
    // are named by tag (vite.config.ts), so the loader carries no table of their addresses.
    loading = Promise.all([import('./ui/pressbox-element.js'), import(/* @vite-ignore */ `./${ELEMENT_CHUNK_DIR}/${tag}.js`)]).then(
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
