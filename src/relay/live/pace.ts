import { REFRESH_MS } from '../../contract/refresh.js';
import { leagueRecord } from '../../contract/leagues.js';
import type { Game } from '../../contract/scores.js';
import type { UpstreamBudget } from '../upstream/budget-watch.js';

/**
 * How often a watched live topic is polled: as fast as the upstream month can carry. The interval runs from the floor
 * (the month's forecast far under its cap) to the ceiling (at the cap), geometrically, so each step of the month
 * spent slows polling by the same factor; a close finish halves it, a break doubles it. The forecast is the budget
 * watch's (month-to-date rate, read from /me every few minutes), so the relay's own polling feeds back into it.
 */
export interface LivePace {
  /** Fastest poll of one topic. */
  floorMs: number;
  /** Slowest poll of a topic with a game in progress (the forecast at or over the cap). */
  ceilingMs: number;
  /** The share of the month's upstream limit the forecast may reach (`--upstream-share-live`). */
  share: number;
}

export const DEFAULT_LIVE_PACE: LivePace = { floorMs: 1_500, ceilingMs: 30_000, share: 0.6 };

/** How much a topic's games matter now: 2 a close finish, 1 play on, 0.5 every game at a break. */
export function urgencyOf(payload: unknown): number {
  const games = gamesOf(payload).filter((game) => game.status === 'live');
  if (games.some(closeFinish)) return 2;
  if (games.some((game) => !BREAKS.has(game.progress?.segment ?? ''))) return 1;
  return games.length > 0 ? 0.5 : 1;
}

/** The interval for a topic whose route asks for `routeMs` (REFRESH_MS.live while a game is on). */
export function livePollMs(routeMs: number, urgency: number, budget: UpstreamBudget | undefined, pace: LivePace): number {
  // The month not known yet (no /me answer): the fixed rhythm.
  if (!budget || budget.limit <= 0) return routeMs;
  const cap = budget.limit * pace.share;
  const room = Math.min(1, Math.max(0, 1 - Math.max(budget.forecast, budget.used) / cap));
  // Nothing in progress (schedules, finals, dates and ids anyone may make up): the route's own rhythm with room to
  // spare, slowed first and furthest as the month tightens, up to NOT_LIVE_SLOWDOWN times.
  if (routeMs > REFRESH_MS.live) return Math.round(routeMs * NOT_LIVE_SLOWDOWN ** (1 - room));
  const interval = pace.ceilingMs * (pace.floorMs / pace.ceilingMs) ** room;
  return Math.round(Math.min(pace.ceilingMs, Math.max(pace.floorMs, interval / urgency)));
}

/** How much slower than its route's rhythm a topic with nothing live gets once the month's forecast reaches the share. */
export const NOT_LIVE_SLOWDOWN = 20;

const BREAKS = new Set(['halftime', 'intermission', 'end']);

/** A game in its last regulation period (or beyond) within its league's close margin (a score or two). */
function closeFinish(game: Game): boolean {
  const period = game.progress?.period ?? 0;
  const league = leagueRecord(game.league);
  if (!league || period < league.regulationPeriods || BREAKS.has(game.progress?.segment ?? '')) return false;
  // A bout's last round is its finish whatever the cards say.
  if (game.bout) return true;
  const margin = league.closeMargin;
  return margin !== undefined && Math.abs((game.home.score ?? 0) - (game.away.score ?? 0)) <= margin;
}

/** The games a live payload carries (scores, a game's detail, a fight card); leniently, as it is the relay's own. */
function gamesOf(payload: unknown): Game[] {
  if (!payload || typeof payload !== 'object') return [];
  const { games, game, bouts } = payload as { games?: unknown; game?: unknown; bouts?: unknown };
  const list = Array.isArray(games) ? games : Array.isArray(bouts) ? bouts : game ? [game] : [];
  return list.filter((item): item is Game => Boolean(item) && typeof item === 'object' && 'status' in item);
}
