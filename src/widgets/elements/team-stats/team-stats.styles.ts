import { css } from '../../ui/css.js';

export const teamStatsStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .end {
    margin-inline-start: auto;
  }
  .tiles {
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
    align-content: start;
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
    width: 100%;
    border-collapse: collapse;
    font-size: 14px;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    padding: 4px 12px;
    border-bottom: 1px solid var(--_border);
    text-align: end;
  }
  th[scope='row'],
  thead th:first-child,
  .group th {
    text-align: start;
    font-weight: 400;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: var(--_surface);
    font-size: 12px;
    color: var(--_muted);
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
  /* A phone or a sidebar: two tiles a row, smaller numbers. */
  @container (max-width: 460px) {
    .tiles {
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 6px;
      padding-inline: 12px;
    }
    /* Two lines whatever the words: the value, then the name beside its rank (the name gives way). */
    .tile {
      padding: 6px 8px;
    }
    .value {
      flex-basis: 100%;
      font-size: 17px;
    }
    .label {
      flex: 1 1 0;
      order: 1;
    }
    .rank {
      order: 2;
    }
    th,
    td {
      padding-inline: 8px;
    }
  }
`;
