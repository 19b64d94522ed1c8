import type { z } from 'zod';
import * as schemas from './schemas.js';

type Params = Record<string, string | undefined>;

interface Endpoint {
  /** The spec's path; `{league}` is filled from the call. */
  path: string;
  /** The lenient schema its answer is read with. */
  schema: z.ZodType;
  /** Request units a call costs, from the spec's cost table. */
  units: (params: Params) => number;
  /** What a plan must include to serve it, as a publisher's `plan_required` message names it. */
  feature?: string;
}

/** Where the spec shows no cost: one unit. */
const ONE = () => 1;

/**
 * Every endpoint of the Sports Data Service the relay calls, once: the client's methods, its unit accounting and the
 * plan messages all read this table. The account endpoints (/health, /me) are assumed free.
 */
export const ENDPOINTS = {
  health: { path: '/health', schema: schemas.healthSchema, units: () => 0 },
  me: { path: '/me', schema: schemas.accountSchema, units: () => 0 },
  liveGames: { path: '/live-games', schema: schemas.liveGamesSchema, units: ONE, feature: 'Recent results' },
  lines: { path: '/lines', schema: schemas.linesSchema, units: () => 2, feature: 'Exchange prices' },
  oddsGames: { path: '/odds-games', schema: schemas.oddsGamesSchema, units: ONE },
  games: { path: '/games', schema: schemas.storedGamesSchema, units: ONE },
  teams: { path: '/teams', schema: schemas.teamsSchema, units: ONE },
  injuries: { path: '/injuries', schema: schemas.injuriesSchema, units: ONE },
  recentForm: { path: '/recent-form', schema: schemas.recentFormSchema, units: ONE },
  headToHead: { path: '/head-to-head', schema: schemas.headToHeadSchema, units: ONE },
  playerProps: { path: '/player-props', schema: schemas.playerPropsSchema, units: ONE, feature: 'Player props' },
  playerPropSplits: { path: '/player-props/splits', schema: schemas.propSplitsSchema, units: ONE, feature: 'Player prop splits' },
  splits: { path: '/splits', schema: schemas.splitsSchema, units: () => 5 },
  splitsHistory: { path: '/splits-history', schema: schemas.splitsHistorySchema, units: () => 5, feature: 'Splits history' },
  teamStats: { path: '/{league}/team-stats', schema: schemas.teamStatsSchema, units: (params) => (params.teamId ? 1 : 5) },
  startingPitchers: { path: '/mlb/starting-pitchers', schema: schemas.startingPitchersSchema, units: (params) => (params.date ? 2 : 1) },
  strikeoutPredictor: {
    path: '/mlb/strikeout-predictor',
    schema: schemas.strikeoutPredictorSchema,
    units: ONE,
    feature: 'Strikeout projections',
  },
  // Format multiplier × (1 + rows): one row for one team, else one per MLB club (30), as the relay never asks for more.
  venueWeather: {
    path: '/mlb/venue-weather',
    schema: schemas.venueWeatherSchema,
    units: (params) => (params.format === 'detail' ? 2 : 1) * (1 + (params.teamId ? 1 : 30)),
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

const PATTERNS = Object.values(ENDPOINTS).map((endpoint: Endpoint) => ({
  endpoint,
  pattern: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[a-z]+')}$`),
}));

/** The table's entry for a path as called (`/nba/team-stats`), if the relay calls it. */
export function endpointAt(path: string): Endpoint | undefined {
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.endpoint;
}
