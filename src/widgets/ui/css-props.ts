import { noChange } from 'lit';
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js';

type CustomProperties = Record<`--_${string}`, string>;

/**
 * Sets custom properties on an element through the CSSOM, never a `style` attribute: pages whose Content-Security-Policy
 * has no 'unsafe-inline' for styles block style attributes (and Lit's styleMap writes one on first render).
 */
class CssPropsDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('cssProps() belongs in an element tag.');
  }

  render(_properties: CustomProperties): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [CustomProperties]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return noChange;
  }
}

export const cssProps = directive(CssPropsDirective);
