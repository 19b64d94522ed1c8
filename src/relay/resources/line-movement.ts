import type { LineMove, LineMovementPayload, LinePoint } from '../../contract/betting.js';
import type { Unrefreshed } from '../../contract/routes.js';
import type { Cached } from '../cache/resource-cache.js';
import type { HistoryStore } from '../store/types.js';
import type { Lines, LiveGame, MarketLines, MarketSplits, Splits } from '../upstream/schemas.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { findLiveGame, recordFor } from './games.js';
import { historyKeyOf } from './probability.js';
import { interruptionOf } from './season-words.js';
import { matchupColors } from './team-colors.js';
import { teamDirectory } from './teams.js';

/** The values a line point carries, each recorded by the relay as a series of its own. */
export const LINE_FIELDS = [
  'spread',
  'total',
  'homeMoneyline',
  'awayMoneyline',
  'spreadBets',
  'spreadMoney',
  'moneylineBets',
  'moneylineMoney',
  'overBets',
  'overMoney',
] as const;
type Field = (typeof LINE_FIELDS)[number];
type Values = Partial<Record<Field, number>>;

/** A chart needs no more: longer timelines keep every move of the spread and the total, and thin the rest evenly. */
const MAX_POINTS = 240;

/** The series a game's field is recorded under, beside its win probability (`live:nba:<game>`). */
export const lineSeriesOf = (upstream: string, league: string, gameId: string, field: Field) =>
  `${historyKeyOf(upstream, league, gameId)}:${field}`;

/** The values an upstream line and splits give (either may be absent). */
export function valuesOf(lines: MarketLines | undefined, splits: MarketSplits | undefined): Values {
  const values: Values = {
    spread: lines?.spread?.home,
    total: lines?.total,
    homeMoneyline: lines?.moneyline?.home,
    awayMoneyline: lines?.moneyline?.away,
    spreadBets: splits?.spread?.homeBetsPercent,
    spreadMoney: splits?.spread?.homeMoneyPercent,
    moneylineBets: splits?.moneyline?.homeBetsPercent,
    moneylineMoney: splits?.moneyline?.homeMoneyPercent,
    overBets: splits?.total?.overBetsPercent,
    overMoney: splits?.total?.overMoneyPercent,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === 'number')) as Values;
}

/** Records what the relay sees now, each field at the time its answer was fetched (a repeat is not stored). */
export async function recordLineValues(history: HistoryStore, series: (field: Field) => string, at: number, values: Values) {
  for (const field of LINE_FIELDS) {
    const value = values[field];
    if (value !== undefined) await history.recordPoint(series(field), { at, value });
  }
}

/** Every source's values as one timeline, oldest first, each point carrying the latest value of every field. */
function timeline(events: Array<{ at: number; values: Values }>): LinePoint[] {
  events.sort((a, b) => a.at - b.at);
  const points: LinePoint[] = [];
  let current: Values = {};
  for (const event of events) {
    current = { ...current, ...event.values };
    const point: LinePoint = {
      at: new Date(event.at).toISOString(),
      ...(Object.fromEntries(LINE_FIELDS.map((field) => [field, current[field] ?? null])) as Record<Field, number | null>),
    };
    if (points.at(-1)?.at === point.at) points[points.length - 1] = point;
    else points.push(point);
  }
  return thinned(points);
}

function thinned(points: LinePoint[]): LinePoint[] {
  if (points.length <= MAX_POINTS) return points;
  const step = points.length / MAX_POINTS;
  return points.filter((point, index) => {
    const previous = points[index - 1];
    const moved = previous && (previous.spread !== point.spread || previous.total !== point.total);
    return index === 0 || index === points.length - 1 || moved || Math.floor(index / step) !== Math.floor((index - 1) / step);
  });
}

/** The spread's and the total's moves, each marked against the public when it went toward the side with fewer bets. */
function movesOf(points: readonly LinePoint[]): LineMove[] {
  const moves: LineMove[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (!previous) return;
    if (previous.spread !== null && point.spread !== null && previous.spread !== point.spread) {
      const toward = point.spread < previous.spread ? 'home' : 'away';
      const homeBets = point.spreadBets;
      const towardBets = homeBets === null ? null : toward === 'home' ? homeBets : 100 - homeBets;
      moves.push({
        at: point.at,
        market: 'spread',
        from: previous.spread,
        to: point.spread,
        toward,
        towardBets,
        againstPublic: towardBets !== null && towardBets < 50,
      });
    }
    if (previous.total !== null && point.total !== null && previous.total !== point.total) {
      const toward = point.total > previous.total ? 'over' : 'under';
      const overBets = point.overBets;
      const towardBets = overBets === null ? null : toward === 'over' ? overBets : 100 - overBets;
      moves.push({
        at: point.at,
        market: 'total',
        from: previous.total,
        to: point.total,
        toward,
        towardBets,
        againstPublic: towardBets !== null && towardBets < 50,
      });
    }
  });
  return moves;
}

/** The upstream's hourly snapshots of the game (5 units a day's slate, read hourly), where the plan offers them. */
async function upstreamHistory(ctx: ResourceContext, league: string, game: LiveGame) {
  const date = game.startTime?.slice(0, 10);
  if (!date) return undefined;
  const history = await ctx.upstream.splitsHistory(league, date).catch(() => undefined);
  const record = history && recordFor(game, history.value.data);
  return history && record ? { cached: history, snapshots: record.snapshots } : undefined;
}

/**
 * A game's spread, total and moneyline with the splits over the same time: the upstream's history before the start (where
 * the plan has it), then every point the relay recorded (this route, and the recorder while the game is live).
 */
export async function lineMovementResource(
  ctx: ResourceContext,
  params: { league: string; gameId: string; date?: string },
): Promise<Unrefreshed<LineMovementPayload>> {
  const { game, feed } = await findLiveGame(ctx.upstream, params.league, params.gameId, ctx.now, params.date);
  const teams = await teamDirectory(ctx.upstream, params.league);
  const series = (field: Field) => lineSeriesOf(ctx.upstream.name, params.league, game.gameId, field);
  let lines: Cached<Lines> | undefined;
  let splits: Cached<Splits> | undefined;
  if (game.status !== 'final') {
    [lines, splits] = await Promise.all([
      ctx.upstream.lines(params.league, false).catch(() => undefined),
      ctx.upstream.splits(params.league).catch(() => undefined),
    ]);
    const lineRecord = lines && recordFor(game, lines.value.data);
    const splitsRecord = splits && recordFor(game, splits.value.data);
    if (lineRecord) await recordLineValues(ctx.history, series, lines!.fetchedAt, valuesOf(lineRecord.lines, undefined));
    if (splitsRecord) await recordLineValues(ctx.history, series, splits!.fetchedAt, valuesOf(undefined, splitsRecord.splits));
  }
  const history = await upstreamHistory(ctx, params.league, game);
  const events = (history?.snapshots ?? []).map((snapshot) => ({
    at: Date.parse(snapshot.at),
    values: valuesOf(snapshot.lines, snapshot),
  }));
  for (const field of LINE_FIELDS)
    for (const point of await ctx.history.pointsOf(series(field))) events.push({ at: point.at, values: { [field]: point.value } });
  const points = timeline(events);
  const interruption = interruptionOf(game.statusDetail);
  const home = teams.team(game.homeTeam.abbreviation, game.homeTeam.name);
  const away = teams.team(game.awayTeam.abbreviation, game.awayTeam.name);
  return {
    gameId: game.gameId,
    league: params.league,
    status: game.status,
    ...(interruption && { interruption }),
    startTime: game.startTime ?? null,
    home,
    away,
    colors: matchupColors(away, home),
    points,
    moves: movesOf(points),
    ...freshnessOf(ctx.now, feed, lines, splits, history?.cached),
  };
}
