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

/** A postseason game's round and series in the feed's words; without a summary the round says it all. */
export function seriesOf(series: { round: string; summary?: string | undefined } | undefined): Game['series'] | undefined {
  if (!series?.round.trim()) return undefined;
  return { round: series.round.trim(), summary: (series.summary ?? series.round).trim() };
}

/** What a feed game adds in season terms: its series and an interruption. */
export function seasonFields(game: { statusDetail?: string | undefined; series?: { round: string; summary?: string | undefined } }) {
  const series = seriesOf(game.series);
  const interruption = interruptionOf(game.statusDetail);
  return { ...(series && { series }), ...(interruption && { interruption }) };
}
