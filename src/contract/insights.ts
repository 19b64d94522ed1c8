import * as z from 'zod/mini';
import { freshness, gameStatusSchema, matchupColorsSchema, teamSchema } from './common.js';
import { boutEndingSchema } from './mma.js';

export const resultSchema = z.enum(['W', 'L', 'T']);

/** GET /v1/form */
export const formPayloadSchema = z.object({
  league: z.string(),
  team: teamSchema,
  /** Set when the form is head-to-head. */
  opponent: z.nullable(teamSchema),
  games: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      homeAway: z.enum(['home', 'away']),
      opponent: teamSchema,
      score: z.object({ team: z.number(), opponent: z.number() }),
      result: resultSchema,
      /** MMA: how the fight ended (contract revision 3). A draw or no contest reads `T`; `ending.method` tells which. */
      ending: z.optional(boutEndingSchema),
    }),
  ),
  summary: z.object({ wins: z.number(), losses: z.number(), ties: z.number() }),
  ...freshness,
});
export type FormPayload = z.infer<typeof formPayloadSchema>;

export const probabilityPointSchema = z.object({ at: z.string(), home: z.number() });

/** GET /v1/win-probability: no-vig chances from the moneyline (exchange prices when present), with their history. */
export const winProbabilityPayloadSchema = z.object({
  gameId: z.string(),
  league: z.string(),
  status: gameStatusSchema,
  home: teamSchema,
  away: teamSchema,
  colors: matchupColorsSchema,
  // `source` is left out for a key that hides odds: where a price came from is betting data too.
  current: z.nullable(z.object({ home: z.number(), away: z.number(), source: z.optional(z.enum(['moneyline', 'exchange', 'result'])) })),
  history: z.array(probabilityPointSchema),
  /**
   * When the curve starts well after the game did (the relay began recording late): its first point's time, which
   * the element names; null when the curve covers the game from its start. Older relays leave it out.
   */
  recordedSince: z.optional(z.nullable(z.string())),
  ...freshness,
});
export type WinProbabilityPayload = z.infer<typeof winProbabilityPayloadSchema>;

export const propPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  team: z.string(),
  position: z.nullable(z.string()),
  line: z.number(),
  overPrice: z.nullable(z.number()),
  underPrice: z.nullable(z.number()),
  /** Share of bets and of money on the over, in percent; null when the market has no splits. */
  overBets: z.nullable(z.number()),
  overMoney: z.nullable(z.number()),
});

/** GET /v1/props */
export const propsPayloadSchema = z.object({
  gameId: z.string(),
  league: z.string(),
  home: teamSchema,
  away: teamSchema,
  markets: z.array(z.object({ key: z.string(), label: z.string(), players: z.array(propPlayerSchema) })),
  unavailableMarkets: z.array(z.string()),
  /** The game has ended: props are settled and off the board, so there are no markets to show. */
  closed: z.boolean(),
  /** The books the key's prices link to, through /v1/click (contract/clicks.ts); absent: prices link nowhere (revision 8). */
  books: z.optional(z.array(z.string())),
  ...freshness,
});
export type PropsPayload = z.infer<typeof propsPayloadSchema>;

export const injurySeveritySchema = z.enum(['out', 'doubtful', 'questionable', 'probable', 'day-to-day', 'other']);

/** GET /v1/injuries */
export const injuriesPayloadSchema = z.object({
  league: z.string(),
  reportDate: z.nullable(z.string()),
  teams: z.array(
    z.object({
      team: teamSchema,
      players: z.array(
        z.object({
          id: z.nullable(z.string()),
          name: z.string(),
          position: z.nullable(z.string()),
          status: z.string(),
          severity: injurySeveritySchema,
          reason: z.nullable(z.string()),
          practice: z.nullable(z.string()),
          designation: z.nullable(z.string()),
        }),
      ),
    }),
  ),
  ...freshness,
});
export type InjuriesPayload = z.infer<typeof injuriesPayloadSchema>;
