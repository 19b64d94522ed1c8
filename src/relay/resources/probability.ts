import type { WinProbabilityPayload } from '../../contract/insights.js';
import { noVigProbabilities } from '../../contract/odds.js';
import type { Cached } from '../cache/resource-cache.js';
import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { Lines, LiveGame } from '../upstream/schemas.js';
import { recordFor } from './games.js';

/** Exchange prices when the upstream plan has them, else the book's moneyline. */
export async function linesWithExchange(upstream: CachedUpstream, league: string): Promise<Cached<Lines> | undefined> {
  return upstream.lines(league, true).catch(() => upstream.lines(league, false).catch(() => undefined));
}

/** Where a game's curve is kept: per upstream (test keys see the sandbox's games), league and game. */
export const historyKeyOf = (upstream: string, league: string, gameId: string) => `${upstream}:${league}:${gameId}`;

/** The no-vig win probability from the game's moneyline (exchange prices first), when it has one. */
export function moneylineProbability(game: LiveGame, lines: Lines): NonNullable<WinProbabilityPayload['current']> | undefined {
  const record = recordFor(game, lines.data);
  const exchange = record?.exchange?.xchg?.moneyline;
  const moneyline = exchange ?? record?.lines.moneyline;
  if (!moneyline) return undefined;
  const [home, away] = noVigProbabilities(moneyline.home, moneyline.away);
  return { home, away, source: exchange ? 'exchange' : 'moneyline' };
}

/** One point of the curve, at the time the prices were fetched (the same answer gives the same point, kept once). */
export function recordPoint(history: HistoryStore, key: string, at: number, home: number): Promise<void> {
  return history.recordPoint(key, { at, value: Math.round(home * 10_000) / 10_000 });
}
