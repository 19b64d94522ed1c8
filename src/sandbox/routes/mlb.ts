import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { planAtLeast, type PlanId } from '../accounts.js';
import { addDays, dateOf, dayStartMs, easternClock } from '../dates.js';
import { findTeam, LEAGUES, type League, type Team } from '../leagues.js';
import { roundToHalf } from '../odds.js';
import { pitcherHand, pitcherSeason, playerKey, starterAt } from '../pitchers.js';
import { rosterOf } from '../players.js';
import { marketsOf, propLines } from '../props.js';
import { createRandom } from '../random.js';
import { currentGames, findGame, slate, snapshot, type Game } from '../schedule.js';
import { teamStatLines } from '../team-stats.js';
import { alertsOf, conditionsAt, impactOf, venueOf } from '../venues.js';
import { booleanParam, calendarLeague, dateParam, deps, fail, iso, isoSeconds, metered, parseQuery, type SandboxEnv } from '../http.js';

const MLB = LEAGUES.MLB;

function teamParam(value: string | undefined, name: string): Team | undefined {
  if (value === undefined) return undefined;
  const team = findTeam(MLB, value);
  if (!team) fail(400, 'bad_request', `${name}: no MLB team "${value}"`);
  return team;
}

/** The games a request names: one game, or a date's slate, or (no date) the live slate. */
function gamesFor(c: Context<SandboxEnv>, date: string | undefined, gameId: string | undefined, missing: 400 | 404): Game[] {
  const now = deps(c).clock.now();
  const MLB = calendarLeague(c, 'MLB');
  if (gameId !== undefined) {
    const game = findGame(MLB, gameId);
    if (!game) fail(missing, missing === 400 ? 'bad_request' : 'not_found', `gameId: no MLB game "${gameId}"`);
    return [game];
  }
  return date ? slate(MLB, date) : currentGames(MLB, now);
}

const startersQuery = z.object({ date: dateParam.optional(), gameId: z.string().trim().min(1).optional() });

function starterRecord(game: Game, side: 'home' | 'away', nowMs: number) {
  const view = starterAt(game, side, nowMs);
  return {
    name: view.pitcher?.name ?? null,
    teamId: game[side].abbreviation,
    throws: view.pitcher ? pitcherHand(view.pitcher) : null,
    playerKey: view.pitcher ? playerKey(view.pitcher) : null,
    status: view.status,
    firstSeenAt: view.firstSeenAt === null ? null : isoSeconds(view.firstSeenAt),
    lastSeenAt: view.lastSeenAt === null ? null : isoSeconds(view.lastSeenAt),
  };
}

/** History and fields of the strikeout predictor by plan (the spec says they vary by plan; these are the sandbox's). */
const PREDICTOR_HISTORY_DAYS: Record<PlanId, number> = { free: 0, starter: 7, builder: 30, pro: 365 };

const predictorQuery = z.object({
  date: dateParam.optional(),
  team: z.string().trim().min(1).optional(),
  teamId: z.string().trim().min(1).optional(),
  gameId: z.string().trim().min(1).optional(),
  pitcher: z.string().trim().min(1).optional(),
});

const LEAGUE_K_RATE = 0.224;

function strikeoutProp(game: Game, side: 'home' | 'away', nowMs: number, plan: PlanId) {
  const view = starterAt(game, side, nowMs);
  if (!view.pitcher) return undefined;
  const pitcher = view.pitcher;
  const opponent = side === 'home' ? game.away : game.home;
  const season = pitcherSeason(pitcher, game.date);
  const opponentLine = teamStatLines(game.league, nowMs).find((line) => line.team === opponent);
  const opponentKRate = opponentLine ? opponentLine.stats.offense.kPct! / 100 : LEAGUE_K_RATE;
  const fallback = opponentLine === undefined;
  const random = createRandom('k-model', game.ids.odds, pitcher.playerId);
  const expectedInnings =
    Math.round(Math.max(4, Math.min(7, season.inningsPitched / season.gamesStarted + random.normal(0, 0.3))) * 10) / 10;
  const projectedKs = Math.round(season.kPerIp * expectedInnings * (opponentKRate / LEAGUE_K_RATE) * 10) / 10;
  const spread = Math.round((1.2 + random.next() * 0.8) * 10) / 10;
  const market = marketsOf('baseball').find((candidate) => candidate.key === 'pitcherStrikeouts')!;
  const line = propLines(snapshot(game, nowMs), market).find((prop) => prop.player === pitcher);
  const confidenceScore = Math.round((view.status === 'probable' ? 0.72 : 0.5) * 100 + random.int(-8, 12)) / 100;
  const propLine = line?.line ?? roundToHalf(projectedKs);
  const diff = Math.round((projectedKs - propLine) * 10) / 10;
  const record = {
    side,
    propLine: { playerName: pitcher.name, line: propLine, lastUpdate: isoSeconds(Math.min(nowMs, game.startMs)) },
    pitcher: { name: pitcher.name, teamId: game[side].abbreviation, throws: pitcherHand(pitcher), playerKey: playerKey(pitcher) },
    opponent: { id: opponent.abbreviation, name: opponent.fullName },
    model: {
      projectedKs,
      confidence: confidenceScore >= 0.7 ? 'high' : confidenceScore >= 0.55 ? 'medium' : 'low',
      range: [Math.max(0, Math.round((projectedKs - spread) * 10) / 10), Math.round((projectedKs + spread) * 10) / 10],
      ...(planAtLeast(plan, 'starter') ? { confidenceScore, expectedInnings } : {}),
    },
  };
  if (!planAtLeast(plan, 'starter')) return record;
  return {
    ...record,
    flags: { missingLine: line === undefined, opponentKRateFallback: fallback },
    edge: { diff, abs: Math.abs(diff), direction: diff >= 0 ? 'OVER' : 'UNDER' },
    ...(planAtLeast(plan, 'builder')
      ? {
          inputs: {
            kPerIp: season.kPerIp,
            opponentKRate: Math.round(opponentKRate * 1000) / 1000,
            leagueAvgKRate: LEAGUE_K_RATE,
            opponentKRateUsed: Math.round((fallback ? LEAGUE_K_RATE : opponentKRate) * 1000) / 1000,
          },
        }
      : {}),
  };
}

const weatherQuery = z.object({
  teamId: z.string().trim().min(1).optional(),
  date: z.union([z.literal('today'), dateParam]).optional(),
  format: z.enum(['list', 'detail'], { error: 'format is list or detail' }).optional(),
  refresh: booleanParam.optional(),
});

/** Units for /mlb/venue-weather: format multiplier × (1 + rows), one row per team asked for. */
function weatherUnits(c: Context<SandboxEnv>): number {
  const multiplier = c.req.query('format') === 'detail' ? 2 : 1;
  const rows = c.req.query('teamId') ? 1 : MLB.teams.length;
  return multiplier * (1 + rows);
}

function weatherRecord(MLB: League, team: Team, date: string, nowMs: number, detail: boolean) {
  const venue = venueOf(team);
  // The home game's first pitch when there is one that day, else an evening start.
  const game = slate(MLB, date).find((candidate) => candidate.home === team);
  const hour = new Date(game?.startMs ?? dayStartMs(date) + 23 * 3_600_000).getUTCHours();
  const conditions = conditionsAt(team, venue, date, date === dateOf(nowMs) ? Math.max(hour, new Date(nowMs).getUTCHours()) : hour);
  const impact = impactOf(venue, conditions);
  const hr = impact.projectedTotal >= 9.2 ? 'HIGH' : impact.projectedTotal <= 8 ? 'LOW' : 'AVERAGE';
  const base = {
    teamId: team.abbreviation,
    teamName: team.fullName,
    venue,
    conditions,
    impact: detail
      ? impact
      : { projectedTotal: impact.projectedTotal, lean: impact.lean, strength: impact.strength, confidence: impact.confidence },
    alerts: alertsOf(conditions),
  };
  if (!detail) return base;
  return {
    ...base,
    insights: {
      hrEnv: hr,
      xbhEnv: conditions.tempF >= 80 || venue.parkFactor >= 1.05 ? 'HIGH' : hr,
      props: {
        homeRuns: { environment: hr, expectedTotal: Math.round(impact.projectedTotal * 0.27 * 100) / 100 },
        extraBaseHits: { environment: hr, expectedTotal: Math.round(impact.projectedTotal * 0.78 * 100) / 100 },
      },
    },
  };
}

const pitcherStatsQuery = z.object({
  team: z.string().trim().min(1).optional(),
  pitcher: z.string().trim().min(1).optional(),
  season: z
    .string()
    .regex(/^\d{4}$/, 'season is a year, YYYY')
    .optional(),
});

export const mlbRoutes = new Hono<SandboxEnv>()
  // Shape for several games is not shown in the spec: `{league, date, count, data}` with one record per game, also
  // when a single gameId is asked for. Historical mode (`date`) costs twice the live slate's one unit.
  .get(
    '/mlb/starting-pitchers',
    metered((c) => (c.req.query('date') ? 2 : 1)),
    (c) => {
      const query = parseQuery(c, startersQuery);
      const now = deps(c).clock.now();
      const data = gamesFor(c, query.date, query.gameId, 400).map((game) => ({
        gameId: game.ids.odds,
        startTime: iso(game.startMs),
        homeTeamId: game.home.abbreviation,
        awayTeamId: game.away.abbreviation,
        homeTeamName: game.home.fullName,
        awayTeamName: game.away.fullName,
        starters: { home: starterRecord(game, 'home', now), away: starterRecord(game, 'away', now) },
      }));
      return c.json({ league: 'MLB', date: query.date ?? dateOf(now), count: data.length, data });
    },
  )
  .get('/mlb/strikeout-predictor', metered(1), (c) => {
    const query = parseQuery(c, predictorQuery);
    const now = deps(c).clock.now();
    const plan = c.get('account').plan.id;
    const today = dateOf(now);
    const date = query.date ?? today;
    if (date > addDays(today, 1)) fail(404, 'not_found', `No strikeout projections for ${date} yet: they start the day before.`);
    const depth = PREDICTOR_HISTORY_DAYS[plan];
    if (date < addDays(today, -depth))
      fail(
        403,
        'plan_required',
        `Strikeout history beyond ${depth} days needs a higher plan; this key is on ${c.get('account').plan.label}.`,
      );
    const team = teamParam(query.team ?? query.teamId, query.team ? 'team' : 'teamId');
    const games = gamesFor(c, date, query.gameId, 404).filter((game) => !team || game.home === team || game.away === team);
    const data = games.map((game) => {
      const props = (['away', 'home'] as const)
        .map((side) => strikeoutProp(game, side, now, plan))
        .filter((prop) => prop !== undefined)
        .filter(
          (prop) =>
            !query.pitcher || prop.pitcher.name.toLowerCase() === query.pitcher.toLowerCase() || prop.pitcher.playerKey === query.pitcher,
        );
      return {
        gameId: game.ids.odds,
        date: game.date,
        startTime: iso(game.startMs),
        startTimeEt: `${easternClock(game.startMs)} ET`,
        homeTeam: { id: game.home.abbreviation, name: game.home.fullName },
        awayTeam: { id: game.away.abbreviation, name: game.away.fullName },
        count: props.length,
        props,
      };
    });
    if (query.pitcher && data.every((game) => game.count === 0))
      fail(404, 'not_found', `No projection for pitcher "${query.pitcher}" on ${date}.`);
    return c.json({
      league: 'MLB',
      date,
      countGames: data.length,
      countProps: data.reduce((sum, game) => sum + game.count, 0),
      meta: {
        model: 'k-projection-3.2',
        generatedAt: iso(now),
        sourceLastUpdate: isoSeconds(now - 5 * 60_000),
        statsUpdatedAt: iso(Math.min(now, dayStartMs(today) + 6 * 3_600_000)),
        disclaimer: 'Modeled projections from sandbox data: not betting advice.',
      },
      data,
    });
  })
  // Shape for several teams is not shown in the spec: one team answers the record itself (with `date` and `format`),
  // all teams `{date, format, count, data}`.
  .get('/mlb/venue-weather', metered(weatherUnits), (c) => {
    const query = parseQuery(c, weatherQuery);
    const now = deps(c).clock.now();
    const date = !query.date || query.date === 'today' ? dateOf(now) : query.date;
    const format = query.format ?? 'list';
    const team = teamParam(query.teamId, 'teamId');
    const league = calendarLeague(c, 'MLB');
    if (team) return c.json({ date, format, ...weatherRecord(league, team, date, now, format === 'detail') });
    const data = MLB.teams.map((candidate) => weatherRecord(league, candidate, date, now, format === 'detail'));
    return c.json({ date, format, count: data.length, data });
  })
  // "An endpoint named pitcher stats exists": path, parameters and shape are the sandbox's choice.
  .get('/mlb/pitcher-stats', metered(1), (c) => {
    const query = parseQuery(c, pitcherStatsQuery);
    const now = deps(c).clock.now();
    const today = dateOf(now);
    if (query.season && query.season !== today.slice(0, 4)) fail(404, 'not_found', `No pitcher statistics for season ${query.season}.`);
    const team = teamParam(query.team, 'team');
    const wanted = query.pitcher?.toLowerCase();
    const data = (team ? [team] : MLB.teams)
      .flatMap((candidate) => rosterOf(candidate, 'baseball').filter((player) => player.position === 'SP'))
      .filter((pitcher) => !wanted || pitcher.name.toLowerCase() === wanted || playerKey(pitcher) === wanted)
      .map((pitcher) => ({
        playerKey: playerKey(pitcher),
        name: pitcher.name,
        teamId: pitcher.team.abbreviation,
        throws: pitcherHand(pitcher),
        stats: pitcherSeason(pitcher, today),
      }));
    return c.json({ league: 'MLB', season: today.slice(0, 4), count: data.length, data });
  });
