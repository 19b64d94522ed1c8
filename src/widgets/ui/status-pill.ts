import { css, html, type TemplateResult } from 'lit';
import type { Game } from '../../contract/scores.js';
import { formatStartTime, type FormatOptions } from '../runtime/format.js';

/** When a game starts, how far along it is, or that it is over, in words (never colour alone). */
export function statusText(game: Game, options: FormatOptions): string {
  if (game.status === 'scheduled') return game.startTime ? formatStartTime(game.startTime, options) : 'Scheduled';
  if (game.status === 'live') return game.progress?.display || game.statusText;
  return game.statusText === 'Final' || !game.statusText ? 'Final' : game.statusText;
}

export function statusPill(game: Game, options: FormatOptions): TemplateResult {
  return html`<span class="pill" part="status" data-status=${game.status}
    >${game.status === 'live' ? html`<span class="live-dot" aria-hidden="true"></span><span class="visually-hidden">Live: </span>` : ''}${statusText(
      game,
      options,
    )}</span
  >`;
}

export const statusPillStyles = css`
  .pill {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-size: 12px;
    font-weight: 600;
    color: var(--_muted);
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .pill[data-status='live'] {
    color: var(--_live);
  }
  .live-dot {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
    animation: pb-pulse 1.6s ease-in-out infinite;
  }
  @keyframes pb-pulse {
    50% {
      opacity: 0.35;
    }
  }
`;
