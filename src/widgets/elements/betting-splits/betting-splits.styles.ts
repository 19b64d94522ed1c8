import { css } from '../../ui/css.js';

export const bettingSplitsStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .scroll-area {
    flex: 1;
    min-height: 0;
  }
  table + table {
    margin-top: 8px;
  }
  /* The matchup is cut to the table's width, never widening it (a long name on a phone). */
  caption {
    contain: inline-size;
    padding: 6px 12px;
    font-weight: 700;
    text-align: start;
  }
  .caption-row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  .matchup {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  thead th {
    position: static;
  }
  th,
  td {
    padding: 4px 12px;
    text-align: start;
    white-space: nowrap;
  }
  tbody th {
    font-weight: 600;
  }
  td {
    font-variant-numeric: tabular-nums;
  }
  .meter {
    display: inline-block;
    width: 48px;
    height: 6px;
    margin-inline-end: 6px;
    border-radius: 3px;
    background: var(--_raised);
    overflow: hidden;
    vertical-align: middle;
  }
  .meter span {
    display: block;
    width: var(--_share);
    height: 100%;
    background: var(--_muted);
  }
  .meter.money span {
    background: var(--_accent);
  }
  .market th {
    padding-top: 6px;
    font-size: 12px;
    color: var(--_muted);
    border-bottom: 0;
  }
  .marked {
    display: inline-block;
    white-space: nowrap;
    margin-inline-start: 4px;
    padding: 0 6px;
    border-radius: 4px;
    font-size: 12px;
    background: var(--_accent);
    color: var(--_surface);
  }
  .splits-skeleton {
    width: 100%;
    height: 360px;
  }
  @media (forced-colors: active) {
    .meter span,
    .meter.money span {
      background: CanvasText;
    }
    .marked {
      border: 1px solid CanvasText;
    }
  }
  /* A phone or a sidebar: the table keeps to the box (a long matchup is cut, not scrolled to), names may wrap. */
  @container (max-width: 520px) {
    table {
      table-layout: fixed;
      font-size: 13px;
    }
    th,
    td {
      white-space: normal;
    }
    thead th:nth-child(n + 2) {
      width: 22%;
    }
    .matchup {
      min-width: 0;
    }
    th,
    td {
      padding: 4px 4px;
    }
    th:first-child {
      padding-inline-start: 10px;
    }
    .meter {
      display: none;
    }
  }
`;
