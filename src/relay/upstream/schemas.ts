import { z } from 'zod';

/**
 * Lenient schemas of the Sports Data Service (../shared/sports-data-api.md): unknown fields are kept,
 * fields "present in some responses" are optional, identifiers are opaque strings (numbers accepted),
 * and one malformed item in a list is dropped rather than failing the whole answer.
 */

const id = z.union([z.string(), z.number()]).transform(String);
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { message: 'expected an ISO 8601 timestamp' });
const integer = z.number().int();
const americanOdds = z.number();

/** Keeps the items that parse; a single odd record must not cost the whole slate. */
function lenientArray<Item extends z.ZodType>(item: Item) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((candidate) => {
      const parsed = item.safeParse(candidate);
      return parsed.success ? [parsed.data as z.output<Item>] : [];
    }),
  );
}

export const accountSchema = z.looseObject({
  apiKey: z.string(),
  plan: z.string(),
  planLabel: z.string().optional(),
  price: z.number().optional(),
  currency: z.string().optional(),
  monthlyLimit: integer,
  description: z.string().optional(),
  subscription: z.looseObject({ status: z.string().optional() }).optional(),
  usage: z.looseObject({
    period: z.string(),
    used: integer,
    limit: integer,
    remaining: integer,
    unlimited: z.boolean().optional(),
    percentUsed: z.number().optional(),
  }),
});

const gameStatusSchema = z.enum(['scheduled', 'live', 'final']);

/**
 * A fighter's record, `W-L-D` (the sandbox's shape; the spec does not show MMA). Written `{wins, losses, draws}` it is
 * read too; anything else is dropped rather than refusing the bout.
 */
const fighterRecord = z
  .union([
    z.string().regex(/^\d{1,3}-\d{1,3}(-\d{1,3})?$/),
    z
      .looseObject({ wins: integer.min(0), losses: integer.min(0), draws: integer.min(0).optional(), ties: integer.min(0).optional() })
      .transform((r) => `${r.wins}-${r.losses}-${r.draws ?? r.ties ?? 0}`),
  ])
  .optional()
  .catch(undefined)
  .transform((record) => (record && record.split('-').length === 2 ? `${record}-0` : record));

const liveTeamSchema = z.looseObject({
  id: id.optional(),
  name: z.string(),
  abbreviation: z.string().optional(),
  score: integer.nullable().optional(),
  record: fighterRecord,
});

const lenientText = z.string().max(120).optional().catch(undefined);

/**
 * Where a bout sits on its card: the sandbox's shape, not shown in the spec. Each part is optional; a bout without it
 * is still a game, and the relay groups such bouts by date.
 */
const boutSchema = z
  .looseObject({
    order: integer.min(1).max(99).optional().catch(undefined),
    card: z.string().optional().catch(undefined),
    rounds: integer.min(1).max(5).optional().catch(undefined),
    weightClass: lenientText,
    event: z.looseObject({ id: id.optional(), name: lenientText }).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);

/**
 * How a bout ended (the sandbox's shape: `method` KO/TKO, Submission, Decision, Draw, No contest; `detail` a verdict;
 * `round`; `time` m:ss). Spellings vary between sources, so the relay reads them in contract/mma's words later; here
 * only the types are held, and a malformed result is dropped.
 */
/** A count a feed may leave out or write oddly: dropped rather than refusing the record. */
const optionalCount = integer.min(0).max(99).optional().catch(undefined);

/**
 * A postseason game's series: not shown in the spec, the sandbox's shape (`round`, `summary`, `gameNumber`, `bestOf`,
 * `homeWins`, `awayWins`). Its numbers are read where they are whole; a malformed series is dropped.
 */
const seriesSchema = z
  .looseObject({
    round: z.string().max(60),
    summary: lenientText,
    gameNumber: optionalCount,
    bestOf: optionalCount,
    homeWins: optionalCount,
    awayWins: optionalCount,
  })
  .optional()
  .catch(undefined);

const boutResultSchema = z
  .looseObject({
    winner: z.string().nullable().optional().catch(undefined),
    method: z.string().max(40),
    detail: z.string().max(40).nullable().optional().catch(undefined),
    round: integer.min(1).max(9),
    time: z.string().regex(/^\d{1,2}:\d{2}$/),
  })
  .optional()
  .catch(undefined);

const playStateSchema = z.looseObject({
  period: integer.optional(),
  periodLabel: z.string().optional(),
  segment: z.string().optional(),
  segmentLabel: z.string().optional(),
  outs: integer.optional(),
  /**
   * Soccer's minute (`67'`, `45+2'`): not shown in the spec, and the sandbox's choice. A minute that is not written
   * that way is dropped rather than refusing the game; `display` still says where the match stands.
   */
  minute: z
    .string()
    .optional()
    .catch(undefined)
    .transform((minute) => (minute && /^\d{1,3}(\+\d{1,2})?'$/.test(minute) ? minute : undefined)),
  display: z.string().optional(),
});

export const liveGameSchema = z.looseObject({
  gameId: id,
  status: gameStatusSchema,
  statusDetail: z.string().optional(),
  isLive: z.boolean().optional(),
  isFinal: z.boolean().optional(),
  startTime: timestamp.nullable().optional(),
  awayTeam: liveTeamSchema,
  homeTeam: liveTeamSchema,
  state: playStateSchema.nullable().optional(),
  lastUpdated: timestamp.optional(),
  bout: boutSchema,
  result: boutResultSchema,
  series: seriesSchema,
});

export const liveGamesSchema = z.looseObject({
  success: z.boolean().optional(),
  sport: z.string().optional(),
  date: z.string().optional(),
  count: integer.optional(),
  liveCount: integer.optional(),
  games: lenientArray(liveGameSchema),
});

const spreadSchema = z.looseObject({
  home: z.number(),
  away: z.number(),
  homePrice: americanOdds.optional(),
  awayPrice: americanOdds.optional(),
});
const totalPriceSchema = z.looseObject({ over: americanOdds, under: americanOdds });
const moneylineSchema = z.looseObject({ home: americanOdds, away: americanOdds });

const marketLinesSchema = z.looseObject({
  spread: spreadSchema.optional(),
  total: z.number().optional(),
  totalPrice: totalPriceSchema.optional(),
  moneyline: moneylineSchema.optional(),
});

export const lineRecordSchema = z.looseObject({
  gameId: id,
  league: z.string().optional(),
  date: z.string().optional(),
  startTime: timestamp.nullable().optional(),
  startTimeEst: z.string().optional(),
  homeTeamName: z.string(),
  awayTeamName: z.string(),
  lines: marketLinesSchema,
  lineSourceTier: z.string().optional(),
  exchange: z
    .looseObject({
      xchg: marketLinesSchema
        .extend({ source: z.string().optional(), status: z.string().optional(), updatedAt: timestamp.optional() })
        .optional(),
    })
    .optional(),
});

export const linesSchema = z.looseObject({
  league: z.string().optional(),
  count: integer.optional(),
  data: lenientArray(lineRecordSchema),
  xchg: z.looseObject({ status: z.string().optional(), matched: integer.optional() }).optional(),
});

const colouredTeamSchema = z.looseObject({
  id: id.optional(),
  name: z.string(),
  abbreviation: z.string().optional(),
  primaryColor: z.string().optional(),
  secondaryColor: z.string().optional(),
  record: fighterRecord,
});

const sidePercentSchema = z.looseObject({ homePercent: z.number(), awayPercent: z.number() });

export const storedGamesSchema = z.looseObject({
  league: z.string().optional(),
  date: z.string().optional(),
  count: integer.optional(),
  data: lenientArray(
    z.looseObject({
      serviceGameId: id,
      league: z.string().optional(),
      sport: z.string().optional(),
      date: z.string().optional(),
      startTime: timestamp.nullable().optional(),
      homeTeam: colouredTeamSchema,
      awayTeam: colouredTeamSchema,
      splits: z
        .looseObject({
          spread: sidePercentSchema.optional(),
          moneyline: sidePercentSchema.optional(),
          total: z.looseObject({ overPercent: z.number(), underPercent: z.number() }).optional(),
        })
        .optional(),
      tags: z.looseObject({ mostBetRank: z.number().nullable().optional(), notes: z.string().nullable().optional() }).optional(),
      bout: boutSchema,
      series: seriesSchema,
    }),
  ),
});

export const teamSchema = z.looseObject({
  teamId: id,
  league: z.string().optional(),
  city: z.string().optional(),
  name: z.string(),
  fullName: z.string().optional(),
  abbreviation: z.string(),
  primaryColor: z.string().optional(),
  secondaryColor: z.string().optional(),
  standings: z
    .looseObject({
      wins: integer.optional(),
      losses: integer.optional(),
      ties: integer.optional(),
      pct: z.number().optional(),
      pointsFor: integer.optional(),
      pointsAgainst: integer.optional(),
      streak: z.string().optional(),
      /** Soccer's league points: not shown in the spec (the sandbox sends them); computed from W/D/L when absent. */
      points: integer.optional().catch(undefined),
    })
    .nullable()
    .optional(),
  injuries: lenientArray(
    z.looseObject({ name: z.string(), status: z.string(), reason: z.string().optional(), statusContext: z.string().optional() }),
  ).optional(),
});

export const teamsSchema = z.looseObject({
  league: z.string().optional(),
  count: integer.optional(),
  includeInjuries: z.boolean().optional(),
  data: lenientArray(teamSchema),
});

const injuredPlayerSchema = z.looseObject({
  name: z.string(),
  status: z.string(),
  position: z.string().optional(),
  reason: z.string().nullable().optional(),
  playerId: id.optional(),
  practiceParticipation: z.string().nullable().optional(),
  gameDesignation: z.string().nullable().optional(),
  statusChange: z.string().nullable().optional(),
  reserve: z.string().nullable().optional(),
});

const injuryTeamSchema = z.looseObject({
  teamId: id.optional(),
  teamAbbr: z.string().optional(),
  teamName: z.string().optional(),
  opponentTeamAbbr: z.string().nullable().optional(),
  gameDate: z.string().nullable().optional(),
  matchup: z.string().nullable().optional(),
  gameId: id.nullable().optional(),
  kickoff: timestamp.nullable().optional(),
  week: integer.optional(),
  homeAway: z.string().nullable().optional(),
  report: z
    .looseObject({
      date: z.string().optional(),
      revision: integer.optional(),
      updatedAt: timestamp.optional(),
      final: z.boolean().optional(),
      stale: z.boolean().optional(),
    })
    .optional(),
  players: lenientArray(injuredPlayerSchema),
});

export const injuriesSchema = z.looseObject({
  league: z.string().optional(),
  reportDate: z.string().optional(),
  count: integer.optional(),
  data: lenientArray(injuryTeamSchema),
});

// The spec does not show /recent-form or /head-to-head; these follow the sandbox's shapes and stay loose.
const formGameSchema = z.looseObject({
  gameId: id.optional(),
  date: z.string(),
  startTime: timestamp.optional(),
  homeAway: z.string().optional(),
  opponent: z.looseObject({ id: id.optional(), abbreviation: z.string().optional(), name: z.string().optional() }),
  teamScore: integer,
  opponentScore: integer,
  result: z.string().optional(),
  // MMA (the sandbox's shape): how the fight ended.
  method: z.string().max(40).optional().catch(undefined),
  methodDetail: z.string().max(40).nullable().optional().catch(undefined),
  round: integer.min(1).max(9).optional().catch(undefined),
  time: z
    .string()
    .regex(/^\d{1,2}:\d{2}$/)
    .optional()
    .catch(undefined),
});

export const recentFormSchema = z.looseObject({
  league: z.string().optional(),
  count: integer.optional(),
  data: lenientArray(
    z.looseObject({
      teamId: id.optional(),
      abbreviation: z.string(),
      name: z.string().optional(),
      games: lenientArray(formGameSchema),
    }),
  ),
});

const meetingSideSchema = z.looseObject({ abbreviation: z.string(), name: z.string().optional(), score: integer });

export const headToHeadSchema = z.looseObject({
  league: z.string().optional(),
  count: integer.optional(),
  games: lenientArray(
    z.looseObject({
      gameId: id.optional(),
      date: z.string(),
      startTime: timestamp.optional(),
      homeTeam: meetingSideSchema,
      awayTeam: meetingSideSchema,
      winner: z.string().nullable().optional(),
    }),
  ),
});

// /player-props: shape not shown in the spec; the sandbox's shape, read loosely.
export const playerPropsSchema = z.looseObject({
  league: z.string().optional(),
  gameId: id.optional(),
  homeTeam: z.string().optional(),
  awayTeam: z.string().optional(),
  status: z.string().optional(),
  data: lenientArray(
    z.looseObject({
      market: z.string(),
      label: z.string().optional(),
      players: lenientArray(
        z.looseObject({
          playerId: id,
          playerName: z.string(),
          team: z.string().optional(),
          position: z.string().optional(),
          line: z.number(),
          overPrice: americanOdds.optional(),
          underPrice: americanOdds.optional(),
        }),
      ),
    }),
  ),
  unavailableMarkets: z.array(z.string()).optional(),
});

const betMoneySchema = z.looseObject({ bets: z.number(), money: z.number() });

export const propSplitsSchema = z.looseObject({
  league: z.string().optional(),
  gameId: id.optional(),
  awayTeam: z.string().optional(),
  homeTeam: z.string().optional(),
  status: z.string().optional(),
  data: lenientArray(
    z.looseObject({
      market: z.string(),
      label: z.string().optional(),
      count: integer.optional(),
      players: lenientArray(
        z.looseObject({
          playerId: id,
          playerName: z.string(),
          team: z.string().optional(),
          line: z.number().optional(),
          exchangeLine: z.number().nullable().optional(),
          pregame: z
            .looseObject({
              over: betMoneySchema,
              under: betMoneySchema,
              trades: integer.optional(),
              volume: integer.optional(),
              thin: z.boolean().optional(),
            })
            .optional(),
          live: z.looseObject({}).nullable().optional(),
        }),
      ),
    }),
  ),
  xchg: z.looseObject({ status: z.string().optional(), matched: integer.optional() }).optional(),
  unavailableMarkets: z.array(z.string()).optional(),
});

/** A percentage the relay shows: a number from 0 to 100, or nothing (a malformed one drops that market, not the game). */
const percent = z.number().min(0).max(100);
const sideSplitsSchema = z.looseObject({
  homeBetsPercent: percent,
  awayBetsPercent: percent,
  homeMoneyPercent: percent,
  awayMoneyPercent: percent,
});
const totalSplitsSchema = z.looseObject({
  overBetsPercent: percent,
  underBetsPercent: percent,
  overMoneyPercent: percent,
  underMoneyPercent: percent,
});
/** Each market read on its own: a service that leaves one out, or sends one malformed, still gives the others. */
const marketSplitsSchema = z.looseObject({
  spread: sideSplitsSchema.optional().catch(undefined),
  moneyline: sideSplitsSchema.optional().catch(undefined),
  total: totalSplitsSchema.optional().catch(undefined),
});

/** A game as the splits feeds name it: by the teams' names (matched to the live feed by games.ts's recordFor). */
const splitsGameSchema = z.looseObject({
  gameId: id,
  startTime: timestamp.nullable().optional(),
  homeTeamName: z.string(),
  awayTeamName: z.string(),
});

// /splits: shape not shown in the spec. Read loosely around the sandbox's shape: per game the current line and, per
// market, bet and money percentages per side (`homeBetsPercent`, `overMoneyPercent`…).
export const splitsSchema = z.looseObject({
  league: z.string().optional(),
  count: integer.optional(),
  data: lenientArray(
    splitsGameSchema.extend({
      lines: marketLinesSchema.optional().catch(undefined),
      splits: marketSplitsSchema.optional().catch(undefined),
      updatedAt: timestamp.optional().catch(undefined),
    }),
  ),
});

// /splits-history: shape not shown in the spec. Read around the sandbox's: per game, timed snapshots of the same
// percentages, and the line at that time where the service gives it (the sandbox does; the relay needs neither).
export const splitsHistorySchema = z.looseObject({
  league: z.string().optional(),
  count: integer.optional(),
  data: lenientArray(
    splitsGameSchema.extend({
      snapshots: lenientArray(marketSplitsSchema.extend({ at: timestamp, lines: marketLinesSchema.optional().catch(undefined) })),
    }),
  ),
});

const numberRecord = z.record(z.string(), z.number()).catch({});
const rankRecord = z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).catch({});
const statGroups = z.looseObject({ offense: numberRecord.optional(), defense: numberRecord.optional(), derived: numberRecord.optional() });

// /{league}/team-stats: groups and keys as the spec shows them for the NBA; other leagues' keys are not shown, so any
// numeric key is kept, ranks may come as numbers, and a missing group is an empty one.
export const teamStatsSchema = z.looseObject({
  league: z.string().optional(),
  season: z.string().optional(),
  schemaVersion: z.string().optional(),
  lastUpdated: timestamp.optional(),
  teams: lenientArray(
    z.looseObject({
      team: z.looseObject({ id: id.optional(), name: z.string().optional(), abbreviation: z.string() }),
      meta: z.looseObject({ gp: integer.optional() }).optional(),
      stats: statGroups,
      ranks: z.looseObject({ offense: rankRecord.optional(), defense: rankRecord.optional(), derived: rankRecord.optional() }).optional(),
    }),
  ),
  definitions: z.record(z.string(), z.record(z.string(), z.string()).catch({})).optional(),
});

const starterSchema = z.looseObject({
  name: z.string().nullable().optional(),
  teamId: id.optional(),
  throws: z.string().nullable().optional(),
  playerKey: z.string().nullable().optional(),
  // new, probable, at_risk, unknown in the spec; anything else is read as unknown.
  status: z.string().optional(),
  firstSeenAt: timestamp.nullable().optional(),
  lastSeenAt: timestamp.nullable().optional(),
});

const probableStarterSchema = z.looseObject({
  gameId: id,
  startTime: timestamp.optional(),
  homeTeamId: id.optional(),
  awayTeamId: id.optional(),
  homeTeamName: z.string().optional(),
  awayTeamName: z.string().optional(),
  starters: z.looseObject({ home: starterSchema.nullable().optional(), away: starterSchema.nullable().optional() }),
});

/** Records the answer holds, whatever it wraps them in: the shape for several games is not shown in the spec. */
function records<Item extends z.ZodType>(item: Item) {
  return z
    .unknown()
    .transform((body) => {
      if (Array.isArray(body)) return body;
      if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) return (body as { data: unknown[] }).data;
      return body && typeof body === 'object' ? [body] : [];
    })
    .pipe(lenientArray(item));
}

export const startingPitchersSchema = records(probableStarterSchema);

export const strikeoutPredictorSchema = z.looseObject({
  date: z.string().optional(),
  data: lenientArray(
    z.looseObject({
      gameId: id,
      props: lenientArray(
        z.looseObject({
          side: z.enum(['home', 'away']),
          propLine: z.looseObject({ line: z.number().nullable().optional() }).nullable().optional(),
          pitcher: z.looseObject({
            name: z.string(),
            teamId: id.optional(),
            throws: z.string().optional(),
            playerKey: z.string().optional(),
          }),
          model: z.looseObject({
            projectedKs: z.number(),
            confidence: z.string().optional(),
            range: z.array(z.number()).optional(),
            confidenceScore: z.number().optional(),
          }),
        }),
      ),
    }),
  ),
});

const venueWeatherRecord = z.looseObject({
  teamId: id,
  teamName: z.string().optional(),
  venue: z.looseObject({ park: z.string().optional(), roof: z.string().optional(), altitudeFt: z.number().optional() }).optional(),
  conditions: z
    .looseObject({
      summary: z.string().optional(),
      tempF: z.number().optional(),
      humidity: z.number().optional(),
      wind: z.looseObject({ dir: z.string().optional(), mph: z.number().optional(), type: z.string().optional() }).optional(),
      precipProb: z.number().optional(),
      isDay: z.boolean().optional(),
    })
    .optional(),
  impact: z.looseObject({ projectedTotal: z.number().optional(), lean: z.string().optional() }).optional(),
  alerts: lenientArray(z.looseObject({ type: z.string(), severity: z.string().optional(), message: z.string() })).optional(),
});

// One team answers the record itself; several teams' shape is not shown (read as a list under `data`, or an array).
export const venueWeatherSchema = records(venueWeatherRecord);

export type Account = z.output<typeof accountSchema>;
export type LiveGame = z.output<typeof liveGameSchema>;
export type UpstreamBout = z.output<typeof boutSchema>;
export type LiveGames = z.output<typeof liveGamesSchema>;
export type LineRecord = z.output<typeof lineRecordSchema>;
export type Lines = z.output<typeof linesSchema>;
export type StoredGames = z.output<typeof storedGamesSchema>;
export type Teams = z.output<typeof teamsSchema>;
export type Injuries = z.output<typeof injuriesSchema>;
export type RecentForm = z.output<typeof recentFormSchema>;
export type HeadToHead = z.output<typeof headToHeadSchema>;
export type PlayerProps = z.output<typeof playerPropsSchema>;
export type PropSplits = z.output<typeof propSplitsSchema>;
export type Splits = z.output<typeof splitsSchema>;
export type SplitsHistory = z.output<typeof splitsHistorySchema>;
export type MarketSplits = z.output<typeof marketSplitsSchema>;
export type MarketLines = z.output<typeof marketLinesSchema>;
export type TeamStats = z.output<typeof teamStatsSchema>;
export type StartingPitchers = z.output<typeof startingPitchersSchema>;
export type StrikeoutPredictor = z.output<typeof strikeoutPredictorSchema>;
export type VenueWeather = z.output<typeof venueWeatherSchema>;
