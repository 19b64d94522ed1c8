import type { Unrefreshed } from '../../contract/routes.js';
import type { WinProbabilityPayload } from '../../contract/insights.js';
import type { Cached } from '../cache/resource-cache.js';
import type { Lines } from '../upstream/schemas.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { findLiveGame } from './games.js';
import { historyKeyOf, linesWithExchange, moneylineProbability, recordPoint } from './probability.js';
import { matchupColors } from './team-colors.js';
import { teamDirectory } from './teams.js';

/** A curve whose first point is this long after the scheduled start began late (the recorder samples every minute). */
const LATE_START_MS = 10 * 60_000;

function recordedLate(startTime: string | null | undefined, firstPoint: number | undefined): string | null {
  if (firstPoint === undefined || !startTime) return null;
  return firstPoint - Date.parse(startTime) > LATE_START_MS ? new Date(firstPoint).toISOString() : null;
}

export async function winProbabilityResource(
  ctx: ResourceContext,
  params: { league: string; gameId: string; date?: string },
): Promise<Unrefreshed<WinProbabilityPayload>> {
  const { game, feed } = await findLiveGame(ctx.upstream, params.league, params.gameId, ctx.now, params.date);
  const teams = await teamDirectory(ctx.upstream, params.league);
  const historyKey = historyKeyOf(ctx.upstream.name, params.league, game.gameId);
  let current: WinProbabilityPayload['current'] = null;
  let lines: Cached<Lines> | undefined;

  if (game.status === 'final') {
    const home = game.homeTeam.score ?? 0;
    const away = game.awayTeam.score ?? 0;
    const homeShare = home > away ? 1 : home < away ? 0 : 0.5;
    current = { home: homeShare, away: 1 - homeShare, source: 'result' };
  } else {
    lines = await linesWithExchange(ctx.upstream, params.league);
    current = (lines && moneylineProbability(game, lines.value)) ?? null;
    if (current) await recordPoint(ctx.history, historyKey, lines!.fetchedAt, current.home);
  }

  const history = await ctx.history.pointsOf(historyKey);
  const home = teams.team(game.homeTeam.abbreviation, game.homeTeam.name);
  const away = teams.team(game.awayTeam.abbreviation, game.awayTeam.name);
  return {
    gameId: game.gameId,
    league: params.league,
    status: game.status,
    home,
    away,
    colors: matchupColors(away, home),
    current,
    history: history.map((point) => ({ at: new Date(point.at).toISOString(), home: point.value })),
    recordedSince: recordedLate(game.startTime, history[0]?.at),
    ...freshnessOf(ctx.now, feed, lines),
  };
}
