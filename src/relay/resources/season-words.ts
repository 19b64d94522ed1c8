import type { Game } from '../../contract/scores.js';

type Interruption = NonNullable<Game['interruption']>;

/** A feed's words for a game that will not be played as scheduled, in any case or form ("PPD", "Postponed · Rain"). */
const INTERRUPTIONS: ReadonlyArray<[RegExp, Interruption]> = [
  [/\bpostpon|\bppd\b/i, 'postponed'],
  [/\bsuspend/i, 'suspended'],
  [/\bcancel/i, 'canceled'],
  [/\bdelay/i, 'delayed'],
];

export function interruptionOf(statusDetail: string | undefined): Interruption | undefined {
  if (!statusDetail) return undefined;
  return INTERRUPTIONS.find(([pattern]) => pattern.test(statusDetail))?.[1];
}

interface FeedSeries {
  round: string;
  summary?: string | undefined;
  gameNumber?: number | undefined;
  bestOf?: number | undefined;
  homeWins?: number | undefined;
  awayWins?: number | undefined;
}

/**
 * A postseason game's round and series in the feed's words (without a summary the round says it all), and its numbers
 * where the feed gives them all and they make a series: the elements then say it in the reader's language.
 */
function seriesOf(series: FeedSeries | undefined): Game['series'] | undefined {
  if (!series?.round.trim()) return undefined;
  const words = { round: series.round.trim(), summary: (series.summary ?? series.round).trim() };
  const { gameNumber, bestOf, homeWins, awayWins } = series;
  if (gameNumber === undefined || bestOf === undefined || homeWins === undefined || awayWins === undefined) return words;
  const needed = Math.ceil(bestOf / 2);
  if (bestOf < 1 || gameNumber < 1 || gameNumber > bestOf || homeWins > needed || awayWins > needed) return words;
  return { ...words, gameNumber, bestOf, wins: { home: homeWins, away: awayWins } };
}

/** What a feed game adds in season terms: its series and an interruption. */
export function seasonFields(game: { statusDetail?: string | undefined; series?: FeedSeries | undefined }) {
  const series = seriesOf(game.series);
  const interruption = interruptionOf(game.statusDetail);
  return { ...(series && { series }), ...(interruption && { interruption }) };
}
