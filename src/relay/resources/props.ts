import type { Unrefreshed } from '../../contract/routes.js';
import type { PropsPayload } from '../../contract/insights.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { findLiveGame, recordFor } from './games.js';
import { teamDirectory } from './teams.js';

export async function propsResource(
  ctx: ResourceContext,
  params: { league: string; gameId: string; markets?: string[]; date?: string },
): Promise<Unrefreshed<PropsPayload>> {
  const { game } = await findLiveGame(ctx.upstream, params.league, params.gameId, ctx.now, params.date);
  const teams = await teamDirectory(ctx.upstream, params.league);
  // Props are keyed by the odds feed's game id: find the fixture on the board.
  const lines = await ctx.upstream.lines(params.league, false).catch((error) => {
    throw fromUpstream(error);
  });
  const fixture = {
    gameId: game.gameId,
    league: params.league,
    home: teams.team(game.homeTeam.abbreviation, game.homeTeam.name),
    away: teams.team(game.awayTeam.abbreviation, game.awayTeam.name),
  };
  const record = recordFor(game, lines.value.data);
  // A game the board does not quote (not yet, or a league without lines: college basketball) has no props to show:
  // an empty answer, not an error, since the game itself exists. A final game's props are settled, quoted or not.
  if (!record || game.status === 'final')
    return { ...fixture, markets: [], unavailableMarkets: [], closed: game.status === 'final', ...freshnessOf(ctx.now, lines) };
  const props = await ctx.upstream.playerProps(params.league, record.gameId).catch((error) => {
    throw fromUpstream(error);
  });
  const splits = await ctx.upstream.propSplits(params.league, record.gameId).catch(() => undefined);
  const splitFor = (market: string, playerId: string) =>
    splits?.value.data.find((row) => row.market === market)?.players.find((player) => player.playerId === playerId)?.pregame;

  const wanted = params.markets;
  const markets = props.value.data
    .filter((market) => !wanted || wanted.includes(market.market))
    .map((market) => ({
      key: market.market,
      label: market.label ?? market.market,
      players: market.players.map((player) => {
        const split = splitFor(market.market, player.playerId);
        return {
          id: player.playerId,
          name: player.playerName,
          team: player.team ?? '',
          position: player.position ?? null,
          line: player.line,
          overPrice: player.overPrice ?? null,
          underPrice: player.underPrice ?? null,
          overBets: split?.over.bets ?? null,
          overMoney: split?.over.money ?? null,
        };
      }),
    }));
  const offered = new Set(props.value.data.map((market) => market.market));
  return {
    ...fixture,
    markets,
    unavailableMarkets: [...(wanted ?? []).filter((market) => !offered.has(market)), ...(props.value.unavailableMarkets ?? [])],
    closed: false,
    ...freshnessOf(ctx.now, props, splits),
  };
}
