import { html, nothing, type TemplateResult } from 'lit';
import { css } from './css.js';
import type { PressboxError } from '../runtime/errors.js';
import { formatAge, formatCalendarDate } from '../runtime/format.js';
import { relayNow } from '../runtime/relay-time.js';
import { term, type Localized, type Translate } from '../i18n/translate.js';
import type { NotFound } from './setup-words.js';

/** Placeholder blocks of the final layout's size, so nothing moves when data arrives. */
export function skeleton(blocks: number, className: string): TemplateResult {
  return html`<div class="skeleton-row" aria-hidden="true">
    ${Array.from({ length: blocks }, () => html`<div class="skeleton ${className}"></div>`)}
  </div>`;
}

/** Errors of the service and the network: their words stay in every element, as the chunk of the others may be out of reach. */
function serviceMessage(t: Translate, code: string): string | undefined {
  return term(
    t,
    'error',
    {
      rate_limited: 'Too many updates at once. Retrying shortly.',
      upstream_unavailable: 'Scores are temporarily unavailable.',
      network: 'The scores service cannot be reached. Retrying.',
      bad_response: 'Scores are temporarily unavailable.',
    },
    code,
  );
}

/** The words of setup errors: undefined until first asked for, null while their chunk cannot be fetched. */
let setupWords: typeof import('./setup-words.js') | null | undefined;

/**
 * Fetches the words of setup errors (ui/setup-words.ts) before an element shows one, again after a failure; true when
 * they arrived or failed just now, so that an element which rendered without them renders again.
 */
export async function loadErrorWords(error: PressboxError | undefined): Promise<boolean> {
  if (!error || setupWords || serviceMessage(() => '', error.code) !== undefined) return false;
  const before = setupWords;
  return before !== (setupWords = await import('./setup-words.js').catch(() => null));
}

/**
 * What a page visitor reads for an error, always a sentence in their language: nothing for the moment its words are
 * on the way, and the service's own words if they cannot be fetched. The publisher's detail goes to the console.
 */
function readerMessage(error: PressboxError, localized: Localized, notFound?: NotFound): string {
  return (
    serviceMessage(localized.t, error.code) ??
    setupWords?.setupMessage(term, error, localized, notFound) ??
    (setupWords === undefined ? '' : serviceMessage(localized.t, 'upstream_unavailable')!)
  );
}

export type { NotFound };

/** The whole element's message when there is nothing else to show. */
export function errorState(error: PressboxError, localized: Localized, notFound: NotFound = 'game'): TemplateResult {
  return html`<div class="message" part="message" role="status" data-code=${error.code}>${readerMessage(error, localized, notFound)}</div>`;
}

export function emptyState(text: string): TemplateResult {
  return html`<div class="message" part="message" role="status">${text}</div>`;
}

/** The freshness notice, where there is something to say. */
export type Notice = TemplateResult | typeof nothing;

/**
 * Shown with data that is older than it should be, or that a refresh could not replace; or, for data pinned to a day
 * (`as-of`, never refreshed), that day.
 */
export function freshnessNotice(
  error: PressboxError | undefined,
  stale: boolean,
  updatedAt: string,
  localized: Localized,
  asOf?: string,
): Notice {
  if (!error && !stale && !asOf) return nothing;
  const text = asOf
    ? localized.t('notice.asOf', 'As of {day}', { day: formatCalendarDate(asOf, localized) })
    : error
      ? localized.t('notice.errorUpdated', '{error} Updated {age}.', {
          error: readerMessage(error, localized),
          age: formatAge(updatedAt, relayNow(), localized),
        })
      : localized.t('notice.updated', 'Updated {age}.', { age: formatAge(updatedAt, relayNow(), localized) });
  return html`<p class="notice" part="notice" role="status" data-code=${error?.code ?? (asOf ? 'as-of' : 'stale')}>${text}</p>`;
}

export const stateStyles = css`
  /* The loading and error states fill the box, so every element places its message alike: in the middle. */
  section[aria-busy] {
    height: 100%;
  }
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
