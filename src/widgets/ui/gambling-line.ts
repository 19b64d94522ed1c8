import { html, type TemplateResult } from 'lit';
import { css } from './css.js';

/**
 * A betting element's states (loading, error, data) with its responsible-gambling slot under them, at the foot of the
 * box in every state, where pressbox.css already puts the line before the element is defined.
 */
export function withGamblingLine(states: TemplateResult): TemplateResult {
  return html`<div class="with-line">
    ${states}
    <div part="gambling" class="gambling"><slot name="gambling"></slot></div>
  </div>`;
}

export const gamblingLineStyles = css`
  .with-line {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .with-line > section {
    flex: 1;
    min-height: 0;
  }
  .gambling {
    flex: none;
  }
  /* The line's box as pressbox.css gives it before the element is defined (GAMBLING_LINE_CSS; a test holds them equal). */
  .gambling ::slotted(*) {
    display: block;
    margin: 0;
    padding: 6px 16px;
    font: 12px/1.35 var(--pb-font-family, system-ui, sans-serif);
    letter-spacing: normal;
    word-spacing: normal;
    text-transform: none;
    text-indent: 0;
    text-align: start;
    overflow-wrap: anywhere;
    color: var(--_muted);
  }
`;
