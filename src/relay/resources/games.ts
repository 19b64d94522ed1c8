import type { Game } from '../../contract/scores.js';
import type { Cached } from '../cache/resource-cache.js';
import { RelayError } from '../base/errors.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { LiveGame, LiveGames, StoredGames } from '../upstream/schemas.js';
import type { TeamDirectory } from './teams.js';
import { boutFields, boutOf } from './bouts.js';
import { interruptionOf, seasonFields } from './season-words.js';
import { refuseDateOutsideWindow } from './params.js';

const STATUS_TEXT = { scheduled: 'Scheduled', live: 'In Progress', final: 'Final' } as const;

export function projectLiveGame(league: string, game: LiveGame, teams: TeamDirectory): Game {
  const state = game.state;
  return {
    id: game.gameId,
    league,
    startTime: game.startTime ?? null,
    status: game.status,
    statusText: (game.status === 'live' && state?.display) || game.statusDetail || STATUS_TEXT[game.status],
    home: side(teams, game.homeTeam),
    away: side(teams, game.awayTeam),
    progress:
      game.status === 'live' && state
        ? {
            period: state.period ?? 0,
            periodLabel: state.periodLabel ?? '',
            segment: state.segment ?? '',
            display: state.display ?? '',
            ...(typeof state.clock === 'string' ? { clock: state.clock } : {}),
            ...(state.outs !== undefined ? { outs: state.outs } : {}),
            ...(state.minute !== undefined ? { minute: state.minute } : {}),
          }
        : null,
    ...boutFields(game),
    ...seasonFields(game),
  };
}

function side(teams: TeamDirectory, upstream: Pick<LiveGame['homeTeam'], 'abbreviation' | 'name' | 'score' | 'record'>): Game['home'] {
  return {
    team: teams.team(upstream.abbreviation, upstream.name),
    score: upstream.score ?? null,
    ...(upstream.record !== undefined && { record: upstream.record }),
  };
}

/** A game known only from the stored schedule: no score; its status follows its start time. */
export function projectStoredGame(league: string, game: StoredGames['data'][number], teams: TeamDirectory, now: number): Game {
  const started = game.startTime ? Date.parse(game.startTime) <= now : (game.date ?? '') < new Date(now).toISOString().slice(0, 10);
  const status = started ? 'final' : 'scheduled';
  const bout = boutOf(game.bout);
  return {
    id: game.serviceGameId,
    league,
    startTime: game.startTime ?? null,
    status,
    statusText: STATUS_TEXT[status],
    home: side(teams, { ...game.homeTeam, score: null }),
    away: side(teams, { ...game.awayTeam, score: null }),
    progress: null,
    ...(bout && { bout }),
    ...seasonFields(game),
  };
}

/** The same fixture in two feeds: same teams, nearest start time (the ids differ by endpoint). */
export function sameFixture(
  a: { home: string | undefined; away: string | undefined; start: string | null | undefined },
  candidates: ReadonlyArray<{ home: string | undefined; away: string | undefined; start: string | null | undefined }>,
): number {
  let best = -1;
  let bestGap = Infinity;
  candidates.forEach((candidate, index) => {
    if (!a.home || !a.away || candidate.home !== a.home || candidate.away !== a.away) return;
    const gap = a.start && candidate.start ? Math.abs(Date.parse(a.start) - Date.parse(candidate.start)) : 0;
    if (gap < bestGap) {
      best = index;
      bestGap = gap;
    }
  });
  return bestGap <= 12 * 3_600_000 ? best : -1;
}

/** A game's record in a feed keyed by team names (/lines, /splits, /splits-history): same teams, nearest start. */
export function recordFor<Record extends { homeTeamName: string; awayTeamName: string; startTime?: string | null }>(
  game: LiveGame,
  records: readonly Record[],
): Record | undefined {
  const index = sameFixture(
    { home: game.homeTeam.name, away: game.awayTeam.name, start: game.startTime },
    records.map((record) => ({ home: record.homeTeamName, away: record.awayTeamName, start: record.startTime })),
  );
  return index >= 0 ? records[index] : undefined;
}

/** Whether `team` (upper-case, as the team parameter reads it) plays in a feed game, whatever case the feed writes. */
export function playedBy(game: LiveGame, team: string): boolean {
  return [game.homeTeam.abbreviation, game.awayTeam.abbreviation].some((abbreviation) => abbreviation?.toUpperCase() === team);
}

export interface FoundGame {
  game: LiveGame;
  feed: Cached<LiveGames>;
}

/** A game found by its id is the one asked for only when it was played on the day the embed says (a day either side: time zones). */
function playedOn(game: LiveGame, date: string): boolean {
  if (!game.startTime) return true;
  return Math.abs(Date.parse(game.startTime) - Date.parse(`${date}T12:00:00Z`)) <= 36 * 3_600_000;
}

/**
 * Finds a game by the id /v1/scores gave it, in the current slate or the last three days; an older one only when the
 * embed gives its day (`date`), by the live feed's game filter (one call, cached for hours; a rainout is found too), once:
 * the route then keeps it (archive.ts).
 */
export async function findLiveGame(
  upstream: CachedUpstream,
  league: string,
  gameId: string,
  now: number,
  date?: string,
): Promise<FoundGame> {
  const feed = await upstream.liveGames(league).catch((error) => {
    throw fromUpstream(error);
  });
  const current = feed.value.games.find((game) => game.gameId === gameId);
  if (current) return { game: current, feed };
  const recent = await upstream.liveGames(league, 3).catch(() => undefined);
  const past = recent?.value.games.find((game) => game.gameId === gameId);
  if (recent && past) return { game: past, feed: recent };
  const games = `No ${league.toUpperCase()} game "${gameId}"`;
  if (date === undefined)
    throw new RelayError(
      'not_found',
      `${games} in the current slate or the last three days, and none kept: add the game's day (date=YYYY-MM-DD, as the builder writes it) to find an older game, or take game ids from /v1/scores.`,
    );
  refuseDateOutsideWindow(date, now);
  const byId = await upstream.pastGame(league, gameId).catch((error) => {
    throw fromUpstream(error);
  });
  // A game that was played, or called off (a rainout keeps its day): one still to come is not found by its day.
  const over = (game: LiveGame) => game.status === 'final' || interruptionOf(game.statusDetail) !== undefined;
  const found = byId.value.games.find((game) => game.gameId === gameId && over(game) && playedOn(game, date));
  if (found) return { game: found, feed: byId };
  throw new RelayError('not_found', `${games} was played on ${date}: check the game id and its day (both from /v1/scores).`);
}
