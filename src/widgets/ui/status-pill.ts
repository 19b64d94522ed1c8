import { html, type TemplateResult } from 'lit';
import { css } from './css.js';
import type { Game } from '../../contract/scores.js';
import { formatStartTime } from '../runtime/format.js';
import type { Localized, Translate } from '../i18n/translate.js';
import { REGULATION_PERIODS } from '../../contract/leagues.js';

/** 1st, 2nd, 3rd… in the reader's language. */
export function ordinal(t: Translate, n: number): string {
  return t('number.ordinal', { one: '{nth}st', two: '{nth}nd', few: '{nth}rd', other: '{nth}th' }, { nth: n });
}

/** A period's short name: Q3, 2nd Half, 2nd (hockey), OT, 2OT. */
function periodName(t: Translate, league: string, period: number): string {
  // Payloads name leagues by their code (the relay validated it); one this script does not know yet counts four periods.
  const regulation = (REGULATION_PERIODS as Partial<Record<string, number>>)[league] ?? 4;
  if (period > regulation) {
    const overtime = period - regulation;
    return overtime === 1 ? t('period.overtime', 'OT') : t('period.overtimeNumbered', '{n}OT', { n: overtime });
  }
  if (league === 'nhl') return t('period.hockey', '{ordinal}', { ordinal: ordinal(t, period) });
  if (regulation === 2) return period === 1 ? t('period.firstHalf', '1st Half') : t('period.secondHalf', '2nd Half');
  return t('period.quarter', 'Q{n}', { n: period });
}

/** Where a game in progress stands, from the relay's structured progress (its display text is English). */
function progressText(game: Game, t: Translate): string {
  const progress = game.progress;
  if (!progress) return t('status.live', 'Live');
  const { period, segment } = progress;
  if (game.league === 'mlb') {
    const inning = ordinal(t, period);
    if (segment === 'middle') return t('inning.middle', 'Mid {inning}', { inning });
    if (segment === 'end') return t('inning.end', 'End {inning}', { inning });
    const half = segment === 'bottom' ? t('inning.bottom', 'Bot {inning}', { inning }) : t('inning.top', 'Top {inning}', { inning });
    if (progress.outs === undefined) return half;
    const outs = t('inning.outs', { one: '{count} out', other: '{count} outs' }, { count: progress.outs });
    return t('inning.withOuts', '{half}, {outs}', { half, outs });
  }
  if (segment === 'shootout') return t('period.shootout', 'Shootout');
  if (segment === 'halftime') return t('status.halftime', 'Halftime');
  const name = periodName(t, game.league, period);
  if (segment === 'end') return t('status.endOfPeriod', 'End of {period}', { period: name });
  if (segment === 'intermission') return t('status.intermission', '{period} Intermission', { period: name });
  return progress.clock ? t('status.clock', '{period} {clock}', { period: name, clock: progress.clock }) : name;
}

/** When a game starts, how far along it is, or that it is over, in words (never colour alone). */
export function statusText(game: Game, localized: Localized): string {
  const { t } = localized;
  if (game.status === 'scheduled') return game.startTime ? formatStartTime(game.startTime, localized) : t('status.scheduled', 'Scheduled');
  if (game.status === 'live') return progressText(game, t);
  return /\b(OT|overtime)\b/i.test(game.statusText) ? t('status.finalOvertime', 'Final/OT') : t('status.final', 'Final');
}

export function statusPill(game: Game, localized: Localized): TemplateResult {
  return html`<span class="pill" part="status" data-status=${game.status}
    >${
      game.status === 'live'
        ? html`<span class="live-dot" aria-hidden="true"></span
            ><span class="visually-hidden">${localized.t('status.livePrefix', 'Live:')} </span>`
        : ''
    }${statusText(game, localized)}</span
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
