import { css } from '../../ui/css.js';

export const oddsBoardStyles = css`
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .scroll-area {
    flex: 1;
    min-height: 0;
  }
  th,
  td {
    padding: 6px 10px;
    text-align: start;
    white-space: nowrap;
    vertical-align: top;
  }
  tbody th {
    font-weight: 600;
  }
  td span,
  .teams span {
    display: block;
  }
  .teams span {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
  .score {
    font-weight: 700;
  }
  .exchange {
    color: var(--_muted);
  }
  .board-skeleton {
    width: 100%;
    height: 360px;
  }
  /* A phone or a sidebar: the book's numbers only (the exchange's would scroll out of sight), tighter cells. */
  @container (max-width: 520px) {
    .exchange {
      display: none;
    }
    table {
      font-size: 13px;
    }
    th,
    td {
      padding: 6px 4px;
    }
    th:first-child {
      padding-inline-start: 10px;
    }
  }
`;
