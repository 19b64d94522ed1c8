/**
 * The responsible-gambling line's own box, the same before its element is defined (pressbox.css) and after (the
 * element's `::slotted` rule, widgets/ui/gambling-line.ts; a test holds them equal): a page's rules that reach the line reach it alike in both, so it never moves. Inherited
 * text properties are set here because the page's would otherwise reach it before the element's host resets them.
 */
export const GAMBLING_LINE_CSS =
  'margin:0;padding:6px 16px;font:12px/1.35 var(--pb-font-family,system-ui,sans-serif);letter-spacing:normal;' +
  'word-spacing:normal;text-transform:none;text-indent:0;text-align:start;overflow-wrap:anywhere;';

/**
 * For pressbox.css: before the element is defined, the line already sits where the element will show it, at the foot
 * of the reserved box inside the border the element will draw.
 */
export function gamblingLinePlaceCss(tags: readonly string[]): string {
  const undefinedTags = `:where(${tags.map((tag) => `${tag}:not(:defined)`).join(',')})`;
  return (
    `${undefinedTags}{position:relative;border:1px solid transparent}` +
    `${undefinedTags}>[slot=gambling]{position:absolute;inset:auto 0 0;${GAMBLING_LINE_CSS}}`
  );
}
