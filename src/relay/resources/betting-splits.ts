import { MONEY_OVER_BETS_POINTS, type BettingSplitsPayload } from '../../contract/betting.js';
import type { Unrefreshed } from '../../contract/routes.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { findLiveGame, playedBy, projectLiveGame, recordFor } from './games.js';
import { projectLine, projectSplits } from './markets.js';
import { nextDays } from './next-game.js';
import { teamDirectory } from './teams.js';

/**
 * The share of bets and of money on each side of each market, for the slate, one team's games or one game, with the
 * current line the same /splits answer carries (5 units a league, read at most every five minutes).
 */
export async function bettingSplitsResource(
  ctx: ResourceContext,
  params: { league: string; gameId?: string; team?: string },
): Promise<Unrefreshed<BettingSplitsPayload>> {
  const teams = await teamDirectory(ctx.upstream, params.league);
  const found = params.gameId ? await findLiveGame(ctx.upstream, params.league, params.gameId, ctx.now) : undefined;
  const feed =
    found?.feed ??
    (await ctx.upstream.liveGames(params.league).catch((error) => {
      throw fromUpstream(error);
    }));
  const splits = await ctx.upstream.splits(params.league).catch((error) => {
    throw fromUpstream(error);
  });
  const slate = found ? [found.game] : feed.value.games;
  const games = slate
    .filter((game) => !params.team || playedBy(game, params.team))
    .map((game) => {
      const record = recordFor(game, splits.value.data);
      return {
        game: projectLiveGame(params.league, game, teams),
        line: record?.lines ? projectLine(record.lines) : null,
        splits: projectSplits(record?.splits),
      };
    })
    .sort((a, b) => (a.game.startTime ?? '').localeCompare(b.game.startTime ?? '') || a.game.id.localeCompare(b.game.id));
  // A league without games today says when they are back, as the score elements do.
  const next = slate.length === 0 ? await nextDays(ctx, [params.league]) : undefined;
  return {
    league: params.league,
    games,
    moneyOverBetsPoints: MONEY_OVER_BETS_POINTS,
    ...(next && { next }),
    ...freshnessOf(ctx.now, feed, splits, teams.cached),
  };
}
