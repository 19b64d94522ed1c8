import { css } from '../../ui/css.js';

export const injuryReportStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .teams {
    flex: 1;
    min-height: 0;
    padding: 0 12px 12px;
  }
  /* One team's box is cut to the heading and a player: no padding to spare under them. */
  :host([team]:not([team=''])) .teams {
    padding-bottom: 4px;
  }
  details {
    border-bottom: 1px solid var(--_border);
  }
  summary {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px 4px;
    cursor: pointer;
    font-weight: 600;
    --_badge-size: 16px;
  }
  summary .count {
    margin-inline-start: auto;
    font-size: 12px;
    font-weight: 400;
    color: var(--_muted);
  }
  table {
    width: 100%;
    margin: 0 0 8px;
    border-collapse: collapse;
    font-size: 13px;
  }
  th,
  td {
    padding: 5px 6px;
    text-align: start;
    vertical-align: top;
    border-top: 1px solid var(--_border);
  }
  thead th {
    font-size: 12px;
    color: var(--_muted);
    border-top: 0;
  }
  tbody th {
    font-weight: 600;
  }
  .status {
    display: inline-block;
    padding: 1px 6px;
    border-radius: 4px;
    font-size: 12px;
    font-weight: 700;
    white-space: nowrap;
    color: #ffffff;
    background: #4b5563;
  }
  .status[data-severity='out'] {
    background: #b91c1c;
  }
  .status[data-severity='doubtful'] {
    background: #c2410c;
  }
  .status[data-severity='questionable'] {
    background: #a16207;
  }
  .status[data-severity='probable'] {
    background: #15803d;
  }
  .status[data-severity='day-to-day'] {
    background: #1d4ed8;
  }
  .list-skeleton {
    width: 100%;
    height: 360px;
  }
  .narrow {
    display: none;
  }
  /* Where the heading wraps to two lines, one team's summary gives back the height it took. */
  @container (max-width: 320px) {
    :host([team]:not([team=''])) summary {
      padding-block: 2px;
    }
  }
  /* A phone: practice and game status under the injury, so the table keeps to the element's width. */
  @container (max-width: 520px) {
    .wide {
      display: none;
    }
    .narrow:not(:empty) {
      display: block;
      font-size: 12px;
      color: var(--_muted);
    }
  }
  @media (forced-colors: active) {
    .status {
      border: 1px solid CanvasText;
    }
  }
`;
