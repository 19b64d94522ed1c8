import { hasBettingMarkets, LEAGUES, type League, type WidgetLeague } from '../../contract/leagues.js';
import type { BetState, Game } from '../../contract/scores.js';
import type { ResourceContext } from './context.js';
import { LINE_FIELDS, lineSeriesOf } from './line-movement.js';
import { sameFixture } from './games.js';

/** Before this share of regulation is played, a projection says more about chance than about the game: no pace. */
const PACE_AFTER_SHARE = 0.1;

/** The share of regulation played, from the feed's progress: clock sports by period and clock, baseball by outs. */
export function playedShare(league: WidgetLeague, progress: Game['progress']): number | undefined {
  if (!progress) return undefined;
  const { regulationPeriods: periods, periodMinutes: minutes, progress: counted }: League = LEAGUES[league];
  if (progress.period > periods) return 1;
  if (counted === 'innings') {
    const halves = (progress.period - 1) * 2 + (/bottom/i.test(progress.segment) ? 1 : 0) + (progress.outs ?? 0) / 3;
    return Math.min(1, halves / (periods * 2));
  }
  const clock = progress.clock?.match(/^(\d{1,2}):(\d{2})/);
  if (!minutes || !clock) return undefined;
  const left = Number(clock[1]) * 60 + Number(clock[2]);
  return ((progress.period - 1) * minutes * 60 + Math.max(0, minutes * 60 - left)) / (periods * minutes * 60);
}

/** Where a number stands against a line. */
const against = <Above extends string, Below extends string>(value: number, line: number, above: Above, below: Below) =>
  value > line ? above : value < line ? below : 'push';

/** A game's state against its closing line, or undefined before it starts or without a line. */
export function betStateOf(game: Game, closing: { spread?: number; total?: number }, league: WidgetLeague): BetState | undefined {
  if (game.status === 'scheduled' || game.home.score === null || game.away.score === null) return undefined;
  if (closing.spread === undefined && closing.total === undefined) return undefined;
  const margin = game.home.score - game.away.score;
  const points = game.home.score + game.away.score;
  const share = game.status === 'final' ? 1 : playedShare(league, game.progress);
  const pace = share === undefined || share < PACE_AFTER_SHARE ? null : Math.round(share >= 1 ? points : points / share);
  return {
    spread: closing.spread === undefined ? null : { line: closing.spread, covering: against(margin + closing.spread, 0, 'home', 'away') },
    total:
      closing.total === undefined
        ? null
        : { line: closing.total, pace, side: against(Math.max(points, pace ?? points), closing.total, 'over', 'under') },
  };
}

type Closing = { spread?: number; total?: number };

/**
 * The line a game closed at: the last the relay recorded at or before its start (the recorder samples a league's lines
 * while any of its games is live, and every line read is recorded), else the last snapshot of the service's history
 * before the start (an hourly, 5-unit read per league and day, where the plan offers it).
 */
async function closingLine(ctx: ResourceContext, league: string, game: Game): Promise<Closing> {
  const start = game.startTime ? Date.parse(game.startTime) : Infinity;
  const closing: Closing = {};
  for (const field of ['spread', 'total'] as const satisfies ReadonlyArray<(typeof LINE_FIELDS)[number]>) {
    const points = await ctx.history.pointsOf(lineSeriesOf(ctx.upstream.name, league, game.id, field));
    const before = points.filter((point) => point.at <= start).at(-1);
    if (before) closing[field] = before.value;
  }
  if (closing.spread !== undefined && closing.total !== undefined) return closing;
  const date = game.startTime?.slice(0, 10);
  const history = date ? await ctx.upstream.splitsHistory(league, date).catch(() => undefined) : undefined;
  const records = history?.value.data ?? [];
  const index = sameFixture(
    { home: game.home.team.name, away: game.away.team.name, start: game.startTime },
    records.map((record) => ({ home: record.homeTeamName, away: record.awayTeamName, start: record.startTime })),
  );
  const snapshot = records[index]?.snapshots.filter((entry) => Date.parse(entry.at) <= start).at(-1);
  return { spread: closing.spread ?? snapshot?.lines?.spread?.home, total: closing.total ?? snapshot?.lines?.total };
}

/** Games with their bet state added where they have one (games in progress or final, in a league with lines). */
export async function withBetStates(ctx: ResourceContext, league: WidgetLeague, games: Game[]): Promise<Game[]> {
  if (!hasBettingMarkets(league)) return games;
  return Promise.all(
    games.map(async (game) => {
      if (game.status === 'scheduled' || game.home.score === null) return game;
      const betState = betStateOf(game, await closingLine(ctx, league, game), league);
      return betState ? { ...game, betState } : game;
    }),
  );
}
