import { boxAttributes, isElementTag } from '../contract/elements.js';

/**
 * A framework that sets `league` as a property (Angular's `[league]`) on a tag not yet defined leaves no attribute for
 * the box to follow: until the element takes over, each property that chooses its box is written to its attribute, as
 * the element will (it reflects them), whether set before the loader saw the tag or after. For the npm package's loader,
 * which apps' frameworks use; the CDN's (loader.ts) serves pages that write attributes, in its kilobyte.
 */
export function reflectBoxProperties(element: Element): void {
  if (!isElementTag(element.localName) || element.matches(':defined')) return;
  for (const attribute of boxAttributes(element.localName)) {
    const property = attribute.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());
    const reflect = (value: unknown): void =>
      value === false || value == null
        ? element.removeAttribute(attribute)
        : element.setAttribute(attribute, value === true ? '' : `${value}`);
    let value = (element as unknown as Record<string, unknown>)[property];
    // The element's upgrade reads the value back and deletes this property (Lit's properties set before its definition).
    Object.defineProperty(element, property, { configurable: true, get: () => value, set: (next: unknown) => reflect((value = next)) });
    if (value !== undefined) reflect(value);
  }
}
