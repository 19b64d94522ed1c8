import { Hono } from 'hono';
import { z } from 'zod';
import { dateOf, easternClock } from '../dates.js';
import { bookLine, exchangeLine, publicSplits, splitsPercents, type GameLine } from '../markets.js';
import { boardGames, type GameSnapshot } from '../schedule.js';
import { deps, iso, isoSeconds, leagueParam, metered, parseQuery, requirePlan, type SandboxEnv } from '../http.js';

const linesQuery = z.object({
  league: leagueParam,
  include: z.enum(['xchg'], { error: 'include accepts only "xchg"' }).optional(),
});
const splitsQuery = z.object({ league: leagueParam });

function lineRecord(snap: GameSnapshot, now: number, withExchange: boolean) {
  const { game } = snap;
  const line: GameLine = bookLine(snap, now);
  // `league`, `date` and `startTimeEst` are "present in some responses": the sandbox shows them on even slots only.
  const optional =
    game.slot % 2 === 0 ? { league: game.league.code, date: game.date, startTimeEst: `${easternClock(game.startMs)} EST` } : {};
  return {
    gameId: game.ids.odds,
    ...optional,
    startTime: isoSeconds(game.startMs),
    homeTeamName: game.home.fullName,
    awayTeamName: game.away.fullName,
    lines: line,
    lineSourceTier: 'tier1',
    ...(withExchange
      ? {
          exchange: {
            xchg: {
              source: 'xchg',
              status: snap.status === 'live' ? 'live' : 'pregame',
              updatedAt: iso(now),
              ...exchangeLine(snap, now),
            },
          },
        }
      : {}),
  };
}

export const lineRoutes = new Hono<SandboxEnv>()
  .get('/lines', metered(2), (c) => {
    const query = parseQuery(c, linesQuery);
    const withExchange = query.include === 'xchg';
    if (withExchange) requirePlan(c, 'starter', 'Exchange prices (include=xchg)');
    const now = deps(c).clock.now();
    const snaps = query.league.odds ? boardGames(query.league, now) : [];
    const data = snaps.map((snap) => lineRecord(snap, now, withExchange));
    return c.json({
      league: query.league.code,
      count: data.length,
      data,
      ...(withExchange ? { xchg: { status: 'ok', matched: data.length } } : {}),
    });
  })
  // Shape not shown in the spec: one record per game with the current line and bet/money percentages per market.
  .get('/splits', metered(5), (c) => {
    const { league } = parseQuery(c, splitsQuery);
    const now = deps(c).clock.now();
    const snaps = league.odds ? boardGames(league, now) : [];
    const data = snaps.map((snap) => {
      return {
        gameId: snap.game.ids.odds,
        date: snap.game.date,
        startTime: iso(snap.game.startMs),
        homeTeamName: snap.game.home.fullName,
        awayTeamName: snap.game.away.fullName,
        lines: bookLine(snap, now),
        splits: splitsPercents(publicSplits(snap, now)),
        updatedAt: iso(now),
      };
    });
    return c.json({ league: league.code, date: dateOf(now), count: data.length, data });
  });
