import { css } from '../../ui/css.js';

export const lineMovementStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  /* The matchup is read in full: on a narrow column it wraps, and the chart gives up the room. */
  .subtitle {
    white-space: normal;
  }
  [role='tablist'] {
    display: flex;
    gap: 4px;
    padding: 0 12px;
    border-bottom: 1px solid var(--_border);
  }
  [role='tab'] {
    padding: 6px 10px;
    border: 0;
    border-bottom: 3px solid transparent;
    background: none;
    color: var(--_muted);
    font-weight: 600;
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] {
    color: var(--_text);
    border-bottom-color: var(--_accent);
  }
  [role='tabpanel'] {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-height: 0;
    padding: 4px 16px 8px;
  }
  .numbers {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    margin: 4px 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .plot {
    display: grid;
    grid-template-columns: 44px 1fr;
    grid-template-rows: minmax(0, 1fr);
    gap: 6px;
    flex: 1 1 120px;
    min-height: 0;
    padding: 6px 0;
  }
  .plot.splits {
    flex: 0 0 80px;
  }
  .y-axis {
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    text-align: end;
  }
  .y-axis .level {
    margin-block: auto;
  }
  .y-axis,
  .x-axis,
  .against {
    font-size: 12px;
    line-height: 1.2;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .plot svg {
    display: block;
    width: 100%;
    height: 100%;
    overflow: visible;
  }
  .plot svg * {
    vector-effect: non-scaling-stroke;
  }
  .grid {
    stroke: var(--_border);
  }
  .plot path {
    fill: none;
    stroke-width: 2.5;
  }
  .line {
    stroke: var(--_text);
  }
  .bets {
    stroke: var(--_muted);
    stroke-dasharray: 4 3;
  }
  .money {
    stroke: var(--_accent);
  }
  .chart {
    position: relative;
    min-width: 0;
  }
  .mark {
    position: absolute;
    left: var(--_x);
    top: var(--_y);
    width: 10px;
    height: 10px;
    box-sizing: border-box;
    border: 2px solid var(--_accent);
    border-radius: 50%;
    background: var(--_surface);
    transform: translate(-50%, -50%);
  }
  :host(:dir(rtl)) .mark {
    left: auto;
    right: var(--_x);
    transform: translate(50%, -50%);
  }
  .x-axis {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    margin-inline-start: 50px;
  }
  .key {
    display: inline-block;
    width: 14px;
    margin-inline: 6px 4px;
    border-top: 3px solid var(--_accent);
    vertical-align: middle;
  }
  .key.bets {
    border-top-style: dashed;
    border-top-color: var(--_muted);
  }
  /* Every move is read in full: the note takes the lines it needs, and the line's chart gives up the room. */
  .against {
    margin: 6px 0 0;
  }
  .off {
    margin: 4px 0 0;
    font-weight: 600;
  }
  .movement-skeleton {
    width: 100%;
    height: 340px;
  }
  @media (forced-colors: active) {
    .line,
    .money,
    .bets {
      stroke: CanvasText;
    }
    .key,
    .mark {
      border-color: CanvasText;
    }
  }
  :host(:dir(rtl)) .plot svg {
    transform: scaleX(-1);
  }
  /* A narrow column: the three tabs keep to its width. */
  @container (max-width: 360px) {
    [role='tablist'] {
      padding: 0 4px;
    }
    [role='tab'] {
      padding: 6px;
      font-size: 13px;
    }
  }
`;
