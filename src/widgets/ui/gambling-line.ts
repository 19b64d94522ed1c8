import { html, type TemplateResult } from 'lit';
import { css } from './css.js';

/**
 * A betting element's states (loading, error, data) with its responsible-gambling slot under them, at the foot of the
 * box in every state, where pressbox.css already puts the line before the element is defined. Where the relay names the
 * line of the reader's region (the key's settings, `regionLine`), it stands in the slot's place.
 */
export function withGamblingLine(states: TemplateResult, regionLine?: string): TemplateResult {
  return html`<div class="with-line">
    ${states}
    <div part="gambling" class="gambling">
      ${regionLine ? html`<p class="region-line">${regionLine}</p>` : html`<slot name="gambling"></slot>`}
    </div>
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
  .gambling ::slotted(*),
  .region-line {
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
