import * as z from 'zod/mini';
import { freshness } from './common.js';
import { gameSchema } from './scores.js';

/** An MMA event: its id and name as the data service gives them, and when its first bout starts. */
export const fightEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The card's date (its first bout's, UTC): what `?date=` names. */
  date: z.string(),
  startTime: z.nullable(z.string()),
});
export type FightEvent = z.infer<typeof fightEventSchema>;

/**
 * GET /v1/fight-card: one event's bouts in card order (prelims first, the main event last), each a game with `bout`,
 * the fighters' records and, once final, `result`. Without a date the card under way, else the next within a week; no
 * card then: `event` null and no bouts.
 */
export const fightCardPayloadSchema = z.object({
  league: z.string(),
  event: z.nullable(fightEventSchema),
  bouts: z.array(gameSchema),
  ...freshness,
});
export type FightCardPayload = z.infer<typeof fightCardPayloadSchema>;
