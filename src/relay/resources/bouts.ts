import type { BoutEnding, BoutMethod, BoutResult, Bout } from '../../contract/mma.js';
import type { Game } from '../../contract/scores.js';
import type { LiveGame, UpstreamBout } from '../upstream/schemas.js';

/**
 * MMA's words as the data service may write them (the spec does not show MMA: these cover the sandbox's and the usual
 * spellings, in any case), read into the contract's. Unknown ones leave the result out rather than guess.
 */
const METHODS: ReadonlyArray<readonly [RegExp, BoutMethod]> = [
  [/^(ko|tko|ko\/tko|knockout|technical knockout)$/, 'ko-tko'],
  [/^(sub|submission)$/, 'submission'],
  [/^(dec|decision)$/, 'decision'],
  [/^draw$/, 'draw'],
  [/^(nc|no contest|no-contest)$/, 'no-contest'],
];
const VERDICTS = ['unanimous', 'split', 'majority'] as const;

function methodOf(text: string): BoutMethod | undefined {
  const key = text.trim().toLowerCase();
  return METHODS.find(([pattern]) => pattern.test(key))?.[1];
}

function verdictOf(text: string | null | undefined): BoutEnding['verdict'] {
  const key = (text ?? '').trim().toLowerCase();
  return VERDICTS.find((verdict) => key.startsWith(verdict)) ?? null;
}

/** How a fight ended, from its method, verdict, round and time as the service writes them; undefined when unreadable. */
export function boutEnding(ending: { method?: string; detail?: string | null; round?: number; time?: string }): BoutEnding | undefined {
  const method = ending.method === undefined ? undefined : methodOf(ending.method);
  if (!method || ending.round === undefined || ending.time === undefined) return undefined;
  return {
    method,
    verdict: method === 'decision' || method === 'draw' ? verdictOf(ending.detail) : null,
    round: ending.round,
    time: ending.time,
  };
}

function boutResult(game: LiveGame): BoutResult | undefined {
  if (game.status !== 'final' || !game.result) return undefined;
  const ending = boutEnding(game.result);
  if (!ending) return undefined;
  const named = game.result.winner?.toLowerCase();
  // A winner named by side, or else read from the score (the winner's side scores one); none for a draw or no contest.
  const bySide = named === 'home' || named === 'away' ? named : undefined;
  const byScore =
    (game.homeTeam.score ?? 0) === (game.awayTeam.score ?? 0)
      ? null
      : (game.homeTeam.score ?? 0) > (game.awayTeam.score ?? 0)
        ? 'home'
        : 'away';
  const winner = ending.method === 'draw' || ending.method === 'no-contest' ? null : (bySide ?? byScore);
  return { ...ending, winner };
}

/** The bout's place on its card; undefined without an order to place it by. */
export function boutOf(bout: UpstreamBout): Bout | undefined {
  if (!bout?.order) return undefined;
  return {
    order: bout.order,
    card: /prelim/i.test(bout.card ?? '') ? 'prelims' : 'main',
    rounds: bout.rounds ?? 3,
    weightClass: bout.weightClass ?? '',
    event: { id: bout.event?.id ?? '', name: bout.event?.name ?? '' },
  };
}

/** What a live-feed game adds when it is a bout: its place on the card, the result, and each fighter's record. */
export function boutFields(game: LiveGame): Pick<Game, 'bout' | 'result'> {
  const bout = boutOf(game.bout);
  const result = boutResult(game);
  return { ...(bout && { bout }), ...(result && { result }) };
}
