import type { Game } from '../../../contract/scores.js';

const STATUS_ORDER = { live: 0, scheduled: 1, final: 2 } as const;

/** What a reader looks for first: games in progress, then the next to start, then results, the latest first. */
export function tickerOrder(games: readonly Game[]): Game[] {
  const start = (game: Game) => (game.startTime ? Date.parse(game.startTime) : 0);
  return [...games].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.status === 'final' ? start(b) - start(a) : start(a) - start(b)),
  );
}
