import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CLICK_PATH, CLICK_SIDES, PRICE_LINKING_ELEMENTS } from '../../contract/clicks.js';
import { RelayError } from '../base/errors.js';
import { patternsOf } from '../key-service/service.js';
import { betLinkUrl } from '../keys/bet-links.js';
import { decideOrigin, pageOrigin } from '../keys/domains.js';
import { isActive, type WidgetKey } from '../keys/model.js';
import type { RelayEnv } from '../http/env.js';
import type { ReaderRegion } from '../http/reader-region.js';
import { oddsHiddenFor } from '../resources/hidden-odds.js';
import { dateParam, firstValues, gameIdParam, leagueParam, parseParams, teamParam } from '../resources/params.js';
import type { ClickStore, KeyStore } from '../store/types.js';
import { burstFilter, uncountedByRequest, type ClickOutcome } from './click-rules.js';

export interface ClickDeps {
  keys: KeyStore;
  clicks: ClickStore;
  readerRegion: ReaderRegion;
  /** The relay's clock: the day a click is counted on, as loads are. */
  now: () => number;
  /** The machine's clock: key revocations, bursts. */
  wall: () => number;
  metrics: { betClicks: { count(element: string, outcome: string): void } };
}

const keyParam = z.string().regex(/^pk_(live|test)_[0-9a-f]{32}$/);

const clickQuery = z.object({
  book: z.string().min(1).max(40),
  element: z.enum(PRICE_LINKING_ELEMENTS, { error: `expected the element the price was shown in: ${PRICE_LINKING_ELEMENTS.join(', ')}` }),
  league: leagueParam,
  date: z.union([z.literal(''), dateParam]),
  game: gameIdParam,
  home: teamParam,
  away: teamParam,
  // A game's market (moneyline, spread, total) or a player prop's key (points, passingYards).
  market: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, { message: 'expected a market such as spread, total, moneyline or points' }),
  side: z.enum(CLICK_SIDES, { error: `expected the side clicked: ${CLICK_SIDES.join(', ')}` }),
  line: z.union([z.literal(''), z.string().regex(/^[+-]?\d{1,4}(\.\d{1,2})?$/, { message: 'expected points such as -3.5' })]),
  player: z
    .string()
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .,'’-]{0,59}$/u, { message: "expected a player's name, letters, spaces and . ' - only" })
    .optional(),
});

// The reader lands on the book knowing nothing of the page it came from, and nothing here is kept in the browser.
const REDIRECT_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

/**
 * `GET /v1/click`: a price's link. Checked before anything is read from the store (a made-up key or book costs a
 * lookup of a well-formed key at most), counted per key, book, element and day when a reader followed it
 * (clicks/click-rules.ts), then a 302 to the book's link with the price filled in. Never the secret key, never a cookie.
 */
export function clickRoutes(deps: ClickDeps): Hono<RelayEnv> {
  const app = new Hono<RelayEnv>();
  const bursts = burstFilter(deps.wall);

  const follow = async (c: Context<RelayEnv>) => {
    const query = firstValues(new URL(c.req.url).search.slice(1));
    const click = parseParams(clickQuery, query);
    if (!keyParam.safeParse(query.key).success)
      throw new RelayError('invalid_key', 'Invalid widget key: a price link carries key=pk_live_ (or pk_test_) and 32 hex characters.');
    const found = await deps.keys.getKey(query.key!);
    if (!found || !isActive(found, deps.wall()))
      throw new RelayError('invalid_key', 'Invalid widget key: the link was written for a key this relay no longer has.');
    const book = (found.betLinks ?? []).find((listed) => listed.name === click.book);
    if (!book)
      throw new RelayError(
        'not_found',
        `This widget key lists no book "${click.book.slice(0, 40)}": the link is out of date (its operator changed the key's books) or was altered.`,
      );
    const incoming = c.env?.incoming;
    const region = deps.readerRegion(incoming?.socket?.remoteAddress, incoming?.headers ?? {});
    if (oddsHiddenFor(found, region)) throw new RelayError('plan_required', 'Betting links are not available where this reader is.');
    const { league, date, game, home, away, market, side, line, player } = click;
    const location = betLinkUrl(book, { league, date, game, home, away, market, side, line, player });
    if (!location)
      throw new RelayError(
        'not_found',
        `The link of the book "${click.book.slice(0, 40)}" leaves the book's site: its operator must write it again.`,
      );
    const outcome = await counted(c, found, click);
    deps.metrics.betClicks.count(click.element, outcome);
    return c.body(null, 302, { ...REDIRECT_HEADERS, Location: location });
  };

  const counted = async (c: Context<RelayEnv>, key: WidgetKey, click: z.output<typeof clickQuery>): Promise<ClickOutcome> => {
    const headers = c.env?.incoming?.headers ?? {};
    const byRequest = uncountedByRequest(c.req.method, headers);
    if (byRequest) return byRequest;
    // A link on a page the key is not for (copied elsewhere, or a script) is followed, not counted.
    const referer = c.req.header('referer');
    if (referer !== undefined && !decideOrigin(patternsOf(key), pageOrigin(undefined, referer), key.test).allowed) return 'other_page';
    // The same price from the same browser (its user agent) on the same network is the same click: two readers behind one
    // address, in two browsers, are two.
    const browser = c.req.header('user-agent')!.slice(0, 200);
    const burst = bursts(
      c.get('address'),
      key.key,
      [click.book, click.element, click.game, click.market, click.side, click.player, browser].join(' '),
    );
    if (burst) return burst;
    const day = new Date(deps.now()).toISOString().slice(0, 10);
    await deps.clicks.countClick({ key: key.key, day, book: click.book, element: click.element });
    return 'counted';
  };

  app.on(['GET', 'HEAD'], CLICK_PATH, follow);
  return app;
}
