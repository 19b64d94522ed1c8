import * as z from 'zod/mini';
import { freshness, gameStatusSchema, matchupColorsSchema, oddsHiddenSchema, teamSchema } from './common.js';
import { boutResultSchema, boutSchema } from './mma.js';

export const progressSchema = z.object({
  period: z.number(),
  periodLabel: z.string(),
  segment: z.string(),
  display: z.string(),
  clock: z.optional(z.string()),
  outs: z.optional(z.number()),
  /** Soccer: the minute being played, `67'`, `45+2'` (contract revision 2). */
  minute: z.optional(z.string()),
});

export const sideSchema = z.object({
  team: teamSchema,
  score: z.nullable(z.number()),
  /** MMA: the fighter's record coming in, `W-L-D` (contract revision 3). */
  record: z.optional(z.string()),
});

/**
 * A game in progress (or final) against its closing line, when the request asks for it (`betState=1`, contract revision
 * 6): who covers the home side's closing spread at the current score, and the points so far projected over the game
 * (`pace`, null until enough is played) against the closing total; `side` is where the projection (final: the score)
 * stands.
 */
export const betStateSchema = z.object({
  spread: z.nullable(z.object({ line: z.number(), covering: z.enum(['home', 'away', 'push']) })),
  total: z.nullable(z.object({ line: z.number(), pace: z.nullable(z.number()), side: z.enum(['over', 'under', 'push']) })),
});
export type BetState = z.infer<typeof betStateSchema>;

export const gameSchema = z.object({
  id: z.string(),
  league: z.string(),
  startTime: z.nullable(z.string()),
  status: gameStatusSchema,
  /** Human text: "7:30 PM" is the element's job; this is "Scheduled", "Q3 4:12", "Final". */
  statusText: z.string(),
  home: sideSchema,
  away: sideSchema,
  progress: z.nullable(progressSchema),
  /** MMA: the bout's place on its card, and once final how it ended (contract revision 3). */
  bout: z.optional(boutSchema),
  result: z.optional(boutResultSchema),
  /**
   * Postseason: the round and where the series stands, in the feed's words ("Game 5 · BOS leads 3–1") (revision 5);
   * where the feed numbers them, the game's number, the series' length and each side's wins (after this game once it is
   * final), so that elements say it in the reader's language.
   */
  series: z.optional(
    z.object({
      round: z.string(),
      summary: z.string(),
      gameNumber: z.optional(z.number()),
      bestOf: z.optional(z.number()),
      wins: z.optional(z.object({ home: z.number(), away: z.number() })),
    }),
  ),
  /** A game that will not be played as scheduled, as the feed says it (revision 5). */
  interruption: z.optional(z.enum(['postponed', 'delayed', 'suspended', 'canceled'])),
  betState: z.optional(betStateSchema),
});
export type Game = z.infer<typeof gameSchema>;

/** The first day ahead with games, for a slate with none: a quiet evening or an off-season (revision 5). */
export const nextGameDaySchema = z.object({
  league: z.string(),
  date: z.string(),
  startTime: z.nullable(z.string()),
  /** Days after the relay's today: more than a week reads as a break or an off-season. */
  daysAhead: z.number(),
});
export type NextGameDay = z.infer<typeof nextGameDaySchema>;

/** GET /v1/scores */
export const scoresPayloadSchema = z.object({
  leagues: z.array(z.string()),
  /** The date asked for, or null for the current slate. */
  date: z.nullable(z.string()),
  games: z.array(gameSchema),
  /** Set when the current slate has no games: each league's next day with games, within the relay's look-ahead. */
  next: z.optional(z.array(nextGameDaySchema)),
  ...freshness,
});
export type ScoresPayload = z.infer<typeof scoresPayloadSchema>;

export const lineSchema = z.object({
  spread: z.nullable(
    z.object({ home: z.number(), away: z.number(), homePrice: z.nullable(z.number()), awayPrice: z.nullable(z.number()) }),
  ),
  total: z.nullable(z.object({ points: z.number(), overPrice: z.nullable(z.number()), underPrice: z.nullable(z.number()) })),
  moneyline: z.nullable(z.object({ home: z.number(), away: z.number() })),
});
export type Line = z.infer<typeof lineSchema>;

/** Public betting: share of bets on each side, in percent. */
export const bettingSplitsSchema = z.object({
  spread: z.nullable(z.object({ home: z.number(), away: z.number() })),
  moneyline: z.nullable(z.object({ home: z.number(), away: z.number() })),
  total: z.nullable(z.object({ over: z.number(), under: z.number() })),
});
export type BettingSplits = z.infer<typeof bettingSplitsSchema>;

/** GET /v1/games/{gameId} */
export const gameDetailPayloadSchema = z.object({
  game: gameSchema,
  colors: matchupColorsSchema,
  line: z.nullable(lineSchema),
  splits: z.nullable(bettingSplitsSchema),
  /**
   * Set when the answer holds no betting data (contract revision 6): line and splits are null, and the element says
   * nothing of them. `true`: the widget key hides odds; `'region'` (within revision 7, read as `true` by older scripts):
   * the reader is outside the key's odds regions.
   */
  oddsHidden: z.optional(oddsHiddenSchema),
  /** The books the key's prices link to, through /v1/click (contract/clicks.ts); absent: prices link nowhere (revision 8). */
  books: z.optional(z.array(z.string())),
  ...freshness,
});
export type GameDetailPayload = z.infer<typeof gameDetailPayloadSchema>;
