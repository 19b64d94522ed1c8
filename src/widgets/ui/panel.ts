import { css } from './css.js';

/**
 * The title row most elements share: a badge, a title over a line of detail, and at its end (\`.end\`) the pause
 * control, in the same place in every element and locale. The detail wraps where a narrow box cannot hold it on one
 * line (a matchup at 280 px): read whole, it takes its second line from the body below, which gives way (a scroll area,
 * a chart that shrinks).
 */
export const panelStyles = css`
  .title-row {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 12px 16px 8px;
    --_badge-size: 32px;
  }
  .title-row > div {
    min-width: 0;
  }
  .end {
    flex: none;
    margin-inline-start: auto;
  }
  .title {
    margin: 0;
    font-size: 15px;
    font-weight: 700;
  }
  .subtitle {
    margin: 0;
    font-size: 12px;
    color: var(--_muted);
  }
  .notice {
    position: absolute;
    inset: auto 0 0 0;
    background: var(--_surface);
  }
`;

/**
 * A scroll area that shows there is more: a shade at each edge where content continues, gone once scrolled to that end
 * (backgrounds that scroll with the content cover the fixed shades; along an axis that does not overflow, both covers
 * sit at the edges and no shade shows).
 */
export const scrollAreaStyles = css`
  .scroll-area {
    overflow: auto;
    overscroll-behavior: contain;
    background:
      linear-gradient(var(--_surface) 30%, transparent) top / 100% 28px no-repeat local,
      linear-gradient(transparent, var(--_surface) 70%) bottom / 100% 28px no-repeat local,
      linear-gradient(to right, var(--_surface) 30%, transparent) left / 28px 100% no-repeat local,
      linear-gradient(to right, transparent, var(--_surface) 70%) right / 28px 100% no-repeat local,
      radial-gradient(farthest-side at 50% 0, var(--_shade), transparent) top / 100% 12px no-repeat scroll,
      radial-gradient(farthest-side at 50% 100%, var(--_shade), transparent) bottom / 100% 12px no-repeat scroll,
      radial-gradient(farthest-side at 0 50%, var(--_shade), transparent) left / 12px 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, var(--_shade), transparent) right / 12px 100% no-repeat scroll;
    --_shade: rgb(0 0 0 / 0.3);
  }
  :host(:state(dark)) .scroll-area {
    --_shade: rgb(0 0 0 / 0.8);
  }
  .scroll-area:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  /* Below a body that scrolls, the notice takes room of its own: the body shrinks, and no row hides behind it. */
  .scroll-area ~ .notice {
    position: static;
    flex: none;
  }
`;
