import { html, type TemplateResult } from 'lit';
import { css } from './css.js';
import type { Translate } from '../i18n/translate.js';

/** Pauses and resumes an element's automatic updates (WCAG 2.2.2); the label says what a press will do. */
export function pauseButton(paused: boolean, toggle: () => void, t: Translate): TemplateResult {
  const label = paused ? t('pause.resume', 'Resume live updates') : t('pause.pause', 'Pause live updates');
  return html`<button class="pause" part="pause" aria-label=${label} @click=${toggle}>
    <svg viewBox="0 0 16 16" aria-hidden="true"><path d=${paused ? 'M4 2l10 6-10 6z' : 'M3 2h4v12H3zM9 2h4v12H9z'} /></svg>
  </button>`;
}

export const pauseButtonStyles = css`
  .pause {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: 28px;
    height: 28px;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
    cursor: pointer;
  }
  .pause:hover {
    border-color: var(--_accent);
  }
  .pause svg {
    width: 12px;
    height: 12px;
    fill: currentColor;
  }
`;
