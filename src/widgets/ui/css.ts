import { unsafeCSS, type CSSResult } from 'lit';

/**
 * Lit's css`` tag without its run-time check that each interpolated value is a stylesheet or a number: the compiler
 * checks that here, and the check with its message cost every page 0.15 KiB gz. Templates keep the tag's name, so the
 * template minifier (scripts/vite/templates.ts) and lit-analyzer still read them as CSS.
 */
export function css(strings: TemplateStringsArray, ...values: Array<CSSResult | number>): CSSResult {
  return unsafeCSS(strings.reduce((text, part, index) => `${text}${String(values[index - 1])}${part}`));
}
