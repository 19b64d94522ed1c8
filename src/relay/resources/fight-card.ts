import type { FightCardPayload, FightEvent } from '../../contract/fight-card.js';
import type { Unrefreshed } from '../../contract/routes.js';
import type { Game } from '../../contract/scores.js';
import type { Cached } from '../cache/resource-cache.js';
import { fromUpstream } from '../upstream/page-errors.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { projectStoredGame } from './games.js';
import { leagueGames } from './scores.js';
import { teamDirectory } from './teams.js';

const DAY_MS = 86_400_000;
/** How far ahead a page without a date looks for the next card: events come at least weekly. */
const LOOK_AHEAD_DAYS = 7;

type Parts = Array<Cached<unknown> | undefined>;
type Bout = Game & { bout: NonNullable<Game['bout']> };

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isBout = (game: Game): game is Bout => game.bout !== undefined;
const byOrder = (a: Bout, b: Bout) => a.bout.order - b.bout.order;
/** Earliest start first; bouts without a start time first of all. */
const byStart = (a: Game, b: Game) => (a.startTime ?? '').localeCompare(b.startTime ?? '');

/**
 * One event's bouts among a day's games: the event named, else the first to start that day (a service that ran two
 * events on one date would show the earlier). Bouts without a place on a card are left out.
 */
function eventBouts(games: Game[], eventId?: string): Bout[] {
  const bouts = games.filter(isBout);
  const first = eventId ?? [...bouts].sort(byStart)[0]?.bout.event.id;
  return bouts.filter((game) => game.bout.event.id === first).sort(byOrder);
}

function payload(ctx: ResourceContext, league: string, date: string, bouts: Bout[], parts: Parts): Unrefreshed<FightCardPayload> {
  const opener = bouts[0];
  const event: FightEvent | null = opener
    ? { ...opener.bout.event, date, startTime: bouts.map((bout) => bout.startTime).find((start) => start !== null) ?? null }
    : null;
  return { league, event, bouts, ...freshnessOf(ctx.now, ...parts) };
}

/**
 * The event whose card a page without a date shows, among the live feed's bouts: one under way; else tonight's, still
 * to start; else the one that just ended (its results stay until it leaves the feed).
 */
function currentEvent(feed: Game[]): string | undefined {
  const bouts = feed.filter(isBout).sort(byStart);
  return (
    bouts.find((bout) => bout.status === 'live') ??
    bouts.find((bout) => bout.status === 'scheduled') ??
    bouts.findLast((bout) => bout.status === 'final')
  )?.bout.event.id;
}

/**
 * A card on its date, made whole from the date's schedule, each bout the live feed holds taken from the feed (the same
 * bout by its place on the card: the feed is what moves). The date of a card is its first bout's (UTC); seen only by
 * its late bouts (after midnight UTC), it began the day before.
 */
async function cardAround(
  ctx: ResourceContext,
  league: string,
  eventId: string,
  feedBouts: Bout[],
): Promise<{ date: string; bouts: Bout[]; parts: Parts } | undefined> {
  const earliest = feedBouts.map((bout) => bout.startTime).find((start) => start !== null);
  if (!earliest) return undefined;
  const fromFeed = new Map(feedBouts.map((bout) => [bout.bout.order, bout]));
  for (const date of [earliest.slice(0, 10), dayOf(Date.parse(earliest) - DAY_MS)]) {
    const { games, parts } = await leagueGames(ctx, league, date);
    const bouts = eventBouts(games, eventId);
    if (bouts.length) return { date, bouts: bouts.map((bout) => fromFeed.get(bout.bout.order) ?? bout), parts };
  }
  return undefined;
}

/** The next card within a week: the schedule of each day ahead, read hourly, until one has bouts. */
async function nextCard(ctx: ResourceContext, league: string): Promise<{ date: string; bouts: Bout[]; parts: Parts } | undefined> {
  const teams = await teamDirectory(ctx.upstream, league);
  for (let day = 0; day <= LOOK_AHEAD_DAYS; day++) {
    const date = dayOf(ctx.now + day * DAY_MS);
    const schedule = await ctx.upstream.schedule(league, date).catch((error) => {
      throw fromUpstream(error);
    });
    const bouts = eventBouts(schedule.value.data.map((game) => projectStoredGame(league, game, teams, ctx.now)));
    if (bouts.length) return { date, bouts, parts: [schedule, teams.cached] };
  }
  return undefined;
}

export async function fightCardResource(
  ctx: ResourceContext,
  params: { league: string; date?: string },
): Promise<Unrefreshed<FightCardPayload>> {
  const { league, date } = params;
  if (date) {
    const { games, parts } = await leagueGames(ctx, league, date);
    return payload(ctx, league, date, eventBouts(games), parts);
  }
  const feed = await leagueGames(ctx, league, undefined);
  const eventId = currentEvent(feed.games);
  if (eventId !== undefined) {
    const feedBouts = eventBouts(feed.games, eventId);
    const card = await cardAround(ctx, league, eventId, [...feedBouts].sort(byStart));
    if (card) return payload(ctx, league, card.date, card.bouts, [...feed.parts, ...card.parts]);
    // A service whose schedule does not place the bouts: the feed's own, as far as they go.
    const start = feedBouts.find((bout) => bout.startTime)?.startTime;
    return payload(ctx, league, start ? start.slice(0, 10) : dayOf(ctx.now), feedBouts, feed.parts);
  }
  const next = await nextCard(ctx, league);
  if (next) return payload(ctx, league, next.date, next.bouts, [...feed.parts, ...next.parts]);
  return payload(ctx, league, dayOf(ctx.now), [], feed.parts);
}
