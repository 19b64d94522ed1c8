import * as z from 'zod/mini';
import { freshness, gameStatusSchema, teamSchema } from './common.js';

/** GET /v1/standings: the league table, best record first (soccer: most points first; ties are draws). */
export const standingsPayloadSchema = z.object({
  league: z.string(),
  /** Whether the table has a ties column: the league records ties, or a row has one. */
  hasTies: z.boolean(),
  rows: z.array(
    z.object({
      team: teamSchema,
      wins: z.number(),
      losses: z.number(),
      ties: z.number(),
      /** Share of games won (a tie counts half), 0 to 1. */
      pct: z.number(),
      pointsFor: z.nullable(z.number()),
      pointsAgainst: z.nullable(z.number()),
      /** `W3`, `L1` (`D2` in soccer): the current run of results; null before the first game. */
      streak: z.nullable(z.string()),
      /** Soccer: league points, three a win and one a draw; the table is ranked by them (contract revision 2). */
      points: z.optional(z.number()),
      /** Soccer: goals for minus goals against (`pointsFor` and `pointsAgainst` are goals), when both are known. */
      goalDifference: z.optional(z.number()),
    }),
  ),
  ...freshness,
});
export type StandingsPayload = z.infer<typeof standingsPayloadSchema>;

export const statGroupSchema = z.enum(['offense', 'defense', 'derived']);

/** GET /v1/team-stats: a team's season numbers, each with its league rank. */
export const teamStatsPayloadSchema = z.object({
  league: z.string(),
  season: z.nullable(z.string()),
  team: teamSchema,
  gamesPlayed: z.nullable(z.number()),
  /** How many teams the ranks are out of. */
  teamsRanked: z.nullable(z.number()),
  stats: z.array(
    z.object({
      key: z.string(),
      group: statGroupSchema,
      /** The data service's own description (English); elements show their translated name for headline keys. */
      label: z.string(),
      value: z.number(),
      /** 1 is the league's best; null when the service gives no rank. */
      rank: z.nullable(z.number()),
      /** Shared with another team (the service writes it `T-3`). */
      tied: z.boolean(),
      /** One of the few numbers the compact layout shows. */
      headline: z.boolean(),
      /** A percentage (shown with %), as opposed to a count or an average. */
      percent: z.boolean(),
    }),
  ),
  ...freshness,
});
export type TeamStatsPayload = z.infer<typeof teamStatsPayloadSchema>;

export const starterStatusSchema = z.enum(['probable', 'new', 'at_risk', 'unknown']);

const starterSchema = z.object({
  name: z.string(),
  hand: z.nullable(z.enum(['R', 'L'])),
  /** `probable` is the only confirmed state: `new` is tentative, `at_risk` a possible scratch. */
  confirmed: z.boolean(),
  strikeouts: z.nullable(
    z.object({
      projected: z.number(),
      low: z.number(),
      high: z.number(),
      confidence: z.nullable(z.enum(['high', 'medium', 'low'])),
      /** The strikeout prop's line, when the market offers one. */
      line: z.nullable(z.number()),
    }),
  ),
});

const matchupSideSchema = z.object({
  team: teamSchema,
  status: starterStatusSchema,
  /** Null while no pitcher is known for the side. */
  starter: z.nullable(starterSchema),
});

/** GET /v1/pitching-matchup: both probable starters, the park and its weather for one MLB game. */
export const pitchingMatchupPayloadSchema = z.object({
  gameId: z.string(),
  league: z.string(),
  status: gameStatusSchema,
  startTime: z.nullable(z.string()),
  home: matchupSideSchema,
  away: matchupSideSchema,
  venue: z.nullable(z.object({ name: z.string(), roof: z.enum(['open', 'retractable', 'dome']) })),
  weather: z.nullable(
    z.object({
      summary: z.nullable(z.string()),
      temperatureF: z.nullable(z.number()),
      windMph: z.nullable(z.number()),
      wind: z.enum(['out', 'in', 'cross', 'none']),
      /** Chance of rain, 0 to 1. */
      precipitation: z.nullable(z.number()),
      /** How the park and the weather move the expected total runs, when the service says. */
      lean: z.nullable(z.enum(['over', 'under', 'neutral'])),
    }),
  ),
  alerts: z.array(z.object({ type: z.string(), severe: z.boolean(), message: z.string() })),
  /** A game that will not be played as scheduled, as the feed says it; postponed or canceled, it has no weather. */
  interruption: z.optional(z.enum(['postponed', 'delayed', 'suspended', 'canceled'])),
  ...freshness,
});
export type PitchingMatchupPayload = z.infer<typeof pitchingMatchupPayloadSchema>;
