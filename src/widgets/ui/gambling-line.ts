import { html, unsafeCSS } from 'lit';
import { GAMBLING_LINE_CSS } from '../../contract/elements.js';

/**
 * The betting elements' responsible-gambling slot: last in every state (loading, error, data), at the foot of the box,
 * where pressbox.css already puts the line before the element is defined.
 */
export const gamblingLine = html`<div part="gambling" class="gambling"><slot name="gambling"></slot></div>`;

export const gamblingLineStyles = unsafeCSS(
  `.gambling{flex:none;margin-top:auto}.gambling ::slotted(*){${GAMBLING_LINE_CSS}color:var(--_muted)}`,
);
