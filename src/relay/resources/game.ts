import type { Unrefreshed } from '../../contract/routes.js';
import type { BettingSplits, GameDetailPayload } from '../../contract/scores.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { findLiveGame, recordFor, projectLiveGame, sameFixture } from './games.js';
import { projectLine } from './markets.js';
import { withBetStates } from './bet-state.js';
import { hasBettingMarkets, type WidgetLeague } from '../../contract/leagues.js';
import { teamDirectory } from './teams.js';
import { matchupColors } from './team-colors.js';

export async function gameResource(
  ctx: ResourceContext,
  params: { league: string; gameId: string; date?: string; betState?: string },
): Promise<Unrefreshed<GameDetailPayload>> {
  const { game, feed } = await findLiveGame(ctx.upstream, params.league, params.gameId, ctx.now, params.date);
  const teams = await teamDirectory(ctx.upstream, params.league);
  // Lines and splits are extras: the header still shows the game when either is unavailable. A league without
  // betting markets (soccer) costs no upstream unit for them.
  const markets = hasBettingMarkets(params.league);
  const lines = game.status === 'final' || !markets ? undefined : await ctx.upstream.lines(params.league, false).catch(() => undefined);
  const record = lines ? recordFor(game, lines.value.data) : undefined;
  const date = game.startTime?.slice(0, 10);
  const stored = date && markets ? await ctx.upstream.games(params.league, date).catch(() => undefined) : undefined;
  const storedIndex = stored
    ? sameFixture(
        { home: game.homeTeam.abbreviation, away: game.awayTeam.abbreviation, start: game.startTime },
        stored.value.data.map((row) => ({
          home: row.homeTeam.abbreviation,
          away: row.awayTeam.abbreviation,
          start: row.startTime ?? game.startTime,
        })),
      )
    : -1;
  const storedSplits = storedIndex >= 0 ? stored!.value.data[storedIndex]!.splits : undefined;
  const splits: BettingSplits | null = storedSplits
    ? {
        spread: storedSplits.spread ? { home: storedSplits.spread.homePercent, away: storedSplits.spread.awayPercent } : null,
        moneyline: storedSplits.moneyline ? { home: storedSplits.moneyline.homePercent, away: storedSplits.moneyline.awayPercent } : null,
        total: storedSplits.total ? { over: storedSplits.total.overPercent, under: storedSplits.total.underPercent } : null,
      }
    : null;
  const live = projectLiveGame(params.league, game, teams);
  const projected = params.betState ? (await withBetStates(ctx, params.league as WidgetLeague, [live]))[0]! : live;
  return {
    game: projected,
    colors: matchupColors(projected.away.team, projected.home.team),
    line: record ? projectLine(record.lines) : null,
    splits,
    ...freshnessOf(ctx.now, feed, record ? lines : undefined, storedIndex >= 0 ? stored : undefined),
  };
}
