import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { findTeam, type League } from '../leagues.js';
import { clamp } from '../odds.js';
import { marketsOf, propLines, type MarketSpec } from '../props.js';
import { createRandom } from '../random.js';
import { findGame, snapshot, type GameSnapshot } from '../schedule.js';
import { deps, fail, iso, leagueParam, metered, parseQuery, requirePlan, type SandboxEnv } from '../http.js';

const MAX_MARKETS = 5;

const propsQuery = z.object({
  league: leagueParam,
  gameId: z.string({ error: 'gameId is required (one game per request)' }).min(1),
  team: z.string().min(1).optional(),
});

interface PropsRequest {
  league: League;
  snap: GameSnapshot;
  markets: MarketSpec[];
  unavailable: string[];
}

/** `markets` may be comma-separated or repeated; unknown keys are reported back rather than refused. */
function readPropsRequest(c: Context<SandboxEnv>): PropsRequest & { team?: string } {
  const query = parseQuery(c, propsQuery);
  const requested = (c.req.queries('markets') ?? [])
    .flatMap((value) => value.split(','))
    .map((key) => key.trim())
    .filter(Boolean);
  if (requested.length > MAX_MARKETS) {
    fail(400, 'bad_request', `markets: at most ${MAX_MARKETS} per request (got ${requested.length})`);
  }
  const game = findGame(query.league, query.gameId);
  if (!game) fail(404, 'not_found', `No ${query.league.code} game with id "${query.gameId}".`);
  const offered = marketsOf(query.league.sport);
  const markets = requested.length === 0 ? [...offered] : offered.filter((market) => requested.includes(market.key));
  const unavailable = requested.filter((key) => !offered.some((market) => market.key === key));
  const team = query.team === undefined ? undefined : findTeam(query.league, query.team)?.abbreviation;
  if (query.team !== undefined && !team) fail(400, 'bad_request', `team: no ${query.league.code} team "${query.team}"`);
  return { league: query.league, snap: snapshot(game, deps(c).clock.now()), markets, unavailable, team };
}

function marketStatus(snap: GameSnapshot): 'pregame' | 'live' | 'closed' {
  return snap.status === 'scheduled' ? 'pregame' : snap.status === 'live' ? 'live' : 'closed';
}

export const propRoutes = new Hono<SandboxEnv>()
  // Shape not shown in the spec: markets in the order asked, each with every player's main line and prices.
  .get('/player-props', metered(1), (c) => {
    requirePlan(c, 'starter', 'Player props');
    const { league, snap, markets, unavailable, team } = readPropsRequest(c);
    const now = deps(c).clock.now();
    const data = markets.map((market) => {
      const players = propLines(snap, market)
        .filter((line) => !team || line.player.team.abbreviation === team)
        .map((line) => ({
          playerId: line.player.playerId,
          playerName: line.player.name,
          team: line.player.team.abbreviation,
          position: line.player.position,
          line: line.line,
          overPrice: line.overPrice,
          underPrice: line.underPrice,
          updatedAt: iso(now),
        }));
      return { market: market.key, label: market.label, count: players.length, players };
    });
    return c.json({
      league: league.code,
      gameId: snap.game.ids.odds,
      homeTeam: snap.game.home.abbreviation,
      awayTeam: snap.game.away.abbreviation,
      startTime: iso(snap.game.startMs),
      status: marketStatus(snap),
      count: data.length,
      data,
      unavailableMarkets: unavailable,
    });
  })
  .get('/player-props/splits', metered(1), (c) => {
    const { league, snap, markets, unavailable, team } = readPropsRequest(c);
    const status = marketStatus(snap);
    const data = markets.map((market) => {
      const players = propLines(snap, market)
        .filter((line) => !team || line.player.team.abbreviation === team)
        .map((line) => {
          const random = createRandom('prop-splits', snap.game.ids.odds, market.key, line.player.playerId);
          const overBets = Math.round(clamp(line.overProbability * 100 + 8 + random.normal(0, 10), 5, 95));
          const overMoney = Math.round(clamp(overBets + random.normal(0, 12), 3, 97));
          const trades = random.int(3, 400);
          const side = (bets: number, money: number) => ({ bets, money });
          return {
            playerId: line.player.playerId,
            playerName: line.player.name,
            team: line.player.team.abbreviation,
            line: line.line,
            exchangeLine: line.line + (random.chance(0.2) ? (random.chance(0.5) ? 0.5 : -0.5) : 0),
            pregame: {
              over: side(overBets, overMoney),
              under: side(100 - overBets, 100 - overMoney),
              trades,
              volume: trades * random.int(20, 180),
              thin: trades < 25,
            },
            live: status === 'live' ? { over: side(overBets, overMoney), under: side(100 - overBets, 100 - overMoney) } : null,
          };
        });
      return { market: market.key, label: market.label, count: players.length, players };
    });
    const matched = data.reduce((sum, market) => sum + market.players.filter((player) => !player.pregame.thin).length, 0);
    return c.json({
      league: league.code,
      gameId: snap.game.ids.odds,
      awayTeam: snap.game.away.abbreviation,
      homeTeam: snap.game.home.abbreviation,
      status,
      data,
      xchg: { status: 'ok', matched },
      unavailableMarkets: unavailable,
    });
  });
