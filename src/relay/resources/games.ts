import type { Game } from '../../contract/scores.js';
import type { Cached } from '../cache/resource-cache.js';
import { RelayError, fromUpstream } from '../errors.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { LineRecord, LiveGame, LiveGames, StoredGames } from '../upstream/schemas.js';
import type { TeamDirectory } from './teams.js';
import { boutFields, boutOf } from './bouts.js';

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

export function lineFor(game: LiveGame, lines: readonly LineRecord[]): LineRecord | undefined {
  const index = sameFixture(
    { home: game.homeTeam.name, away: game.awayTeam.name, start: game.startTime },
    lines.map((line) => ({ home: line.homeTeamName, away: line.awayTeamName, start: line.startTime })),
  );
  return index >= 0 ? lines[index] : undefined;
}

export interface FoundGame {
  game: LiveGame;
  feed: Cached<LiveGames>;
}

/** Finds a game by the id /v1/scores gave it, in the current slate or the last three days. */
export async function findLiveGame(upstream: CachedUpstream, league: string, gameId: string): Promise<FoundGame> {
  const feed = await upstream.liveGames(league).catch((error) => {
    throw fromUpstream(error);
  });
  const current = feed.value.games.find((game) => game.gameId === gameId);
  if (current) return { game: current, feed };
  const recent = await upstream.liveGames(league, 3).catch(() => undefined);
  const past = recent?.value.games.find((game) => game.gameId === gameId);
  if (recent && past) return { game: past, feed: recent };
  throw new RelayError(
    'not_found',
    `No ${league.toUpperCase()} game "${gameId}" in the current slate or the last three days; take game ids from /v1/scores.`,
  );
}
