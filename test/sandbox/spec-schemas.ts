import { z } from 'zod';

/**
 * Strict readings of the spec's tables (../shared/sports-data-api.md), for conformance tests only: every field
 * the tables list is required with its stated type. Extra fields are allowed, as the spec does not forbid them.
 */

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'ISO 8601 UTC ending in Z');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const int = z.number().int();
const hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
const upper = z.string().regex(/^[A-Z]+$/);

export const account = z.object({
  apiKey: z.string(),
  plan: z.string(),
  planLabel: z.string(),
  price: z.number(),
  currency: z.string(),
  monthlyLimit: int,
  description: z.string(),
  subscription: z.object({
    email: z.string(),
    source: z.string(),
    startedAt: timestamp,
    status: z.string(),
    paymentCustomerId: z.string().nullable(),
    paymentSubscriptionId: z.string().nullable(),
  }),
  usage: z.object({
    period: z.string().regex(/^\d{4}-\d{2}$/),
    used: int,
    limit: int,
    remaining: int,
    unlimited: z.boolean(),
    percentUsed: z.number(),
    resetRule: z.object({ type: z.literal('monthly'), day: z.literal(1), timeUtc: z.literal('00:00'), timezone: z.literal('UTC') }),
  }),
});

const liveTeam = z.object({ id: z.string().regex(/^[a-z]+$/), name: z.string(), abbreviation: z.string(), score: int });

export const liveGame = z.object({
  gameId: z.string(),
  status: z.enum(['scheduled', 'live', 'final']),
  // Past regulation a final says how (Final/OT, Final/2OT, Final/SO, Final/11); a rainout stays scheduled and says so.
  statusDetail: z.string().regex(/^(Scheduled|In Progress|Final(\/(\d*OT|SO|1\d|2\d))?|Postponed · Rain)$/),
  isLive: z.boolean(),
  isFinal: z.boolean(),
  startTime: timestamp,
  awayTeam: liveTeam,
  homeTeam: liveTeam,
  state: z
    .object({
      period: int,
      periodLabel: z.string(),
      segment: z.string(),
      segmentLabel: z.string(),
      outs: int.optional(),
      display: z.string(),
    })
    .nullable(),
  lastUpdated: timestamp,
});

export const liveGames = z.object({
  success: z.boolean(),
  sport: z.string().regex(/^[a-z]+$/),
  date,
  count: int,
  liveCount: int,
  games: z.array(liveGame),
});

const prices = z.object({ home: z.number(), away: z.number(), homePrice: int, awayPrice: int });
const marketLines = {
  spread: prices,
  total: z.number(),
  totalPrice: z.object({ over: int, under: int }),
  moneyline: z.object({ home: int, away: int }),
};

export const lineRecord = z.object({
  gameId: z.string().regex(/^[0-9a-f]{32}$/),
  league: upper.optional(),
  date: date.optional(),
  startTime: timestamp,
  startTimeEst: z
    .string()
    .regex(/^\d{1,2}:\d{2} (AM|PM) (EST|ET)$/)
    .optional(),
  homeTeamName: z.string(),
  awayTeamName: z.string(),
  lines: z.object(marketLines),
  lineSourceTier: z.literal('tier1'),
  exchange: z.object({ xchg: z.object({ source: z.string(), status: z.string(), updatedAt: timestamp, ...marketLines }) }).optional(),
});

export const lines = z.object({
  league: upper,
  count: int,
  data: z.array(lineRecord),
  xchg: z.object({ status: z.string(), matched: int }).optional(),
});

export const oddsGames = z.object({
  sportKey: z.string().regex(/^[a-z]+_[a-z_]+$/),
  count: int,
  requestsRemaining: int.nullable(),
  data: z.array(
    z.object({
      gameId: z.string(),
      sportKey: z.string(),
      sportTitle: z.string(),
      homeTeamName: z.string(),
      awayTeamName: z.string(),
      commenceTime: timestamp.optional(),
    }),
  ),
});

const storedTeam = z.object({
  id: z.string().regex(/^\d+$/),
  name: z.string(),
  abbreviation: z.string(),
  primaryColor: hex,
  secondaryColor: hex,
});
const sidePercent = z.object({ homePercent: int, awayPercent: int });

export const storedGames = z.object({
  league: upper,
  date,
  count: int,
  data: z.array(
    z.object({
      serviceGameId: z.string(),
      league: z.string(),
      sport: z.string(),
      date,
      startTime: timestamp.nullable(),
      homeTeam: storedTeam,
      awayTeam: storedTeam,
      splits: z.object({ spread: sidePercent, moneyline: sidePercent, total: z.object({ overPercent: int, underPercent: int }) }),
      tags: z.object({ mostBetRank: int.nullable(), notes: z.string().nullable() }),
    }),
  ),
});

export const teams = z.object({
  league: upper,
  count: int,
  includeInjuries: z.boolean(),
  data: z.array(
    z.object({
      teamId: z.string(),
      league: z.string(),
      city: z.string(),
      name: z.string(),
      fullName: z.string(),
      abbreviation: z.string(),
      primaryColor: hex,
      secondaryColor: hex,
      standings: z.object({
        wins: int,
        losses: int,
        ties: int,
        pct: z.number(),
        pointsFor: int,
        pointsAgainst: int,
        streak: z.string().regex(/^([WLT]\d+)?$/),
      }),
      injuries: z.array(z.object({ name: z.string(), status: z.string(), reason: z.string(), statusContext: z.string() })).optional(),
    }),
  ),
});

const nflPlayer = z.object({
  name: z.string(),
  status: z.string(),
  position: z.string(),
  reason: z.string(),
  practiceParticipation: z.string(),
  gameDesignation: z.string(),
  statusChange: z.string(),
  playerId: z.string(),
  reserve: z.string().nullable(),
});

const basicPlayer = z.object({ name: z.string(), status: z.string(), position: z.string(), reason: z.string() });

function injuryReport<Player extends z.ZodType>(player: Player, nfl: boolean) {
  return z.object({
    league: upper,
    reportDate: date,
    count: int,
    data: z.array(
      z.object({
        teamId: z.string().regex(/^[a-z]+$/),
        teamAbbr: z.string(),
        teamName: z.string(),
        // Null only when the team has no game on the report date.
        opponentTeamAbbr: z.string().nullable(),
        gameDate: date,
        matchup: z
          .string()
          .regex(/^\S+ @ \S+$/)
          .nullable(),
        gameId: z.string().nullable(),
        kickoff: timestamp.nullable(),
        week: nfl ? int : int.optional(),
        homeAway: z.enum(['home', 'away']).nullable(),
        report: z.object({
          date,
          type: z.string(),
          version: z.string(),
          revision: int,
          updatedAt: timestamp,
          checkedAt: timestamp,
          final: z.boolean(),
          stale: z.boolean(),
        }),
        players: z.array(player),
      }),
    ),
  });
}

/** The NFL carries every field of the spec's table. */
export const nflInjuries = injuryReport(nflPlayer, true);
/** Other leagues: team, player, status and injury. */
export const leagueInjuries = injuryReport(basicPlayer, false);

const betMoney = z.object({ bets: int, money: int });

export const propSplits = z.object({
  league: upper,
  gameId: z.string(),
  awayTeam: z.string(),
  homeTeam: z.string(),
  status: z.string(),
  data: z.array(
    z.object({
      market: z.string(),
      label: z.string(),
      count: int,
      players: z.array(
        z.object({
          playerId: z.string(),
          playerName: z.string(),
          team: z.string(),
          line: z.number(),
          exchangeLine: z.number(),
          pregame: z.object({ over: betMoney, under: betMoney, trades: int, volume: int, thin: z.boolean() }),
          live: z.object({}).passthrough().nullable(),
        }),
      ),
    }),
  ),
  xchg: z.object({ status: z.string(), matched: int }),
  unavailableMarkets: z.array(z.string()),
});

// The shapes below are "not shown" in the spec; these pin the sandbox's own documented choice.

export const playerProps = z.object({
  league: upper,
  gameId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  status: z.enum(['pregame', 'live', 'closed']),
  count: int,
  data: z.array(
    z.object({
      market: z.string(),
      label: z.string(),
      count: int,
      players: z.array(
        z.object({
          playerId: z.string(),
          playerName: z.string(),
          team: z.string(),
          position: z.string(),
          line: z.number(),
          overPrice: int,
          underPrice: int,
        }),
      ),
    }),
  ),
  unavailableMarkets: z.array(z.string()),
});

export const recentForm = z.object({
  league: upper,
  count: int,
  data: z.array(
    z.object({
      teamId: z.string(),
      abbreviation: z.string(),
      name: z.string(),
      record: z.object({ wins: int, losses: int, ties: int }),
      games: z.array(
        z.object({
          gameId: z.string(),
          date,
          startTime: timestamp,
          homeAway: z.enum(['home', 'away']),
          opponent: z.object({ id: z.string(), abbreviation: z.string(), name: z.string() }),
          teamScore: int,
          opponentScore: int,
          result: z.enum(['W', 'L', 'T']),
        }),
      ),
    }),
  ),
});

const meetingSide = z.object({ abbreviation: z.string(), name: z.string(), score: int });
export const headToHead = z.object({
  league: upper,
  count: int,
  summary: z.object({ teamAWins: int, teamBWins: int, ties: int }),
  games: z.array(
    z.object({
      gameId: z.string(),
      date,
      startTime: timestamp,
      homeTeam: meetingSide,
      awayTeam: meetingSide,
      winner: z.string().nullable(),
    }),
  ),
});

const splitPair = z.object({ homeBetsPercent: int, awayBetsPercent: int, homeMoneyPercent: int, awayMoneyPercent: int });
export const splits = z.object({
  league: upper,
  date,
  count: int,
  data: z.array(
    z.object({
      gameId: z.string().regex(/^[0-9a-f]{32}$/),
      startTime: timestamp,
      homeTeamName: z.string(),
      awayTeamName: z.string(),
      lines: z.object(marketLines),
      splits: z.object({
        spread: splitPair,
        moneyline: splitPair,
        total: z.object({ overBetsPercent: int, underBetsPercent: int, overMoneyPercent: int, underMoneyPercent: int }),
      }),
    }),
  ),
});

const statGroups = z.object({
  offense: z.record(z.string(), z.number()),
  defense: z.record(z.string(), z.number()),
  derived: z.record(z.string(), z.number()),
});
const rankGroups = z.object({
  offense: z.record(z.string(), z.string().regex(/^(T-)?\d+$/)),
  defense: z.record(z.string(), z.string().regex(/^(T-)?\d+$/)),
  derived: z.record(z.string(), z.string().regex(/^(T-)?\d+$/)),
});

export const teamStats = z.object({
  league: upper,
  season: z.string(),
  split: z.literal('season'),
  schemaVersion: z.string(),
  source: z.string(),
  lastUpdated: timestamp,
  count: int,
  teams: z.array(
    z.object({
      team: z.object({ id: z.string().regex(/^[a-z]+$/), name: z.string(), abbreviation: z.string() }),
      meta: z.object({ gp: int }),
      stats: statGroups,
      ranks: rankGroups,
    }),
  ),
  definitions: z.object({
    meta: z.record(z.string(), z.string()),
    offense: z.record(z.string(), z.string()),
    defense: z.record(z.string(), z.string()),
    derived: z.record(z.string(), z.string()),
  }),
  disclaimer: z.string(),
});

const starterStatus = z.enum(['new', 'probable', 'at_risk', 'unknown']);

export const probableStarter = z.object({
  gameId: z.string().regex(/^[0-9a-f]{32}$/),
  startTime: timestamp,
  homeTeamId: upper,
  awayTeamId: upper,
  homeTeamName: z.string(),
  awayTeamName: z.string(),
  starters: z.object({
    home: z.object({
      name: z.string().nullable(),
      teamId: upper,
      throws: z.enum(['R', 'L']).nullable(),
      playerKey: z.string().nullable(),
      status: starterStatus,
      firstSeenAt: timestamp.nullable(),
      lastSeenAt: timestamp.nullable(),
    }),
    away: z.object({
      name: z.string().nullable(),
      teamId: upper,
      throws: z.enum(['R', 'L']).nullable(),
      playerKey: z.string().nullable(),
      status: starterStatus,
      firstSeenAt: timestamp.nullable(),
      lastSeenAt: timestamp.nullable(),
    }),
  }),
});

/** The fields every plan gets; `flags`, `edge`, `inputs` and more of `model` depend on the plan (checked in the test). */
export const strikeoutProjection = z.object({
  league: z.literal('MLB'),
  date,
  countGames: int,
  countProps: int,
  meta: z.object({
    model: z.string(),
    generatedAt: timestamp,
    sourceLastUpdate: timestamp,
    statsUpdatedAt: timestamp,
    disclaimer: z.string(),
  }),
  data: z.array(
    z.object({
      gameId: z.string(),
      date,
      startTime: timestamp,
      startTimeEt: z.string().regex(/^\d{1,2}:\d{2} (AM|PM) ET$/),
      homeTeam: z.object({ id: z.string(), name: z.string() }),
      awayTeam: z.object({ id: z.string(), name: z.string() }),
      count: int,
      props: z.array(
        z.object({
          side: z.enum(['home', 'away']),
          propLine: z.object({ playerName: z.string(), line: z.number(), lastUpdate: timestamp }),
          pitcher: z.object({ name: z.string(), teamId: z.string(), throws: z.enum(['R', 'L']), playerKey: z.string() }),
          opponent: z.object({ id: z.string(), name: z.string() }),
          model: z.object({ projectedKs: z.number(), confidence: z.string(), range: z.tuple([z.number(), z.number()]) }),
        }),
      ),
    }),
  ),
});

export const strikeoutFullProp = z.object({
  model: z.object({ confidenceScore: z.number(), expectedInnings: z.number() }),
  flags: z.object({ missingLine: z.boolean(), opponentKRateFallback: z.boolean() }),
  edge: z.object({ diff: z.number(), abs: z.number(), direction: z.enum(['OVER', 'UNDER']) }),
});

export const strikeoutInputs = z.object({
  inputs: z.object({ kPerIp: z.number(), opponentKRate: z.number(), leagueAvgKRate: z.number(), opponentKRateUsed: z.number() }),
});

export const venueWeather = z.object({
  teamId: upper,
  teamName: z.string(),
  venue: z.object({ park: z.string(), parkProfile: z.string(), roof: z.string(), altitudeFt: int, parkFactor: z.number() }),
  conditions: z.object({
    summary: z.string(),
    tempF: z.number(),
    humidity: z.number(),
    wind: z.object({ dir: z.string(), mph: z.number(), type: z.string(), component: z.number() }),
    precipProb: z.number().min(0).max(1),
    isDay: z.boolean(),
  }),
  impact: z.object({ projectedTotal: z.number(), lean: z.string(), strength: z.string(), confidence: z.string() }),
  alerts: z.array(z.object({ type: z.string(), severity: z.string(), message: z.string() })),
});

export const venueWeatherDetail = venueWeather.extend({
  impact: z.object({
    projectedTotal: z.number(),
    lean: z.string(),
    strength: z.string(),
    confidence: z.string(),
    components: z.object({
      tempAdjustment: z.number(),
      windAdjustment: z.number(),
      humidityAdjustment: z.number(),
      altitudeAdjustment: z.number(),
      parkFactorAdjustment: z.number(),
      dayNightAdjustment: z.number(),
    }),
  }),
  insights: z.object({
    hrEnv: z.string(),
    xbhEnv: z.string(),
    props: z.object({
      homeRuns: z.object({ environment: z.string(), expectedTotal: z.number() }),
      extraBaseHits: z.object({ environment: z.string(), expectedTotal: z.number() }),
    }),
  }),
});

export const nflRoster = z.object({
  league: z.literal('NFL'),
  season: int,
  team: z.object({ id: z.string(), name: z.string() }),
  filters: z.object({ status: z.string().nullable(), position: z.string().nullable(), playerId: z.string().nullable() }),
  players: z.array(
    z.object({ playerId: z.string(), name: z.string(), position: z.string(), jerseyNumber: z.string(), status: z.string() }),
  ),
  count: int,
  meta: z.object({
    provider: z.string(),
    dataset: z.string(),
    definitionVersion: z.string(),
    season: int,
    datasetBuiltAt: timestamp,
    rosterFetchedAt: timestamp,
  }),
});
