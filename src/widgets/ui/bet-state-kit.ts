import type { ReactiveElement } from 'lit';
import { lazyView } from './lazy-view.js';

/** The bet-state words and styles (ui/bet-state.ts), fetched once per page by the first element that shows them. */
export const betStateKit = lazyView(() => import('./bet-state.js'));

/**
 * Fetches the kit for an element with `bet-state`, adopts its styles and renders the element again; until then (or
 * after a failed fetch, tried again at its next update) the element shows its games without the lines.
 */
export function showBetState(host: ReactiveElement): void {
  const root = host.shadowRoot;
  if (root?.adoptedStyleSheets.includes(betStateKit.current?.sheet as CSSStyleSheet)) return;
  void betStateKit.ready(root).then(() => betStateKit.current && host.requestUpdate());
}
