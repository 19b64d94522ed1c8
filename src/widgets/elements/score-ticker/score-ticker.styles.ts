import { css } from '../../ui/css.js';

export const scoreTickerStyles = css`
  .ticker {
    display: flex;
    align-items: stretch;
    height: 100%;
  }
  .toggle {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    border: 0;
    border-inline-end: 1px solid var(--_border);
    background: var(--_raised);
    cursor: pointer;
  }
  .toggle svg {
    width: 14px;
    height: 14px;
    fill: currentColor;
  }
  .viewport {
    flex: 1;
    min-width: 0;
    overflow: hidden;
  }
  .track {
    display: flex;
    width: max-content;
    height: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
    animation: pb-ticker var(--_duration, 60s) linear infinite;
  }
  :host([paused]) .track,
  .viewport:hover .track,
  .viewport:focus-within .track {
    animation-play-state: paused;
  }
  @keyframes pb-ticker {
    to {
      transform: translateX(-50%);
    }
  }
  /* Right to left, games enter from the left: the ticker moves the way the reader reads. */
  :host(:dir(rtl)) .track {
    animation-name: pb-ticker-rtl;
  }
  @keyframes pb-ticker-rtl {
    to {
      transform: translateX(50%);
    }
  }
  .item {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 0 16px;
    border-inline-end: 1px solid var(--_border);
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .league {
    font-size: 12px;
    font-weight: 700;
    color: var(--_muted);
  }
  .team {
    font-weight: 600;
  }
  .score {
    font-weight: 700;
  }
  .ticker-skeleton {
    width: 160px;
    height: 24px;
  }
  .skeleton-row {
    align-items: center;
    height: 100%;
  }
  .notice {
    position: absolute;
    inset-block: auto 0;
    inset-inline: auto 0;
    padding: 0 8px;
    border: 0;
    background: var(--_surface);
  }
  /* Without motion, a list the reader scrolls: one copy, no animation. */
  @media (prefers-reduced-motion: reduce) {
    .viewport {
      overflow-x: auto;
    }
    .track {
      animation: none;
    }
    .copy {
      display: none;
    }
    .toggle {
      display: none;
    }
  }
  .bet {
    color: var(--_muted);
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
`;
