import { css } from '../../ui/css.js';

export const playerPropsStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  [role='tablist'] {
    display: flex;
    gap: 4px;
    padding: 0 12px;
    border-bottom: 1px solid var(--_border);
    overflow-x: auto;
  }
  [role='tab'] {
    flex: none;
    padding: 8px 10px;
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
    min-height: 0;
  }
  th,
  td {
    padding: 6px 12px;
    text-align: start;
    white-space: nowrap;
  }
  tbody th {
    font-weight: 600;
  }
  .meta {
    display: block;
    font-size: 12px;
    font-weight: 400;
    color: var(--_muted);
  }
  .share {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .meter {
    width: 60px;
    height: 6px;
    border-radius: 3px;
    background: var(--_raised);
    overflow: hidden;
  }
  .meter span {
    display: block;
    width: var(--_share);
    height: 100%;
    background: var(--_accent);
  }
  .props-skeleton {
    width: 100%;
    height: 340px;
  }
  @media (forced-colors: active) {
    .meter span {
      background: CanvasText;
    }
    [role='tab'][aria-selected='true'] {
      border-bottom-color: Highlight;
    }
  }
  /* A phone or a sidebar: tabs on as many rows as they need (none cut at the edge), tighter cells, names that wrap,
     the percentages without their meters. */
  @container (max-width: 520px) {
    [role='tablist'] {
      flex-wrap: wrap;
      column-gap: 0;
      padding-inline: 4px;
    }
    [role='tab'] {
      padding: 6px 4px;
      font-size: 12px;
    }
    table {
      font-size: 13px;
    }
    th,
    td {
      padding: 6px 4px;
    }
    th:first-child,
    td:first-child {
      padding-inline-start: 10px;
    }
    tbody th {
      white-space: normal;
    }
    .meter {
      display: none;
    }
  }
  /* The narrowest phones: the line and its prices, whole; the shares of bets and money would push the table sideways. */
  @container (max-width: 340px) {
    .split {
      display: none;
    }
  }
`;
