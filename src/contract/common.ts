import * as z from 'zod/mini';

export const errorCodes = [
  'missing_key',
  'invalid_key',
  'origin_not_allowed',
  'plan_required',
  'bad_request',
  'not_found',
  'quota_exceeded',
  'rate_limited',
  'upstream_unavailable',
  'store_unavailable',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * Why an answer holds no betting data: `true`, the widget key hides odds; `'region'`, the key shows odds only in regions
 * the reader is not in (or the reader's region is unknown). On a game payload and on a betting route's refusal.
 */
export const oddsHiddenSchema = z.union([z.literal(true), z.literal('region')]);
export type OddsHidden = z.infer<typeof oddsHiddenSchema>;

/** Every error the relay sends: `{"error": {"code", "message"}}`, the message written for the publisher. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** With a `bad_request` for a league the route does not serve: the leagues it does (contract revision 2). */
    leagues: z.optional(z.array(z.string())),
    /** With a `plan_required` for betting data the request may not have: why (see `oddsHiddenSchema`). */
    oddsHidden: z.optional(oddsHiddenSchema),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One team shape for every element. Colours are hex, or null when the data service has none. */
export const teamSchema = z.object({
  id: z.string(),
  abbreviation: z.string(),
  name: z.string(),
  shortName: z.string(),
  primaryColor: z.nullable(z.string()),
  secondaryColor: z.nullable(z.string()),
  /** Black or white, whichever reads better on the primary colour (on NEUTRAL_TEAM_COLOR, contract/colors.ts, when there is none). */
  onPrimaryColor: z.enum(['#000000', '#ffffff']),
});
export type Team = z.infer<typeof teamSchema>;

/**
 * Both teams' colours for bars and curves, 3:1 against the light and the dark surface alike and told apart: the away
 * side switches to its secondary colour, or (`awayPatterned`) to a stripe pattern, when the two are too alike.
 */
export const matchupColorsSchema = z.object({ away: z.string(), home: z.string(), awayPatterned: z.boolean() });
export type MatchupColors = z.infer<typeof matchupColorsSchema>;

export const gameStatusSchema = z.enum(['scheduled', 'live', 'final']);
export type GameStatus = z.infer<typeof gameStatusSchema>;

/**
 * Freshness every payload carries: when the data was fetched upstream, whether it is older than it should be, and how
 * soon an element without a live stream should ask again (the route's rule, contract/routes.ts: pages carry none).
 */
export const freshness = {
  updatedAt: z.string(),
  stale: z.boolean(),
  refreshMs: z.number(),
  /** The day a pinned request (`as-of`) shows, YYYY-MM-DD (contract revision 4): the element shows it and never refreshes. */
  asOf: z.optional(z.string()),
};
