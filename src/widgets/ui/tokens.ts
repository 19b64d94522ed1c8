import { css } from './css.js';

/** The dark theme's values: for theme="dark", and for theme="auto" on a dark page (ui/page-theme.ts). */
const darkValues = css`
  --_surface: var(--pb-color-surface, #111827);
  --_raised: var(--pb-color-raised, #1f2937);
  --_text: var(--pb-color-text, #f9fafb);
  --_muted: var(--pb-color-muted, #d1d5db);
  --_border: var(--pb-color-border, #374151);
  --_accent: var(--pb-color-accent, #93c5fd);
  --_live: var(--pb-color-live, #fca5a5);
  --_focus: var(--pb-color-focus, #93c5fd);
  --_badge-ring: rgb(255 255 255 / 0.6);
  color-scheme: dark;
`;

/**
 * Public `--pb-*` properties feed private `--_*` ones. Light by default, dark in `:state(dark)` (`theme="dark"`, or
 * `theme="auto"` on a dark page); system colours in forced-colours mode. Sizes are fixed in px so
 * a host page's global font rules cannot reflow the widget.
 */
export const tokens = css`
  :host {
    --_surface: var(--pb-color-surface, #ffffff);
    --_raised: var(--pb-color-raised, #f3f4f6);
    --_text: var(--pb-color-text, #111827);
    --_muted: var(--pb-color-muted, #4b5563);
    --_border: var(--pb-color-border, #d1d5db);
    --_accent: var(--pb-color-accent, #1d4ed8);
    --_live: var(--pb-color-live, #b91c1c);
    --_focus: var(--pb-color-focus, #1d4ed8);
    --_radius: var(--pb-radius, 10px);
    /* Keeps a team colour close to the surface's own visible as a shape. */
    --_badge-ring: rgb(0 0 0 / 0.15);
    /* Every engine the elements support knows system-ui, which comes first: the names once listed after it never applied. */
    --_font: var(--pb-font-family, system-ui, sans-serif);
    color-scheme: light;
    display: block;
    contain: layout paint;
    /*
     * A page's global rules (\`* {}\` resets, a CMS theme's type) reach the host itself and beat :host, unless
     * important: the look is set through --pb-* properties, while margin, width and display stay the page's.
     */
    box-sizing: border-box !important;
    padding: 0 !important;
    font-family: var(--_font) !important;
    font-size: 14px !important;
    font-style: normal !important;
    font-weight: 400 !important;
    line-height: 1.35 !important;
    letter-spacing: normal !important;
    word-spacing: normal !important;
    text-align: start !important;
    text-indent: 0 !important;
    text-transform: none !important;
    text-shadow: none !important;
    white-space: normal !important;
    vertical-align: baseline !important;
    cursor: auto !important;
    color: var(--_text) !important;
    background: var(--_surface) !important;
    border: 1px solid var(--_border) !important;
    border-radius: var(--_radius) !important;
  }
  :host([hidden]) {
    display: none;
  }
  :host(:state(dark)) {
    ${darkValues}
  }
  /* As specific as the theme rule and after it, so system colours win whatever the theme. */
  @media (forced-colors: active) {
    :host,
    :host(:state(dark)) {
      --_surface: Canvas;
      --_raised: Canvas;
      --_text: CanvasText;
      --_muted: CanvasText;
      --_border: CanvasText;
      --_accent: LinkText;
      --_live: Highlight;
      --_focus: Highlight;
    }
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  button {
    font: inherit;
    color: inherit;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
    }
  }
`;
