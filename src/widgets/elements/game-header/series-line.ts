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
export function seriesParts(game: Game, t: Translate): string[] {
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
