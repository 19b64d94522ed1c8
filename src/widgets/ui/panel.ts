import { css } from 'lit';

/** The title row most elements share: a badge, a title, a line of detail. */
export const panelStyles = css`
  .title-row {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 12px 16px 8px;
    --_badge-size: 32px;
  }
  .title {
    margin: 0;
    font-size: 15px;
    font-weight: 700;
  }
  .subtitle {
    margin: 0;
    font-size: 12px;
    color: var(--_muted);
  }
  .notice {
    position: absolute;
    inset: auto 0 0 0;
    background: var(--_surface);
  }
`;
