import { css } from './css.js';

/** A short highlight on a changed value; the reduced-motion rule in tokens turns it off. */
export const changeStyles = css`
  .flash {
    animation: pb-flash 1.2s ease-out;
    border-radius: 4px;
  }
  @keyframes pb-flash {
    from {
      background: var(--pb-color-flash, rgb(250 204 21 / 0.55));
    }
    to {
      background: transparent;
    }
  }
`;
