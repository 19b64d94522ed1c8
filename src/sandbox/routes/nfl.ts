import { Hono } from 'hono';
import { z } from 'zod';
import { addDays, dateOf, dayStartMs } from '../dates.js';
import { findTeam, LEAGUES, type League, type Team } from '../leagues.js';
import { injuriesOf } from '../injuries.js';
import { rosterOf, type Player } from '../players.js';
import { createRandom, seedOf } from '../random.js';
import { pastGames, type GameSnapshot } from '../schedule.js';
import { seasonOf } from '../team-stats.js';
import { calendarLeague, deps, fail, iso, metered, parseQuery, type SandboxEnv } from '../http.js';

const NFL = LEAGUES.NFL;

/** The position codes the spec lists, by unit; the sandbox's rosters use a subset (QB RB WR TE OL DE DT LB CB S K P). */
const NFL_POSITIONS = [
  'QB',
  'RB',
  'FB',
  'WR',
  'TE',
  'OL',
  'DE',
  'DT',
  'NT',
  'LB',
  'ILB',
  'OLB',
  'CB',
  'DB',
  'S',
  'FS',
  'K',
  'P',
  'LS',
] as const;

function nflTeam(value: string | undefined, name: string): Team {
  if (!value) fail(400, 'bad_request', `${name} is required: a team abbreviation (KC) or name (Kansas City Chiefs, Chiefs)`);
  const team = findTeam(NFL, value);
  if (!team) fail(404, 'not_found', `${name}: no NFL team "${value}"`);
  return team;
}

/**
 * A legacy player id, as older feeds numbered players (`00-` and seven digits): the spec accepts "a supported legacy
 * alias" beside the canonical id without showing its form; this is the sandbox's.
 */
export function legacyPlayerId(player: Player): string {
  return `00-${String(seedOf('legacy', player.playerId) % 10_000_000).padStart(7, '0')}`;
}

function allPlayers(): Player[] {
  return NFL.teams.flatMap((team) => rosterOf(team, 'football'));
}

function playerById(id: string): Player | undefined {
  const wanted = id.trim().toLowerCase();
  return allPlayers().find((player) => player.playerId === wanted || legacyPlayerId(player) === wanted);
}

/** A player's roster status on a day: on injured reserve while a long-term injury lasts, else active. */
function rosterStatus(player: Player, date: string): string {
  const injury = injuriesOf(NFL, player.team.index, date).find((candidate) => candidate.player === player);
  return injury?.reserve ? 'Injured Reserve' : 'Active';
}

const rostersQuery = z.object({
  team: z.string({ error: 'team is required: a team abbreviation (KC) or name' }).trim().min(1),
  position: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => (NFL_POSITIONS as readonly string[]).includes(value), { message: `position is one of ${NFL_POSITIONS.join(', ')}` })
    .optional(),
  status: z.string().trim().min(1).optional(),
  player_id: z.string().trim().min(1).optional(),
});

/** One stat line of a player in one game, by what his position does. */
function playerGameStats(player: Player, snap: GameSnapshot): Record<string, number> {
  const random = createRandom('nfl-player-game', player.playerId, snap.game.ids.slug);
  const around = (mean: number, sd: number) => Math.max(0, Math.round(random.normal(mean, sd)));
  switch (player.position) {
    case 'QB':
      return {
        passingYards: around(235, 60),
        passingTouchdowns: around(1.6, 1),
        interceptions: around(0.8, 0.8),
        rushingYards: around(16, 12),
      };
    case 'RB':
      return {
        rushingYards: around(player.depth === 1 ? 70 : 30, 25),
        rushingTouchdowns: around(0.5, 0.6),
        receptions: around(2.5, 1.5),
        receivingYards: around(18, 12),
      };
    case 'WR':
    case 'TE':
      return {
        receptions: around(player.depth === 1 ? 5 : 3, 2),
        receivingYards: around(player.depth === 1 ? 65 : 35, 25),
        receivingTouchdowns: around(0.4, 0.5),
      };
    case 'K':
      return { fieldGoalsMade: around(1.7, 1), extraPointsMade: around(2.4, 1.2) };
    case 'P':
      return { punts: around(4, 1.5), puntYards: around(180, 60) };
    default:
      return { tackles: around(4, 2.5), sacks: around(0.4, 0.6), interceptions: around(0.1, 0.3) };
  }
}

function sum(lines: readonly Record<string, number>[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const line of lines) for (const [key, value] of Object.entries(line)) totals[key] = (totals[key] ?? 0) + value;
  return totals;
}

/** Meetings of two teams, newest first, over the sandbox's history (the schedule pairs every team often). */
function meetings(NFL: League, team: Team, opponent: Team, nowMs: number): GameSnapshot[] {
  const involves = (game: { home: Team; away: Team }) =>
    (game.home === team && game.away === opponent) || (game.home === opponent && game.away === team);
  return pastGames(NFL, nowMs, 365, involves, 10);
}

const STADIUM_ROOFS: Record<string, 'dome' | 'retractable' | 'open'> = {
  ARI: 'retractable',
  ATL: 'retractable',
  DAL: 'retractable',
  DET: 'dome',
  HOU: 'retractable',
  IND: 'retractable',
  LV: 'dome',
  LAC: 'dome',
  LAR: 'dome',
  MIN: 'dome',
  NO: 'dome',
};

/** IR and other reserve lists: a player goes on when a long-term injury starts and comes off when it ends. */
function reserveMoves(team: Team, date: string) {
  const today = new Set(
    injuriesOf(NFL, team.index, date)
      .filter((injury) => injury.reserve)
      .map((injury) => injury.player),
  );
  const yesterday = new Set(
    injuriesOf(NFL, team.index, addDays(date, -1))
      .filter((injury) => injury.reserve)
      .map((injury) => injury.player),
  );
  const placed = [...today].filter((player) => !yesterday.has(player)).map((player) => ({ player, move: 'placed' as const }));
  const activated = [...yesterday].filter((player) => !today.has(player)).map((player) => ({ player, move: 'activated' as const }));
  return [...placed, ...activated].map(({ player, move }) => ({
    date,
    teamId: team.abbreviation,
    playerId: player.playerId,
    name: player.name,
    position: player.position,
    move,
    list: 'IR',
    designatedToReturn: move === 'placed' && seedOf('dtr', player.playerId, date) % 3 === 0,
  }));
}

export const nflRoutes = new Hono<SandboxEnv>()
  .get('/nfl/rosters', metered(1), (c) => {
    const query = parseQuery(c, rostersQuery);
    const team = nflTeam(query.team, 'team');
    const now = deps(c).clock.now();
    const today = dateOf(now);
    const wantedPlayer = query.player_id ? playerById(query.player_id) : undefined;
    if (query.player_id && !wantedPlayer)
      fail(404, 'not_found', `player_id: no NFL player "${query.player_id}" (canonical id or legacy 00-0000000 alias)`);
    const players = rosterOf(team, 'football')
      .map((player) => ({ player, status: rosterStatus(player, today) }))
      .filter(({ player }) => !query.position || player.position === query.position)
      .filter(({ status }) => !query.status || status.toLowerCase() === query.status.toLowerCase())
      .filter(({ player }) => !wantedPlayer || player === wantedPlayer)
      .map(({ player, status }) => ({
        playerId: player.playerId,
        name: player.name,
        position: player.position,
        jerseyNumber: player.jerseyNumber,
        status,
      }));
    const season = Number(seasonOf(NFL, today));
    return c.json({
      league: 'NFL',
      season,
      team: { id: team.abbreviation.toLowerCase(), name: team.fullName },
      filters: { status: query.status ?? null, position: query.position ?? null, playerId: wantedPlayer?.playerId ?? null },
      players,
      count: players.length,
      meta: {
        provider: 'pressbox-sandbox',
        dataset: 'nfl-rosters',
        definitionVersion: '3',
        season,
        datasetBuiltAt: iso(dayStartMs(today) + Math.min(now - dayStartMs(today), 5 * 3_600_000)),
        rosterFetchedAt: iso(now),
      },
    });
  })
  // Shapes of the NFL statistics endpoints are not shown; these are the sandbox's.
  .get('/nfl/team-vs-opponent', metered(1), (c) => {
    const team = nflTeam(c.req.query('team'), 'team');
    const opponent = nflTeam(c.req.query('opponent'), 'opponent');
    if (team === opponent) fail(400, 'bad_request', 'opponent must be another team than team');
    const games = meetings(calendarLeague(c, 'NFL'), team, opponent, deps(c).clock.now()).map((snap) => {
      const home = snap.game.home === team;
      const scored = home ? snap.score.home : snap.score.away;
      const allowed = home ? snap.score.away : snap.score.home;
      return {
        gameId: snap.game.ids.slug,
        date: snap.game.date,
        homeAway: home ? 'home' : 'away',
        pointsFor: scored,
        pointsAgainst: allowed,
        result: scored > allowed ? 'W' : scored < allowed ? 'L' : 'T',
      };
    });
    const count = (result: string) => games.filter((game) => game.result === result).length;
    return c.json({
      league: 'NFL',
      team: { id: team.abbreviation.toLowerCase(), name: team.fullName, abbreviation: team.abbreviation },
      opponent: { id: opponent.abbreviation.toLowerCase(), name: opponent.fullName, abbreviation: opponent.abbreviation },
      count: games.length,
      games,
      summary: {
        wins: count('W'),
        losses: count('L'),
        ties: count('T'),
        pointsFor: games.reduce((total, game) => total + game.pointsFor, 0),
        pointsAgainst: games.reduce((total, game) => total + game.pointsAgainst, 0),
      },
    });
  })
  .get('/nfl/player-vs-opponent', metered(1), (c) => {
    const id = c.req.query('player_id');
    if (!id) fail(400, 'bad_request', 'player_id is required (canonical id or legacy 00-0000000 alias)');
    const player = playerById(id);
    if (!player) fail(404, 'not_found', `player_id: no NFL player "${id}"`);
    const opponent = nflTeam(c.req.query('opponent'), 'opponent');
    const games = meetings(calendarLeague(c, 'NFL'), player.team, opponent, deps(c).clock.now()).map((snap) => ({
      gameId: snap.game.ids.slug,
      date: snap.game.date,
      stats: playerGameStats(player, snap),
    }));
    const totals = sum(games.map((game) => game.stats));
    const averages = Object.fromEntries(
      Object.entries(totals).map(([key, value]) => [key, Math.round((value / Math.max(1, games.length)) * 10) / 10]),
    );
    return c.json({
      league: 'NFL',
      player: { playerId: player.playerId, name: player.name, position: player.position, teamId: player.team.abbreviation },
      opponent: { id: opponent.abbreviation.toLowerCase(), name: opponent.fullName, abbreviation: opponent.abbreviation },
      count: games.length,
      games,
      totals,
      averages,
    });
  })
  .get('/nfl/stadiums', metered(1), (c) => {
    const data = NFL.teams.map((team) => {
      const random = createRandom('stadium', team.abbreviation);
      const roof = STADIUM_ROOFS[team.abbreviation] ?? 'open';
      return {
        teamId: team.abbreviation,
        teamName: team.fullName,
        stadium: `${team.city} ${team.nickname} Stadium`,
        city: team.city,
        roof,
        surface: roof === 'open' && random.chance(0.5) ? 'grass' : 'turf',
        capacity: random.int(61, 82) * 1000,
      };
    });
    return c.json({ league: 'NFL', count: data.length, data });
  })
  .get('/nfl/ir-moves', metered(1), (c) => {
    const team = c.req.query('team') ? nflTeam(c.req.query('team'), 'team') : undefined;
    const today = dateOf(deps(c).clock.now());
    const days = Math.min(14, Math.max(1, Number(c.req.query('days') ?? 7) || 7));
    const data = Array.from({ length: days }, (_, back) => addDays(today, -back)).flatMap((date) =>
      (team ? [team] : NFL.teams).flatMap((candidate) => reserveMoves(candidate, date)),
    );
    return c.json({ league: 'NFL', from: addDays(today, -(days - 1)), to: today, count: data.length, data });
  });
