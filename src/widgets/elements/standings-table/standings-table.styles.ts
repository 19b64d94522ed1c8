import { css } from '../../ui/css.js';

export const standingsTableStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
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
    padding: 5px 8px;
    text-align: end;
    white-space: nowrap;
  }
  thead th {
    z-index: 1;
  }
  th[scope='row'],
  thead th:nth-child(2) {
    text-align: start;
    width: 100%;
  }
  /* ".750" keeps its point in front on right-to-left pages. */
  .number {
    direction: ltr;
    unicode-bidi: isolate;
  }
  /* A football table's points: the number it is ranked by. */
  .total {
    font-weight: 700;
  }
  .place {
    color: var(--_muted);
    text-align: center;
  }
  .team {
    display: flex;
    align-items: center;
    gap: 8px;
    font-weight: 600;
    --_badge-size: 14px;
  }
  .abbreviation {
    display: none;
  }
  tr.mine {
    background: var(--_raised);
    box-shadow: inset 3px 0 0 var(--pb-color-accent, var(--_accent));
  }
  :host([dir='rtl']) tr.mine {
    box-shadow: inset -3px 0 0 var(--pb-color-accent, var(--_accent));
  }
  .table-skeleton {
    width: 100%;
    height: 360px;
  }
  @media (forced-colors: active) {
    tr.mine th {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
  /* A phone or a sidebar: abbreviations for names, and no points columns. */
  @container (max-width: 460px) {
    th,
    td {
      padding: 5px 4px;
    }
    .points {
      display: none;
    }
    /* Still read out: only the abbreviation is shown. */
    .full-name {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    .abbreviation {
      display: inline;
    }
  }
  /* The narrowest phones: a football table keeps W D L GD Pts (matches played is their sum), its cells closer. */
  @container (max-width: 340px) {
    .played {
      display: none;
    }
    th,
    td {
      padding-inline: 2px;
    }
    .team {
      gap: 4px;
    }
  }
`;
