import * as z from 'zod/mini';
import { bettingSplitsPayloadSchema, lineMovementPayloadSchema, oddsBoardPayloadSchema } from '../../contract/betting.js';
import { fightCardPayloadSchema } from '../../contract/fight-card.js';
import { formPayloadSchema, injuriesPayloadSchema, propsPayloadSchema, winProbabilityPayloadSchema } from '../../contract/insights.js';
import { DATA_ROUTE_PATHS, type DataRoute, type RoutePayload } from '../../contract/routes.js';
import { gameDetailPayloadSchema, scoresPayloadSchema } from '../../contract/scores.js';
import { pitchingMatchupPayloadSchema, standingsPayloadSchema, teamStatsPayloadSchema } from '../../contract/season.js';

/** Each data route's payload schema, from the contract. */
const PAYLOAD_SCHEMAS: { readonly [Route in DataRoute]: z.ZodMiniObject & z.ZodMiniType<RoutePayload<Route>> } = {
  '/v1/scores': scoresPayloadSchema,
  '/v1/games/{gameId}': gameDetailPayloadSchema,
  '/v1/form': formPayloadSchema,
  '/v1/win-probability': winProbabilityPayloadSchema,
  '/v1/props': propsPayloadSchema,
  '/v1/injuries': injuriesPayloadSchema,
  '/v1/standings': standingsPayloadSchema,
  '/v1/team-stats': teamStatsPayloadSchema,
  '/v1/pitching-matchup': pitchingMatchupPayloadSchema,
  '/v1/fight-card': fightCardPayloadSchema,
  '/v1/odds': oddsBoardPayloadSchema,
  '/v1/betting-splits': bettingSplitsPayloadSchema,
  '/v1/line-movement': lineMovementPayloadSchema,
};

/** Each route's top-level fields, and those its payload always has. */
const SHAPES = DATA_ROUTE_PATHS.map((route) => {
  const fields = Object.entries(PAYLOAD_SCHEMAS[route].shape);
  return {
    route,
    fields: new Set(fields.map(([name]) => name)),
    required: fields.filter(([, field]) => !z.safeParse(field, undefined).success).map(([name]) => name),
  };
});

/** The fields a route's payload may have at its top. */
export const payloadFields = (route: DataRoute): ReadonlySet<string> => SHAPES.find((shape) => shape.route === route)!.fields;

/**
 * The data route whose answer a payload is, told by the top-level fields its contract requires (no two routes require
 * the same); a payload that fits no route, or several, is a fault of the relay's own.
 */
export function payloadRoute(payload: object): DataRoute {
  const fits = SHAPES.filter(({ required }) => required.every((name) => name in payload));
  if (fits.length !== 1)
    throw new Error(`A payload with the fields ${Object.keys(payload).join(', ')} fits ${fits.length} data routes, not one.`);
  return fits[0]!.route;
}
