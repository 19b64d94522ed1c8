import * as z from 'zod/mini';
import { freshness, gameStatusSchema, matchupColorsSchema, teamSchema } from './common.js';
import { gameSchema, lineSchema, nextGameDaySchema } from './scores.js';

/**
 * The rule for "money outweighs bets": a side whose share of the money is at least this many points above its share of
 * the bets is marked (docs/elements.md, `<betting-splits>`). The relay applies it; the elements show its result.
 */
export const MONEY_OVER_BETS_POINTS = 10;

/** One side of a market: its share of the bets and of the money, in percent. */
const shareSchema = z.object({ bets: z.number(), money: z.number() });
export type Share = z.infer<typeof shareSchema>;

/** Spread or moneyline: both sides' shares, and the side where money outweighs bets (null: neither). */
export const sideSplitSchema = z.object({ home: shareSchema, away: shareSchema, marked: z.nullable(z.enum(['home', 'away'])) });
export const totalSplitSchema = z.object({ over: shareSchema, under: shareSchema, marked: z.nullable(z.enum(['over', 'under'])) });
export type SideSplit = z.infer<typeof sideSplitSchema>;
export type TotalSplit = z.infer<typeof totalSplitSchema>;

/** A game's public betting per market; a market the data service left out is null. */
export const marketSplitsSchema = z.object({
  spread: z.nullable(sideSplitSchema),
  moneyline: z.nullable(sideSplitSchema),
  total: z.nullable(totalSplitSchema),
});
export type MarketSplits = z.infer<typeof marketSplitsSchema>;

/** GET /v1/odds: the slate's games with the book's line and, where the plan has them, the exchange's prices. */
export const oddsBoardPayloadSchema = z.object({
  league: z.string(),
  games: z.array(z.object({ game: gameSchema, line: z.nullable(lineSchema), exchange: z.nullable(lineSchema) })),
  /** Whether the relay's plan includes exchange prices: without them the element shows no exchange column. */
  exchangeOffered: z.boolean(),
  /** Set when the league's current slate has no games: its next day with games, as on /v1/scores (revision 7). */
  next: z.optional(z.array(nextGameDaySchema)),
  /** The books the key's prices link to, through /v1/click (contract/clicks.ts); absent: prices link nowhere (revision 8). */
  books: z.optional(z.array(z.string())),
  /** The responsible-gambling line of the reader's region, from the key's settings: shown in place of the page's (revision 8). */
  gamblingLine: z.optional(z.string()),
  ...freshness,
});
export type OddsBoardPayload = z.infer<typeof oddsBoardPayloadSchema>;

/** GET /v1/betting-splits: per game, the share of bets and of money on each side of each market, beside the line. */
export const bettingSplitsPayloadSchema = z.object({
  league: z.string(),
  games: z.array(z.object({ game: gameSchema, line: z.nullable(lineSchema), splits: marketSplitsSchema })),
  /** The rule's threshold, in points (MONEY_OVER_BETS_POINTS), so that the element can state it. */
  moneyOverBetsPoints: z.number(),
  /** Set when the league's current slate has no games: its next day with games, as on /v1/scores (revision 7). */
  next: z.optional(z.array(nextGameDaySchema)),
  /** The responsible-gambling line of the reader's region, from the key's settings: shown in place of the page's (revision 8). */
  gamblingLine: z.optional(z.string()),
  ...freshness,
});
export type BettingSplitsPayload = z.infer<typeof bettingSplitsPayloadSchema>;

/** The line and the splits at one time; each value null where neither the upstream history nor the relay knew it. */
export const linePointSchema = z.object({
  at: z.string(),
  /** The home side's spread (−4.5: home gives 4.5 points). */
  spread: z.nullable(z.number()),
  total: z.nullable(z.number()),
  homeMoneyline: z.nullable(z.number()),
  awayMoneyline: z.nullable(z.number()),
  /** Shares of bets and money, in percent, on the home side of the spread and of the moneyline, and on the over. */
  spreadBets: z.nullable(z.number()),
  spreadMoney: z.nullable(z.number()),
  moneylineBets: z.nullable(z.number()),
  moneylineMoney: z.nullable(z.number()),
  overBets: z.nullable(z.number()),
  overMoney: z.nullable(z.number()),
});
export type LinePoint = z.infer<typeof linePointSchema>;

/**
 * A move of the spread or the total: `toward` is the side bettors now pay more for (home −3 → −4: toward home; total
 * 224 → 225.5: toward the over); against the public when that side had fewer than half of the bets.
 */
export const lineMoveSchema = z.object({
  at: z.string(),
  market: z.enum(['spread', 'total']),
  from: z.number(),
  to: z.number(),
  toward: z.enum(['home', 'away', 'over', 'under']),
  /** The share of bets on the side the line moved toward, when known. */
  towardBets: z.nullable(z.number()),
  againstPublic: z.boolean(),
});
export type LineMove = z.infer<typeof lineMoveSchema>;

/** GET /v1/line-movement */
export const lineMovementPayloadSchema = z.object({
  gameId: z.string(),
  league: z.string(),
  status: gameStatusSchema,
  /** A game that will not be played as scheduled: its line is off until it is (revision 7). */
  interruption: gameSchema.shape.interruption,
  startTime: z.nullable(z.string()),
  home: teamSchema,
  away: teamSchema,
  colors: matchupColorsSchema,
  /** Oldest first: the upstream's splits history where the plan offers it, then what the relay recorded. */
  points: z.array(linePointSchema),
  moves: z.array(lineMoveSchema),
  /** The responsible-gambling line of the reader's region, from the key's settings: shown in place of the page's (revision 8). */
  gamblingLine: z.optional(z.string()),
  ...freshness,
});
export type LineMovementPayload = z.infer<typeof lineMovementPayloadSchema>;
