import * as z from 'zod/mini';

/**
 * Mixed martial arts in the contract (revision 3, additive): a bout is a game whose sides are fighters, the home side
 * the red corner.
 */

/** How bouts end, in the relay's words (the elements translate them); the relay maps the data service's spellings. */
export const BOUT_METHODS = ['ko-tko', 'submission', 'decision', 'draw', 'no-contest'] as const;
export type BoutMethod = (typeof BOUT_METHODS)[number];
/** A decision's or a draw's scorecards. */
export const SCORECARD_VERDICTS = ['unanimous', 'split', 'majority'] as const;

/** How one bout ended: the method, the judges' verdict for decisions and draws, the round and the time in it (`m:ss`). */
export const boutEndingSchema = z.object({
  method: z.enum(BOUT_METHODS),
  verdict: z.nullable(z.enum(SCORECARD_VERDICTS)),
  round: z.number(),
  time: z.string(),
});
export type BoutEnding = z.infer<typeof boutEndingSchema>;

/** A final bout's result: who won (null for a draw or no contest) and how. */
export const boutResultSchema = z.object({ ...boutEndingSchema.shape, winner: z.nullable(z.enum(['home', 'away'])) });
export type BoutResult = z.infer<typeof boutResultSchema>;

/** Where a bout sits on its event's card. The home side is the red corner, the away side the blue. */
export const boutSchema = z.object({
  /** 1 opens the card; the highest is the main event. */
  order: z.number(),
  card: z.enum(['prelims', 'main']),
  /** Scheduled rounds: 3, or 5 for main events. */
  rounds: z.number(),
  weightClass: z.string(),
  event: z.object({ id: z.string(), name: z.string() }),
});
export type Bout = z.infer<typeof boutSchema>;
