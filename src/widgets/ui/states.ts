import { css, html, nothing, type TemplateResult } from 'lit';
import { READER_MESSAGES, type PressboxError } from '../runtime/errors.js';
import { formatAge, type FormatOptions } from '../runtime/format.js';

/** Placeholder blocks of the final layout's size, so nothing moves when data arrives. */
export function skeleton(blocks: number, className: string): TemplateResult {
  return html`<div class="skeleton-row" aria-hidden="true">
    ${Array.from({ length: blocks }, () => html`<div class="skeleton ${className}"></div>`)}
  </div>`;
}

/** Where nothing was ever shown, some errors mean something else than over old data ("paused" would not be true). */
const BEFORE_ANY_DATA: Partial<Record<PressboxError['code'], string>> = {
  quota_exceeded: 'This widget has used its scores for the month.',
};

/** The whole element's message when there is nothing else to show; `notFound` names what the element looked for. */
export function errorState(error: PressboxError, notFound?: string): TemplateResult {
  const text = (error.code === 'not_found' && notFound) || BEFORE_ANY_DATA[error.code] || READER_MESSAGES[error.code];
  return html`<div class="message" part="message" role="status" data-code=${error.code}>${text}</div>`;
}

export function emptyState(text: string): TemplateResult {
  return html`<div class="message" part="message" role="status">${text}</div>`;
}

/** Shown over data that is older than it should be, or that a refresh could not replace. */
export function freshnessNotice(
  error: PressboxError | undefined,
  stale: boolean,
  updatedAt: string,
  options: FormatOptions,
): TemplateResult | typeof nothing {
  if (!error && !stale) return nothing;
  const age = `Updated ${formatAge(updatedAt, Date.now(), options)}`;
  const text = error ? `${READER_MESSAGES[error.code]} ${age}.` : `${age}.`;
  return html`<p class="notice" part="notice" role="status" data-code=${error?.code ?? 'stale'}>${text}</p>`;
}

export const stateStyles = css`
  .message {
    display: flex;
    align-items: center;
    justify-content: center;
    height: 100%;
    min-height: inherit;
    padding: 12px 16px;
    color: var(--_muted);
    text-align: center;
  }
  .notice {
    margin: 0;
    padding: 4px 12px;
    font-size: 12px;
    color: var(--_muted);
    border-top: 1px solid var(--_border);
  }
  .skeleton-row {
    display: flex;
    gap: 8px;
    padding: 8px;
    overflow: hidden;
  }
  .skeleton {
    flex: none;
    border-radius: 8px;
    background: linear-gradient(90deg, var(--_raised) 0%, var(--_border) 50%, var(--_raised) 100%);
    background-size: 200% 100%;
    animation: pb-shimmer 1.4s linear infinite;
  }
  @keyframes pb-shimmer {
    to {
      background-position: -200% 0;
    }
  }
  @media (forced-colors: active) {
    .skeleton {
      background: Canvas;
      border: 1px dashed CanvasText;
    }
  }
`;
