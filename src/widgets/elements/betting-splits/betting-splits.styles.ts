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
  /* The rule is a sentence to read: it wraps rather than being cut (the games below take the room that is left). */
  .subtitle {
    white-space: normal;
  }
  /* The matchup keeps to the table's width, never widening it: a long name on a phone wraps. */
  caption {
    contain: inline-size;
    padding: 6px 12px;
    font-weight: 700;
    text-align: start;
  }
  .caption-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 2px 8px;
  }
  .matchup {
    min-width: 0;
    overflow-wrap: break-word;
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
  /* A phone or a sidebar: the table keeps to the box (a long matchup wraps, never scrolled to), names may wrap. */
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
