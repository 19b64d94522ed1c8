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
  /* A fight's method ("Submission") keeps to one line of the chip's width. */
  .method {
    max-width: 100%;
    min-width: 0;
    overflow: hidden;
    font-size: 13px;
    white-space: nowrap;
    text-overflow: ellipsis;
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
      gap: 2px;
      padding-bottom: 4px;
    }
    .chip {
      grid-template-columns: 22px 1fr auto auto;
      justify-items: start;
      align-items: center;
      gap: 10px;
      padding: 1px 4px;
      border: 0;
    }
    .result {
      width: 22px;
      height: 22px;
      border-radius: 4px;
      font-size: 12px;
    }
    .title-row {
      padding-block: 8px 6px;
    }
  }
`;
