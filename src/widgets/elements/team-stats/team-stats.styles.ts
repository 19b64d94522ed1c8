import { css } from '../../ui/css.js';

export const teamStatsStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  /* The tiles share the reserved height out (no blank band under them at any width), their words in the middle. */
  .tiles {
    flex: 1;
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 8px;
    margin: 0;
    padding: 0 16px 12px;
    list-style: none;
  }
  /* Value and rank share a line while they fit (a long rank, a tie in German "geteilt 6.", goes under the value). */
  .tile {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    align-content: center;
    gap: 2px 8px;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    min-width: 0;
  }
  .value {
    font-size: 20px;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  .label {
    flex-basis: 100%;
    min-width: 0;
    font-size: 12px;
    color: var(--_muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .rank {
    white-space: nowrap;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--_raised);
    font-size: 12px;
    font-weight: 700;
  }
  .rank.top {
    box-shadow: inset 0 0 0 1px var(--pb-color-accent, var(--_accent));
  }
  .scroll-area {
    flex: 1;
    min-height: 0;
  }
  table {
    font-size: 14px;
  }
  th,
  td {
    padding: 4px 12px;
    text-align: end;
  }
  th[scope='row'],
  thead th:first-child,
  .group th {
    text-align: start;
    font-weight: 400;
  }
  thead th {
    z-index: 1;
  }
  .group th {
    padding-top: 10px;
    font-size: 12px;
    font-weight: 700;
    color: var(--_muted);
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  td .value {
    font-size: inherit;
    font-weight: 600;
  }
  .tile-skeleton {
    width: 30%;
    height: 72px;
  }
  @media (forced-colors: active) {
    .rank {
      border: 1px solid CanvasText;
    }
  }
  /* A phone or a sidebar: one statistic a row, its whole name (on as many lines as it takes) before the value and the rank. */
  @container (max-width: 460px) {
    .tiles {
      grid-template-columns: 1fr;
      gap: 0;
      padding: 0 12px 4px;
    }
    .tile {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto auto;
      align-items: center;
      gap: 0 8px;
      padding: 2px;
      border-width: 0 0 1px;
      border-radius: 0;
    }
    .value {
      order: 1;
      font-size: 16px;
    }
    .rank {
      order: 2;
    }
    /* A word longer than the column (German "Schlagdurchschnitt" at 280 px) breaks rather than running under the value. */
    .label {
      overflow: visible;
      font-size: 13px;
      line-height: 1.25;
      color: var(--_text);
      white-space: normal;
      overflow-wrap: anywhere;
      hyphens: auto;
    }
    th,
    td {
      padding-inline: 8px;
    }
  }
  /* The narrowest phones: the team's name says whose numbers they are; its badge's room goes to the name and the season. */
  @container (max-width: 340px) {
    .title-row .badge {
      display: none;
    }
  }
`;
