import type { OddsBoardPayload } from '../../contract/betting.js';
import type { Unrefreshed } from '../../contract/routes.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { playedBy, projectLiveGame, recordFor } from './games.js';
import { projectLine } from './markets.js';
import { nextDays } from './next-game.js';
import { linesWithExchange } from './probability.js';
import { teamDirectory } from './teams.js';

/**
 * The current slate (or one team's games) with each game's line: the book's, and the exchange's at the same numbers
 * where the relay's plan includes them. Lines come from the same cached /lines answer the game headers read.
 */
export async function oddsBoardResource(
  ctx: ResourceContext,
  params: { league: string; team?: string },
): Promise<Unrefreshed<OddsBoardPayload>> {
  const teams = await teamDirectory(ctx.upstream, params.league);
  const feed = await ctx.upstream.liveGames(params.league).catch((error) => {
    throw fromUpstream(error);
  });
  const lines = await linesWithExchange(ctx.upstream, params.league);
  const games = feed.value.games
    .filter((game) => !params.team || playedBy(game, params.team))
    .map((game) => {
      const record = lines && recordFor(game, lines.value.data);
      const exchange = record?.exchange?.xchg;
      return {
        game: projectLiveGame(params.league, game, teams),
        line: record ? projectLine(record.lines) : null,
        exchange: exchange ? projectLine(exchange) : null,
      };
    })
    .sort((a, b) => (a.game.startTime ?? '').localeCompare(b.game.startTime ?? '') || a.game.id.localeCompare(b.game.id));
  // A league without games today says when they are back, as the score elements do.
  const next = feed.value.games.length === 0 ? await nextDays(ctx, [params.league]) : undefined;
  return {
    league: params.league,
    games,
    // The service adds its exchange envelope (`xchg`) only to an answer with exchange prices.
    exchangeOffered: lines?.value.xchg !== undefined,
    ...(next && { next }),
    ...freshnessOf(ctx.now, feed, lines, teams.cached),
  };
}
