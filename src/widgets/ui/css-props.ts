import { noChange } from 'lit';
import { Directive, PartType, directive, type AttributePart, type PartInfo } from 'lit/directive.js';

type CustomProperties = Record<`--_${string}`, string>;

/**
 * Sets custom properties on an element through the CSSOM, never a `style` attribute: pages whose Content-Security-Policy
 * has no 'unsafe-inline' for styles block style attributes (and Lit's styleMap writes one on first render). Bound to
 * `style` (`style=${cssProps({…})}`) so that the server renderer (src/ssr), which has no CSSOM, writes the attribute.
 */
class CssPropsDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ATTRIBUTE || part.name !== 'style') throw new Error('cssProps() belongs in style=${…}.');
  }

  /** Only Lit's server renderer calls this: in the browser, `update` sets the properties. */
  render(properties: CustomProperties): string {
    return Object.entries(properties)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
  }

  override update(part: AttributePart, [properties]: [CustomProperties]): typeof noChange {
    const { style } = part.element;
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return noChange;
  }
}

export const cssProps = directive(CssPropsDirective);
