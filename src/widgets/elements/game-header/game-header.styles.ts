import { css } from '../../ui/css.js';

export const gameHeaderStyles = css`
  /* Rows spread over the reserved height where they take less of it (a wide box): no blank band under them. */
  article {
    display: grid;
    align-content: space-between;
    gap: 12px;
    height: 100%;
    padding: 0 0 12px;
  }
  .stripe {
    height: 6px;
    background: linear-gradient(90deg, var(--_first) 0 50%, var(--_second) 50% 100%);
  }
  /* Each team's colour stays above its own side, which swaps right to left. */
  :host(:dir(rtl)) .stripe {
    transform: scaleX(-1);
  }
  /* The pause control ends the header row, as in every element. */
  .matchup {
    display: grid;
    grid-template-columns: 1fr auto 1fr auto;
    align-items: center;
    gap: 12px;
    padding: 4px 16px 0;
  }
  .team {
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
    --_badge-size: 48px;
  }
  /* The side after the status, on the right (on the left right to left). */
  .middle + .team {
    flex-direction: row-reverse;
    text-align: end;
  }
  .names {
    display: grid;
    min-width: 0;
  }
  .name,
  .when {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .name {
    margin: 0;
    font-size: 16px;
    font-weight: 700;
    /* A Latin name in right-to-left text is cut at its own end ("Washington Wiz…"), aligned as the element reads. */
    unicode-bidi: plaintext;
    text-align: match-parent;
  }
  .record {
    font-size: 12px;
    color: var(--_muted);
  }
  .score {
    margin-inline-start: auto;
    font-size: 36px;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    line-height: 1;
  }
  .middle + .team .score {
    margin-inline: 0 auto;
  }
  .score[data-trailing] {
    color: var(--_muted);
  }
  .middle {
    display: grid;
    justify-items: center;
    gap: 4px;
    text-align: center;
  }
  .middle .pill {
    font-size: 14px;
  }
  .when {
    min-width: 0;
    font-size: 12px;
    color: var(--_muted);
  }
  .line {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    gap: 8px;
    margin: 0 16px;
    padding: 8px 0 0;
    border-top: 1px solid var(--_border);
  }
  .line div {
    display: grid;
    gap: 2px;
  }
  dt {
    font-size: 12px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
  .splits {
    display: grid;
    gap: 6px;
    margin: 0 16px;
    padding: 0;
    list-style: none;
  }
  .split {
    display: grid;
    grid-template-columns: 110px 1fr;
    align-items: center;
    gap: 4px 8px;
    font-size: 12px;
  }
  .split .label {
    color: var(--_muted);
  }
  .split .values {
    grid-column: 2;
    display: flex;
    justify-content: space-between;
    font-variant-numeric: tabular-nums;
  }
  .bar {
    grid-column: 2;
    grid-row: 1;
  }
  .unavailable {
    margin: 0 16px;
    font-size: 12px;
    color: var(--_muted);
  }
  .header-skeleton {
    width: 100%;
    height: 286px;
  }
  .notice {
    position: absolute;
    inset: auto 0 0 0;
    background: var(--_surface);
  }
  @media (forced-colors: active) {
    .stripe {
      background: CanvasText;
    }
    .bar span {
      background: CanvasText !important;
    }
  }
  /* A phone, or a sidebar on a wide screen: one team a row, the status above them, the line as rows. */
  @container (max-width: 520px) {
    article {
      gap: 8px;
    }
    /* The status row first, the pause control at its end; then a row for each team. */
    .matchup {
      grid-template-columns: 1fr auto;
      gap: 6px;
      padding-top: 0;
    }
    .matchup > .pause {
      grid-area: 1 / 2;
    }
    .middle {
      order: -1;
      grid-auto-flow: column;
      justify-content: space-between;
      align-items: center;
    }
    .team,
    .middle + .team {
      grid-column: 1 / -1;
      flex-direction: row;
      text-align: start;
      --_badge-size: 32px;
    }
    .score,
    .middle + .team .score {
      margin-inline: auto 0;
      font-size: 28px;
    }
    .record {
      display: none;
    }
    .line {
      grid-template-columns: 1fr;
      gap: 2px;
    }
    /* The label beside its two values, one value a row: two priced values side by side wrap at 280 px in some languages. */
    .line div {
      grid-template-columns: 96px minmax(0, 1fr);
      gap: 0 8px;
    }
    dt {
      grid-row: span 2;
    }
    dd {
      font-size: 12px;
      overflow: hidden;
      white-space: nowrap;
      text-overflow: ellipsis;
    }
    .split {
      grid-template-columns: auto 1fr;
      gap: 2px 8px;
    }
    /* One line each whatever the engine's text widths: a wrapped label or value would push the box taller. */
    .split .label {
      min-width: 0;
      overflow: hidden;
      white-space: nowrap;
      text-overflow: ellipsis;
    }
    .split .values {
      grid-column: 2;
      grid-row: 1;
      justify-content: flex-end;
      gap: 8px;
      white-space: nowrap;
    }
    .bar {
      grid-column: 1 / -1;
      grid-row: 2;
    }
  }
`;
