import { html, type TemplateResult } from 'lit';
import { css } from './css.js';
import type { Game } from '../../contract/scores.js';
import { formatStartTime, onItsDay } from '../runtime/format.js';
import type { Localized } from '../i18n/translate.js';
import { liveKit } from './live.js';
import { leagueRecord } from '../../contract/leagues.js';

/** A game that will not be played as scheduled, as the feed says (contract revision 5). */
export function interruptionText(interruption: NonNullable<Game['interruption']>, { t }: Localized): string {
  if (interruption === 'postponed') return t('status.postponed', 'Postponed');
  if (interruption === 'delayed') return t('status.delayed', 'Delayed');
  if (interruption === 'suspended') return t('status.suspended', 'Suspended');
  return t('status.canceled', 'Canceled');
}

/** When a game starts, how far along it is, or that it is over, in words (never colour alone). */
export function statusText(game: Game, localized: Localized, dated = true): string {
  const { t } = localized;
  if (game.interruption) return interruptionText(game.interruption, localized);
  if (game.status === 'scheduled') return game.startTime ? formatStartTime(game.startTime, localized) : t('status.scheduled', 'Scheduled');
  // The live kit composes it: elements that show live progress have it before they show live data.
  if (game.status === 'live') return liveKit?.progressText(game, t) ?? t('status.live', 'Live');
  // A game told in minutes (football's) ends at full time.
  const final =
    leagueRecord(game.league)?.progress === 'minutes'
      ? t('soccer.fullTime', 'FT')
      : /\b(OT|overtime)\b/i.test(game.statusText)
        ? t('status.finalOvertime', 'Final/OT')
        : t('status.final', 'Final');
  // A game of another day (an article's, an embed kept for years) reads as old.
  return dated ? onItsDay(final, game.startTime, localized) : final;
}

/** `dated: false` where the element shows the game's day beside it. */
export function statusPill(game: Game, localized: Localized, dated?: boolean): TemplateResult {
  return html`<span class="pill" part="status" data-status=${game.status}
    >${
      game.status === 'live'
        ? html`<span class="live-dot" aria-hidden="true"></span
            ><span class="visually-hidden"
              >${
                // The space in the expression: the template minifier drops one before a closing tag ("Live:Q4").
                `${localized.t('status.livePrefix', 'Live:')} `
              }</span
            >`
        : ''
    }${statusText(game, localized, dated)}</span
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
  /* A round dot however narrow the cell: the pill's text gives way, not the dot. */
  .live-dot {
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--_live);
    animation: pb-pulse 1.6s ease-in-out infinite;
  }
  @media (forced-colors: active) {
    /* Highlight is a background colour: on Canvas only CanvasText is sure to be readable. */
    .pill[data-status='live'] {
      color: CanvasText;
    }
  }
  @keyframes pb-pulse {
    50% {
      opacity: 0.35;
    }
  }
`;
