import { css, unsafeCSS } from 'lit';
import { RESERVED_SIZES } from '../../reserved-sizes.js';

export const winProbabilityStyles = css`
  :host {
    position: relative;
    ${unsafeCSS(RESERVED_SIZES['win-probability'])};
    overflow: hidden;
  }
  .teams {
    display: grid;
    grid-template-columns: 1fr auto 1fr;
    align-items: center;
    gap: 12px;
    padding: 12px 16px 4px;
    --_badge-size: 36px;
  }
  .team {
    display: flex;
    align-items: center;
    gap: 10px;
    min-width: 0;
  }
  .team.home {
    flex-direction: row-reverse;
    text-align: end;
  }
  .name {
    margin: 0;
    font-weight: 700;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .chance {
    margin-inline-start: auto;
    font-size: 32px;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  .home .chance {
    margin-inline-start: 0;
    margin-inline-end: auto;
  }
  .middle {
    display: grid;
    justify-items: center;
    gap: 4px;
  }
  .source {
    font-size: 11px;
    color: var(--_muted);
    text-align: center;
  }
  .bar {
    height: 10px;
    margin: 4px 16px 8px;
    border-radius: 5px;
  }
  figure {
    margin: 0 16px;
  }
  svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  .grid {
    stroke: var(--_border);
    stroke-width: 1;
  }
  .even {
    stroke: var(--_muted);
    stroke-dasharray: 4 4;
  }
  .halo {
    fill: none;
    stroke: var(--_text);
    stroke-opacity: 0.25;
    stroke-width: 6;
    stroke-linejoin: round;
    stroke-linecap: round;
  }
  .curve {
    fill: none;
    stroke-width: 3;
    stroke-linejoin: round;
    stroke-linecap: round;
  }
  .axis {
    font-size: 11px;
    fill: var(--_muted);
  }
  figcaption {
    margin-top: 2px;
    font-size: 12px;
    color: var(--_muted);
  }
  .chart-skeleton {
    width: 100%;
    height: 300px;
  }
  @media (forced-colors: active) {
    .curve,
    .halo {
      stroke: CanvasText;
    }
  }
`;
