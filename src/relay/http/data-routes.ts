import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { formResource } from '../resources/form.js';
import { gameResource } from '../resources/game.js';
import { injuriesResource } from '../resources/injuries.js';
import { dateParam, gameIdParam, leagueListParam, leagueParam, marketsParam, readQuery, teamParam } from '../resources/params.js';
import { propsResource } from '../resources/props.js';
import { scoresResource } from '../resources/scores.js';
import { winProbabilityResource } from '../resources/win-probability.js';
import type { ResourceContext } from '../resources/context.js';
import type { HistoryStore, UsageStore } from '../store/types.js';
import { deliver, refuseSpentKey } from './deliver.js';
import type { RelayEnv } from './env.js';
import type { RelayMetrics } from './metrics.js';

const scoresQuery = z.object({ league: leagueListParam, date: dateParam.optional(), team: teamParam.optional() });
const gameQuery = z.object({ league: leagueParam });
const formQuery = z.object({ league: leagueParam, team: teamParam, opponent: teamParam.optional() });
const gameParamsQuery = z.object({ league: leagueParam, gameId: gameIdParam });
const propsQuery = z.object({ league: leagueParam, gameId: gameIdParam, markets: marketsParam.optional() });
const injuriesQuery = z.object({ league: leagueParam, team: teamParam.optional() });

export interface DataRouteDeps {
  usage: UsageStore;
  history: HistoryStore;
  metrics: RelayMetrics;
  now: () => number;
}

/** The widget data routes: validate, build the widget-shaped payload from cached upstream data, deliver one load. */
export function dataRoutes(deps: DataRouteDeps) {
  const serve =
    <Params>(route: string, read: (c: Context<RelayEnv>) => Params, build: (ctx: ResourceContext, params: Params) => Promise<unknown>) =>
    async (c: Context<RelayEnv>) => {
      c.set('route', route);
      // Touch the signal now: the server only wires it to the client's connection once it exists.
      const gone = c.req.raw.signal;
      const params = read(c);
      const now = deps.now();
      await refuseSpentKey(c, deps.usage, now);
      const payload = await build({ upstream: c.get('upstream'), history: deps.history, now }, params);
      return deliver(c, deps.usage, deps.now(), payload, gone, () => deps.metrics.loads.inc({ route }));
    };

  return new Hono<RelayEnv>()
    .get(
      '/scores',
      serve(
        '/v1/scores',
        (c) => {
          const query = readQuery(c, scoresQuery);
          return { leagues: query.league, date: query.date, team: query.team };
        },
        scoresResource,
      ),
    )
    .get(
      '/games/:gameId',
      serve(
        '/v1/games/:gameId',
        (c) => ({ league: readQuery(c, gameQuery).league, gameId: gameIdParam.parse(c.req.param('gameId')) }),
        gameResource,
      ),
    )
    .get(
      '/form',
      serve('/v1/form', (c) => readQuery(c, formQuery), formResource),
    )
    .get(
      '/win-probability',
      serve('/v1/win-probability', (c) => readQuery(c, gameParamsQuery), winProbabilityResource),
    )
    .get(
      '/props',
      serve('/v1/props', (c) => readQuery(c, propsQuery), propsResource),
    )
    .get(
      '/injuries',
      serve('/v1/injuries', (c) => readQuery(c, injuriesQuery), injuriesResource),
    );
}
