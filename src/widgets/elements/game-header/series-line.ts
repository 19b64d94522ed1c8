// <game-header>'s series line, a chunk of its own fetched by the first header of a postseason game (ui/lazy-view.ts).
import { html, type TemplateResult } from 'lit';
import type { Game } from '../../../contract/scores.js';
import { relayTerm, type Translate } from '../../i18n/translate.js';

const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** Where a series stands: "BOS leads 3–1", "Series tied 2–2", "BOS wins series 4–1". */
function standing(game: Game, wins: { home: number; away: number }, bestOf: number, t: Translate): string {
  const homeAhead = wins.home >= wins.away;
  const params = {
    team: (homeAhead ? game.home : game.away).team.abbreviation,
    high: Math.max(wins.home, wins.away),
    low: Math.min(wins.home, wins.away),
  };
  if (params.high === params.low) return t('series.tied', 'Series tied {high}–{low}', params);
  if (params.high === Math.ceil(bestOf / 2)) return t('series.won', '{team} wins series {high}–{low}', params);
  return t('series.leads', '{team} leads {high}–{low}', params);
}

/**
 * A postseason game's place in its series in the reader's words, in the parts a narrow header may break between: the
 * round, the game's number before it ends, and the standing once a game has been played ("First Round · Game 5 · BOS
 * leads 3–1"; "First Round · BOS wins series 4–1" once final). A feed that gives no numbers is shown in its own words.
 */
function seriesParts(game: Game, t: Translate): string[] {
  const series = game.series!;
  const round = relayTerm(t, 'round', slug(series.round), series.round);
  const { gameNumber, bestOf, wins } = series;
  if (!gameNumber || !bestOf || !wins) return [series.summary === series.round ? round : series.summary];
  if (bestOf === 1) return [round];
  const played = wins.home + wins.away > 0;
  if (game.status === 'final') return [round, standing(game, wins, bestOf, t)];
  const number = t('series.game', 'Game {number}', { number: gameNumber });
  return played ? [round, number, standing(game, wins, bestOf, t)] : [round, number];
}

/** The series line: parts that keep together, so that a narrow header breaks it between them, never inside "BOS leads 3–1". */
export function seriesLine(game: Game, t: Translate): TemplateResult {
  return html`<span class="when series"
    >${seriesParts(game, t).map((part, index) => html`${index ? ' · ' : ''}<span>${part}</span>`)}</span
  >`;
}

// A plain string for the template minifier, as pitching-matchup.styles.ts: this chunk imports no CSS helper.
const css = String.raw;

/** The series line's styles, adopted by each header once the line is here. */
export const sheet = new CSSStyleSheet();
sheet.replaceSync(css`
  .series {
    max-width: 22em;
    white-space: normal;
  }
  .series span {
    white-space: nowrap;
  }
  /* Narrow: the status row, then the series line on a row of its own, the whole width; the other rows closer together to
     make room for it (two lines in a long language at 280 px). */
  @container (max-width: 520px) {
    article {
      gap: 4px;
    }
    .matchup {
      grid-template-columns: minmax(0, 1fr) auto;
      gap: 4px 6px;
    }
    .matchup .team {
      --_badge-size: 28px;
    }
    .splits {
      gap: 4px;
    }
    .middle:has(.series) {
      display: contents;
    }
    .middle .pill {
      order: -2;
    }
    .series {
      order: -1;
      grid-column: 1 / -1;
      max-width: none;
      text-align: start;
    }
  }
`);
