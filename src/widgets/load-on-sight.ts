import { ELEMENT_TAGS, isElementTag, reservedSizesCss, type ElementTag } from '../contract/elements.js';
import { installGlobal } from './runtime/page-settings.js';

/**
 * What both loaders do (the CDN's loader.ts, the npm package's package-loader.ts): hold each element's box from the
 * moment this runs, so nothing moves when its code arrives; define the tags on the page and those added later (a CMS
 * block, a client-side route), each once, by `importTag`, which calls `forget` when a later tag may try again, showing
 * each to `seen` first; and offer the same as `Pressbox.load`.
 */
export function loadOnSight(
  importTag: (tag: ElementTag, forget: () => void) => Promise<void>,
  seen?: (element: Element) => void,
): (...names: string[]) => Promise<void> {
  const requested = new Map<ElementTag, Promise<void>>();
  const load = (...names: string[]): Promise<void> =>
    Promise.all(
      [...new Set(names)].filter(isElementTag).map((tag) => {
        let loading = requested.get(tag);
        if (!loading) requested.set(tag, (loading = importTag(tag, () => requested.delete(tag))));
        return loading;
      }),
    ).then(() => undefined);
  const selector = ELEMENT_TAGS.join(',');
  const loadWithin = (root: ParentNode): void => {
    const elements = [...(root instanceof Element ? [root] : []), ...root.querySelectorAll(selector)];
    if (seen) elements.forEach(seen);
    void load(...elements.map((element) => element.localName));
  };
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reservedSizesCss());
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  loadWithin(document);
  // The observer stops once every element is in.
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) if (node instanceof Element) loadWithin(node);
    if (requested.size === ELEMENT_TAGS.length) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  installGlobal({ load });
  return load;
}
