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
  /* Sortable headers hold a 24 px button: the others take a line of the same height, so all sit level. */
  thead th {
    line-height: 24px;
  }
  tbody th {
    font-weight: 600;
  }
  td > span,
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
    /* A game's status ("2. Inning oben, 2 Aus") takes the lines it needs. */
    tbody th,
    tbody th .pill {
      white-space: normal;
    }
  }
  /* A narrow column (280 px; a 375 px phone's 359 px keeps them): the points and the moneyline, without the prices of
     spread and total, so the board fits; a long header breaks rather than widening it. */
  @container (max-width: 340px) {
    .price {
      display: none;
    }
    /* The game column as narrow as its words, the room left to the markets' headers. */
    thead th:first-child {
      width: 1%;
    }
    thead th {
      white-space: normal;
      overflow-wrap: anywhere;
      hyphens: auto;
    }
  }
`;
