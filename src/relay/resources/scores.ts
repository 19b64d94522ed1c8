import type { Unrefreshed } from '../../contract/routes.js';
import type { Game, ScoresPayload } from '../../contract/scores.js';
import type { Cached } from '../cache/resource-cache.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { LiveGame, LiveGames, StoredGames } from '../upstream/schemas.js';
import { interruptionOf } from './season-words.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { projectLiveGame, projectStoredGame, sameFixture } from './games.js';
import { nextDays } from './next-game.js';
import { teamDirectory } from './teams.js';
import { withBetStates } from './bet-state.js';
import type { WidgetLeague } from '../../contract/leagues.js';

const DAY_MS = 86_400_000;

export interface ScoresParams {
  leagues: string[];
  date?: string;
  team?: string;
  /** Add each game's state against its closing line (bet-state.ts). */
  betState?: boolean;
}

function dayOffset(date: string, now: number): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`)) / DAY_MS);
}

/** One league's games: the current slate without a date, else the date's schedule with the scores the live feed has. */
export async function leagueGames(
  ctx: ResourceContext,
  league: string,
  date: string | undefined,
  lookUpPast = true,
): Promise<{ games: Game[]; parts: Array<Cached<unknown> | undefined> }> {
  const teams = await teamDirectory(ctx.upstream, league);
  if (!date) {
    // No date: the current slate as the live feed shows it (recent finals, games in progress, the next ones).
    const feed = await ctx.upstream.liveGames(league).catch((error) => {
      throw fromUpstream(error);
    });
    return { games: feed.value.games.map((game) => projectLiveGame(league, game, teams)), parts: [feed, teams.cached] };
  }

  const stored = await ctx.upstream.games(league, date).catch((error) => {
    throw fromUpstream(error);
  });
  const offset = dayOffset(date, ctx.now);
  let live: Cached<LiveGames> | undefined;
  if (offset >= -3 && offset <= 1) {
    // Scores exist only for the live window and (on paid plans) the last three days; other dates show the schedule.
    const recentDays = offset < 0 ? (Math.min(3, -offset) as 1 | 2 | 3) : undefined;
    live = await ctx.upstream
      .liveGames(league, recentDays)
      .catch(() => (recentDays ? ctx.upstream.liveGames(league).catch(() => undefined) : undefined));
  }
  // A game belongs to its schedule's date even when it starts after midnight UTC (an evening's last games, an MMA card's
  // main event): with a start time it is matched by the nearest start; without one, only among games starting on that
  // date or in the American night after it (before noon UTC), so a series' next game is not taken for it.
  const liveGames = live?.value.games ?? [];
  const nightEnds = new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS).toISOString();
  const onThatNight = (start: string | null | undefined) => !!start && start.slice(0, 10) >= date && start < nightEnds;
  const used = new Set<number>();
  const matched = stored.value.data.map((game) => {
    const match = sameFixture(
      { home: game.homeTeam.abbreviation, away: game.awayTeam.abbreviation, start: game.startTime },
      liveGames.map((candidate, index) =>
        used.has(index) || (!game.startTime && !onThatNight(candidate.startTime))
          ? { home: undefined, away: undefined, start: null }
          : { home: candidate.homeTeam.abbreviation, away: candidate.awayTeam.abbreviation, start: candidate.startTime },
      ),
    );
    if (match < 0) return undefined;
    used.add(match);
    return liveGames[match]!;
  });
  const looked = lookUpPast ? await pastGamesOf(ctx, league, stored.value.data, matched) : [];
  const games = stored.value.data.map((game, index) => {
    const found = matched[index] ?? looked[index];
    return found ? projectLiveGame(league, found, teams) : projectStoredGame(league, game, teams, ctx.now);
  });
  return { games, parts: [stored, live, teams.cached] };
}

/** At most this many games of one date are looked up one by one (a college basketball day has over a hundred). */
const PAST_LOOKUPS = 24;

/**
 * What became of the games of a date that have started but that the live feed did not show (a date older than its
 * recent days, or a game it dropped: a rainout), each asked for by its id: its final score, or that it was postponed.
 * A game that cannot be found keeps the schedule's word.
 */
async function pastGamesOf(
  ctx: ResourceContext,
  league: string,
  stored: StoredGames['data'],
  matched: ReadonlyArray<LiveGame | undefined>,
): Promise<Array<LiveGame | undefined>> {
  const today = new Date(ctx.now).toISOString().slice(0, 10);
  const started = (game: StoredGames['data'][number]) =>
    game.startTime ? Date.parse(game.startTime) <= ctx.now : (game.date ?? today) < today;
  const wanted = stored.flatMap((game, index) => (matched[index] || !started(game) ? [] : [index])).slice(0, PAST_LOOKUPS);
  const looked: Array<LiveGame | undefined> = [];
  await Promise.all(
    wanted.map(async (index) => {
      const game = stored[index]!;
      const answer = await ctx.upstream.pastGame(league, game.serviceGameId).catch(() => undefined);
      const candidates = answer?.value.games ?? [];
      const found = sameFixture(
        { home: game.homeTeam.abbreviation, away: game.awayTeam.abbreviation, start: game.startTime },
        candidates.map((candidate) => ({ home: candidate.homeTeam.abbreviation, away: candidate.awayTeam.abbreviation, start: candidate.startTime })),
      );
      // Only what the game became: a record still scheduled without a word of why says nothing new.
      const record = candidates[found];
      if (record && (record.status !== 'scheduled' || interruptionOf(record.statusDetail))) looked[index] = record;
    }),
  );
  return looked;
}

export async function scoresResource(ctx: ResourceContext, params: ScoresParams): Promise<Unrefreshed<ScoresPayload>> {
  const perLeague = await Promise.all(
    params.leagues.map(async (league) => {
      // One league's day only: a ticker of nine leagues' old day would cost up to nine times the lookups a request.
      const part = await leagueGames(ctx, league, params.date, params.leagues.length === 1);
      return params.betState ? { ...part, games: await withBetStates(ctx, league as WidgetLeague, part.games) } : part;
    }),
  );
  let games = perLeague.flatMap((part) => part.games);
  if (params.team)
    games = games.filter((game) => game.home.team.abbreviation === params.team || game.away.team.abbreviation === params.team);
  games.sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.id.localeCompare(b.id));
  const next = games.length === 0 && isToday(params.date, ctx.now) ? await nextDays(ctx, params.leagues) : undefined;
  return {
    leagues: params.leagues,
    date: params.date ?? null,
    games,
    ...(next && { next }),
    ...freshnessOf(ctx.now, ...perLeague.flatMap((part) => part.parts)),
  };
}

function isToday(date: string | undefined, now: number): boolean {
  return date === undefined || dayOffset(date, now) === 0;
}
