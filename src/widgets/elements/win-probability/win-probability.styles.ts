import { css } from '../../ui/css.js';

export const winProbabilityStyles = css`
  /* The chart takes the height the teams and the caption leave: no blank band under it at any width. */
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  /* The pause control last in the header row, as every element's header has it. */
  .teams {
    display: grid;
    grid-template-columns: 1fr auto 1fr auto;
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
    /* A Latin name in right-to-left text is cut at its own end ("Washington Wiz…"), aligned as the element reads. */
    unicode-bidi: plaintext;
    text-align: match-parent;
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
    display: contents;
  }
  .middle .pause {
    order: 1;
  }
  .source {
    font-size: 12px;
    color: var(--_muted);
    text-align: center;
  }
  .bar {
    height: 10px;
    margin: 4px 16px 8px;
    border-radius: 5px;
  }
  figure {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-height: 0;
    margin: 0 16px 12px;
  }
  .plot {
    display: grid;
    grid-template-columns: auto 1fr;
    grid-template-rows: minmax(0, 1fr);
    gap: 6px;
    flex: 1 1 150px;
    min-height: 0;
    padding: 6px 0;
  }
  .y-axis {
    position: relative;
    width: 32px;
  }
  .y-axis span {
    position: absolute;
    inset-inline-end: 0;
    transform: translateY(-50%);
  }
  .y-axis span:nth-child(2) {
    top: 50%;
  }
  .y-axis span:nth-child(3) {
    top: 100%;
  }
  .y-axis,
  .x-axis {
    font-size: 12px;
    line-height: 1;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  svg {
    display: block;
    width: 100%;
    height: 100%;
    overflow: visible;
  }
  svg * {
    vector-effect: non-scaling-stroke;
  }
  .x-axis {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    margin-inline-start: 38px;
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
  .area {
    position: relative;
    min-width: 0;
  }
  .end {
    position: absolute;
    left: var(--_x);
    top: var(--_y);
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: var(--_dot);
    transform: translate(-50%, -50%);
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
    .end {
      forced-color-adjust: none;
      background: CanvasText;
    }
  }
  /* A phone or a sidebar: each team a row with its chance, the source above them. */
  @container (max-width: 520px) {
    .teams {
      grid-template-columns: 1fr;
      gap: 4px;
      padding-top: 8px;
      --_badge-size: 28px;
    }
    /* Two lines of source, whatever its words and whether the pause button is there: the chart stays put when the game ends. */
    .middle {
      display: flex;
      height: 32px;
      overflow: hidden;
      order: -1;
      justify-content: space-between;
      align-items: center;
    }
    .team.home {
      flex-direction: row;
      text-align: start;
    }
    .chance,
    .home .chance {
      margin-inline: auto 0;
      font-size: 22px;
    }
    .plot {
      flex-basis: 104px;
    }
  }
  /* Right to left, the game's time runs from the right, as the axis labels below it do. */
  :host(:dir(rtl)) svg {
    transform: scaleX(-1);
  }
`;
