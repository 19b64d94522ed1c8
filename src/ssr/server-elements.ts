// The element classes in Node, for the server renderer: defined once, each instance given its attributes as a page
// would give them. Two elements keep their layout in a lazy chunk whose styles are a constructed stylesheet
// (ui/lazy-view.ts); Node has none, so a stand-in keeps the text, which the server writes as a <style>.
import { ELEMENT_TAGS, type ElementTag } from '../contract/elements.js';
import { ELEMENT_MODULES } from '../widgets/element-modules.js';
import type { PressboxElement } from '../widgets/ui/pressbox-element.js';

/** A constructed stylesheet's text, where Node has no CSSStyleSheet. */
class ServerStyleSheet {
  text = '';
  replaceSync(text: unknown): void {
    this.text = String(text);
  }
}
(globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet ??= ServerStyleSheet;

/** Attributes that say nothing about what the element shows: the key travels apart; the relay is the one asked. */
const NOT_RENDERED = new Set(['key', 'relay', 'paused']);

interface ElementClass {
  new (): PressboxElement;
  readonly observedAttributes: string[];
}

async function elementClass(tag: ElementTag): Promise<ElementClass> {
  await ELEMENT_MODULES[tag]();
  return customElements.get(tag) as unknown as ElementClass;
}

export function isElementTag(tag: string): tag is ElementTag {
  return (ELEMENT_TAGS as string[]).includes(tag);
}

/** The attributes an element reads for what it shows (the rendering's query may name these and no others). */
export async function renderedAttributes(tag: ElementTag): Promise<string[]> {
  return (await elementClass(tag)).observedAttributes.filter((name) => !NOT_RENDERED.has(name));
}

/** An element instance with these attributes, as a page's parser would give them. */
export async function serverElement(tag: ElementTag, attributes: Readonly<Record<string, string>>): Promise<PressboxElement> {
  const element = new (await elementClass(tag))();
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, value);
    element.attributeChangedCallback(name, null, value);
  }
  return element;
}

/**
 * Waits for what the element's first render needs (its lazy layout, the bet-state kit) as the browser would, and
 * answers the stylesheets those bring, as <style> elements for its shadow root: in the browser they are adopted into
 * the root (ui/lazy-view.ts), which a server element lacks, so it is given a stand-in for the time it waits.
 */
export async function prepareLayout(element: PressboxElement, ready: () => Promise<void> | void): Promise<string> {
  const root = { adoptedStyleSheets: [] as ServerStyleSheet[] };
  Object.defineProperty(element, 'shadowRoot', { value: root, configurable: true });
  try {
    await ready();
  } finally {
    delete (element as { shadowRoot?: unknown }).shadowRoot;
  }
  return root.adoptedStyleSheets.map((sheet) => `<style>${sheet.text}</style>`).join('');
}
