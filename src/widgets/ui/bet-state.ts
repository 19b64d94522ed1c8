import { html, nothing, type TemplateResult } from 'lit';
import type { Game } from '../../contract/scores.js';
import { formatNumber } from '../runtime/format.js';
import { signedText, type Localized } from '../i18n/translate.js';

// A chunk of its own, fetched by the first element on a page with `bet-state` (ui/bet-state-kit.ts): most pages never
// show a bet state, and carry none of its words.

/**
 * A game against its closing line, in words: "BOS covering −4.5", "On pace for 231 (total 224.5)"; once final, "BOS
 * covered −4.5", "Over 224.5 (231)". Nothing for a game without a bet state (not started, or no line).
 */
export function betStateLines(game: Game, localized: Localized, compact = false): string[] {
  const state = game.betState;
  if (!state) return [];
  const { t, locale } = localized;
  const final = game.status === 'final';
  const points = (value: number, signed = false) => signedText(formatNumber(value, { locale, signed }), localized);
  const lines: string[] = [];
  const { spread, total } = state;
  if (spread) {
    const away = spread.covering === 'away';
    const team = (away ? game.away : game.home).team.abbreviation;
    const line = points(away ? -spread.line : spread.line, true);
    lines.push(
      spread.covering === 'push'
        ? t('bet.push', 'Push: {team} {line}', { team, line })
        : final
          ? t('bet.covered', '{team} covered {line}', { team, line })
          : t('bet.covering', '{team} covering {line}', { team, line }),
    );
  }
  if (total) {
    const line = points(total.line);
    const pace = total.pace === null ? '' : points(total.pace);
    // A score card's narrow line takes the short form.
    if (!final && pace)
      lines.push(
        compact
          ? t('bet.paceShort', 'Pace {pace} · total {line}', { pace, line })
          : t('bet.pace', 'On pace for {pace} (total {line})', { pace, line }),
      );
    else if (final) {
      const scored = points((game.home.score ?? 0) + (game.away.score ?? 0));
      lines.push(
        total.side === 'over'
          ? t('bet.wentOver', 'Over {line} ({points})', { line, points: scored })
          : total.side === 'under'
            ? t('bet.wentUnder', 'Under {line} ({points})', { line, points: scored })
            : t('bet.totalPush', 'Push: total {line}', { line }),
      );
    }
  }
  return lines;
}

/** The lines as a block under a game (`part="bet-state"`), or nothing; `compact` in a score card. */
export function betState(game: Game, localized: Localized, compact?: boolean): TemplateResult | typeof nothing {
  const lines = betStateLines(game, localized, compact);
  return lines.length ? html`<span class="bet-state" part="bet-state">${lines.map((line) => html`<span>${line}</span>`)}</span>` : nothing;
}

// A plain string, as lazy views' sheets are (fight-card.styles.ts): the template minifier and lit-analyzer read css``.
const css = String.raw;

/** The lines' styles, adopted by each element that shows them; the element places the block (a row, a column). */
export const sheet = new CSSStyleSheet();
sheet.replaceSync(css`
  .bet-state {
    display: flex;
    flex-direction: column;
    font-size: 12px;
    line-height: 16px;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow: hidden;
  }
  .bet-state span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* In <game-header>, one line under the score, its two parts side by side. */
  article > .bet-state {
    flex-direction: row;
    gap: 12px;
    margin: 0 16px 8px;
  }
`);
