import { css } from '../../ui/css.js';

export const lastFiveStyles = css`
  .chips {
    display: grid;
    grid-template-columns: repeat(5, minmax(0, 1fr));
    gap: 8px;
    margin: 0;
    padding: 0 16px 12px;
    list-style: none;
  }
  .chip {
    display: grid;
    justify-items: center;
    gap: 2px;
    padding: 8px 4px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    font-variant-numeric: tabular-nums;
    text-align: center;
  }
  .result {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 28px;
    height: 28px;
    border-radius: 6px;
    font-weight: 800;
    color: #ffffff;
    background: var(--_tie);
  }
  .chip[data-result='W'] .result {
    background: var(--pb-color-win, #15803d);
  }
  .chip[data-result='L'] .result {
    background: var(--pb-color-loss, #b91c1c);
  }
  .score {
    font-weight: 700;
  }
  /* A fight's method ("Submission") whole, on two lines where a chip is narrow; a row has room for its short form. */
  .method {
    max-width: 100%;
    font-size: 13px;
    overflow-wrap: anywhere;
  }
  .method .short {
    display: none;
  }
  /* A game still to be played: an empty place of the five. */
  .slot {
    display: grid;
    justify-items: center;
    padding: 8px 4px;
    border: 1px dashed var(--_border);
    border-radius: 8px;
  }
  .slot .result {
    border: 1px dashed var(--_border);
    background: none;
  }
  .versus,
  .date {
    font-size: 12px;
    color: var(--_muted);
    white-space: nowrap;
  }
  .chip-skeleton {
    width: 18%;
    height: 84px;
  }
  @media (forced-colors: active) {
    .result {
      border: 1px solid CanvasText;
    }
  }
  /* Too narrow for five cards side by side: one game a row, result first. */
  @container (max-width: 460px) {
    .chips {
      grid-template-columns: 1fr;
      gap: 0;
      padding-bottom: 4px;
    }
    .chip {
      grid-template-columns: 22px minmax(0, 1fr) auto auto;
      justify-items: start;
      align-items: center;
      gap: 8px;
      padding: 0 4px;
      border: 0;
    }
    .slot {
      justify-items: start;
      padding: 0 4px;
      border: 0;
    }
    .method .full {
      display: none;
    }
    .method .short {
      display: inline;
    }
    .result {
      width: 22px;
      height: 22px;
      border-radius: 4px;
      font-size: 12px;
    }
    /* A long name takes two lines at the narrowest, the summary the row's whole width under the badge: the five
       rows still fit under them. */
    .title-row {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      row-gap: 2px;
      padding-block: 8px 4px;
    }
    .title-row > div {
      display: contents;
    }
    .title {
      grid-area: 1 / 2;
    }
    .end {
      grid-area: 1 / 3;
    }
    .subtitle {
      grid-area: 2 / 1 / 3 / -1;
    }
    .method {
      white-space: nowrap;
    }
  }
`;
