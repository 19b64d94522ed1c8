import type { Unrefreshed } from '../../contract/routes.js';
import type { FightCardPayload, Game } from '../../contract/scores.js';
import type { Cached } from '../cache/resource-cache.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { leagueGames } from './scores.js';

/** Cards are weekly at least: a week ahead finds the next one, at one cached schedule call a day. */
const LOOKAHEAD_DAYS = 7;
const DAY_MS = 86_400_000;

type Card = Game[];

/**
 * The day's bouts by event, each in fight order (prelims first, the main event last). Bouts that do not say their event
 * (the spec does not show MMA) form one card per day, ordered by start.
 */
function cardsOf(bouts: readonly Game[]): Card[] {
  const events = new Map<string, Game[]>();
  for (const bout of bouts) {
    const key = bout.bout?.event.id || `day:${(bout.startTime ?? '').slice(0, 10)}`;
    events.set(key, [...(events.get(key) ?? []), bout]);
  }
  const ordered = (card: Card) =>
    card.toSorted((a, b) => (a.bout?.order ?? 0) - (b.bout?.order ?? 0) || (a.startTime ?? '').localeCompare(b.startTime ?? ''));
  const firstStart = (card: Card) => card.map((bout) => bout.startTime ?? '').sort()[0] ?? '';
  return [...events.values()].map(ordered).sort((a, b) => firstStart(a).localeCompare(firstStart(b)));
}

/** The card under way, else the next to start, else the one that just finished (its results stay news for a night). */
function currentCard(cards: readonly Card[]): Card | undefined {
  const with_ = (status: Game['status']) => cards.filter((card) => card.some((bout) => bout.status === status));
  return with_('live')[0] ?? with_('scheduled')[0] ?? with_('final').at(-1);
}

function payload(league: string, card: Card | undefined, date: string | undefined, now: number, parts: Array<Cached<unknown> | undefined>) {
  const first = card?.[0];
  const start = card?.map((bout) => bout.startTime).filter((time): time is string => time !== null).sort()[0] ?? null;
  return {
    league,
    event:
      card && first
        ? {
            id: first.bout?.event.id || `${league}-${date ?? start?.slice(0, 10) ?? ''}`,
            name: first.bout?.event.name ?? '',
            date: date ?? start?.slice(0, 10) ?? '',
            startTime: start,
          }
        : null,
    bouts: card ?? [],
    ...freshnessOf(now, ...parts),
  };
}

/**
 * One MMA event's card. With a date, that night's (the first event of it); without, the current card from the live
 * feed, or the next in the week ahead from the schedule.
 */
export async function fightCardResource(
  ctx: ResourceContext,
  params: { league: string; date?: string },
): Promise<Unrefreshed<FightCardPayload>> {
  if (params.date) {
    const night = await leagueGames(ctx, params.league, params.date);
    return payload(params.league, cardsOf(night.games)[0], params.date, ctx.now, night.parts);
  }
  const current = await leagueGames(ctx, params.league, undefined);
  const parts = [...current.parts];
  const cards = cardsOf(current.games);
  const underWay = currentCard(cards);
  if (underWay && underWay.some((bout) => bout.status !== 'final')) return payload(params.league, underWay, undefined, ctx.now, parts);
  const today = new Date(ctx.now).toISOString().slice(0, 10);
  for (let ahead = 1; ahead <= LOOKAHEAD_DAYS && !underWay; ahead++) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * DAY_MS).toISOString().slice(0, 10);
    const night = await leagueGames(ctx, params.league, date);
    parts.push(...night.parts);
    const next = cardsOf(night.games).find((card) => card.some((bout) => bout.status !== 'final'));
    if (next) return payload(params.league, next, date, ctx.now, parts);
  }
  return payload(params.league, underWay, undefined, ctx.now, parts);
}
