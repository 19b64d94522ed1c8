import { Hono } from 'hono';
import { z } from 'zod';
import { addDays, dateOf } from '../dates.js';
import { LEAGUES, type League } from '../leagues.js';
import { bookLine, MARKET_OPEN_MS, publicSplits, splitsPercents } from '../markets.js';
import { rosterOf } from '../players.js';
import { createRandom } from '../random.js';
import { boardGames, findGame, slate, snapshot, type Game, type GameSnapshot } from '../schedule.js';
import { dateParam, deps, fail, iso, leagueParam, metered, parseQuery, requirePlan, type SandboxEnv } from '../http.js';

const HOUR_MS = 3_600_000;

const historyQuery = z.object({ league: leagueParam, date: dateParam.optional(), gameId: z.string().trim().min(1).optional() });

/** One snapshot: the splits, and (the sandbox's choice of shape) the book's line at that instant. */
function splitsAt(snap: GameSnapshot, at: number) {
  return { at: iso(at), ...splitsPercents(publicSplits(snap, at)), lines: bookLine(snap, at) };
}

/** Hourly snapshots of a game's public splits and line from the market's open until it started (or now, if sooner). */
function history(game: Game, nowMs: number) {
  const until = Math.min(nowMs, game.startMs);
  const snapshots = [];
  for (let at = game.startMs - MARKET_OPEN_MS; at <= until; at += HOUR_MS) snapshots.push(splitsAt(snapshot(game, at), at));
  return {
    gameId: game.ids.odds,
    date: game.date,
    startTime: iso(game.startMs),
    homeTeamName: game.home.fullName,
    awayTeamName: game.away.fullName,
    count: snapshots.length,
    snapshots,
  };
}

/** Wagers of at least this size count as large. */
const LARGE_WAGER = 10_000;
const MARKETS = ['spread', 'moneyline', 'total'] as const;

/** The large wagers placed on a game in one hour: deterministic per game and hour, sized by the public money lean. */
function wagersIn(snap: GameSnapshot, hourStart: number) {
  const random = createRandom('large-wagers', snap.game.ids.odds, hourStart);
  const count = random.poisson(snap.status === 'live' ? 1.4 : 0.6);
  const splits = publicSplits(snap, hourStart);
  return Array.from({ length: count }, (_, index) => {
    const market = random.pick(MARKETS);
    const homeShare = market === 'total' ? splits.total.overMoney : splits[market].homeMoney;
    const first = random.chance(homeShare / 100);
    const selection = market === 'total' ? (first ? 'over' : 'under') : first ? 'home' : 'away';
    return {
      wagerId: `w_${snap.game.ids.odds.slice(0, 12)}_${hourStart / HOUR_MS}_${index}`,
      gameId: snap.game.ids.odds,
      market,
      selection,
      amount: Math.round((LARGE_WAGER + random.next() ** 3 * 240_000) / 100) * 100,
      placedAt: iso(hourStart + random.int(0, HOUR_MS - 1)),
    };
  });
}

function recentWagers(league: League, nowMs: number) {
  const currentHour = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  return boardGames(league, nowMs).flatMap((snap) =>
    Array.from({ length: 6 }, (_, back) => currentHour - back * HOUR_MS).flatMap((hour) =>
      wagersIn(snap, hour).filter((wager) => Date.parse(wager.placedAt) <= nowMs),
    ),
  );
}

const ROSTER_MOVES = ['signed', 'waived', 'assigned', 'recalled', 'converted to two-way'] as const;

/**
 * The spec names these without paths, parameters or shapes ("not shown"): `/splits-history` (5 weighted units, like
 * /splits; `date` is the UTC day games start on, and the Starter plan is needed, as for exchange prices), `/large-wagers` and `/large-wagers/summary` (odds leagues, the last six hours), `/nba/roster-moves`.
 * Paths and shapes here are the sandbox's choice.
 */
export const marketHistoryRoutes = new Hono<SandboxEnv>()
  .get('/splits-history', metered(5), (c) => {
    const query = parseQuery(c, historyQuery);
    requirePlan(c, 'starter', 'Splits history');
    const now = deps(c).clock.now();
    if (!query.league.odds) return c.json({ league: query.league.code, date: query.date ?? null, count: 0, data: [] });
    let games: Game[];
    if (query.gameId) {
      const game = findGame(query.league, query.gameId);
      if (!game) fail(404, 'not_found', `gameId: no ${query.league.code} game "${query.gameId}"`);
      games = [game];
    } else {
      const date = query.date ?? addDays(dateOf(now), -1);
      if (date > dateOf(now)) fail(400, 'bad_request', `date: ${date} is in the future; history exists up to today`);
      // The games starting on that UTC day (an American evening's last games start after midnight UTC).
      games = [...slate(query.league, addDays(date, -1)), ...slate(query.league, date)].filter(
        (game) => dateOf(game.startMs) === date && game.startMs - MARKET_OPEN_MS <= now,
      );
    }
    const data = games.map((game) => history(game, now));
    return c.json({ league: query.league.code, date: query.date ?? games[0]?.date ?? null, count: data.length, data });
  })
  .get('/large-wagers', metered(1), (c) => {
    const { league } = parseQuery(c, z.object({ league: leagueParam }));
    const now = deps(c).clock.now();
    const data = league.odds ? recentWagers(league, now).sort((a, b) => b.placedAt.localeCompare(a.placedAt)) : [];
    return c.json({
      league: league.code,
      threshold: LARGE_WAGER,
      since: iso(Math.floor(now / HOUR_MS) * HOUR_MS - 5 * HOUR_MS),
      count: data.length,
      data,
    });
  })
  .get('/large-wagers/summary', metered(1), (c) => {
    const { league } = parseQuery(c, z.object({ league: leagueParam }));
    const now = deps(c).clock.now();
    const wagers = league.odds ? recentWagers(league, now) : [];
    const byGame = new Map<string, typeof wagers>();
    for (const wager of wagers) byGame.set(wager.gameId, [...(byGame.get(wager.gameId) ?? []), wager]);
    const data = [...byGame].map(([gameId, list]) => ({
      gameId,
      count: list.length,
      totalAmount: list.reduce((total, wager) => total + wager.amount, 0),
      largest: Math.max(...list.map((wager) => wager.amount)),
      bySelection: Object.fromEntries(
        [...new Set(list.map((wager) => `${wager.market}:${wager.selection}`))].map((key) => [
          key,
          list.filter((wager) => `${wager.market}:${wager.selection}` === key).reduce((total, wager) => total + wager.amount, 0),
        ]),
      ),
    }));
    return c.json({ league: league.code, threshold: LARGE_WAGER, count: data.length, data });
  })
  .get('/nba/roster-moves', metered(1), (c) => {
    const today = dateOf(deps(c).clock.now());
    const data = Array.from({ length: 7 }, (_, back) => addDays(today, -back)).flatMap((date) =>
      LEAGUES.NBA.teams.flatMap((team) => {
        const random = createRandom('nba-moves', team.abbreviation, date);
        if (!random.chance(0.12)) return [];
        const player = random.pick(rosterOf(team, 'basketball'));
        return [
          {
            date,
            teamId: team.abbreviation,
            playerId: player.playerId,
            name: player.name,
            position: player.position,
            move: random.pick(ROSTER_MOVES),
          },
        ];
      }),
    );
    return c.json({ league: 'NBA', count: data.length, data });
  });
