import { scanNames, type RedisClient } from '../redis-connection.js';
import type { HistoryStore, InterestStore, ProbabilityPoint } from '../types.js';
import { names } from './names.js';
import type { Scripts } from './scripts.js';

/** Win-probability points as a sorted set per game, and the leagues readers asked for, by when. */
export function redisHistory(redis: RedisClient, scripts: Scripts): HistoryStore & InterestStore {
  return {
    async recordProbability(game, point: ProbabilityPoint) {
      await scripts.pressboxRecordPoint(names.probability(game), String(point.at), String(point.home));
    },
    async probabilityHistory(game) {
      const members = await redis.zrange(names.probability(game), '0', '-1');
      return members.map((member) => {
        const [at, home] = member.split(':') as [string, string];
        return { at: Number(at), home: Number(home) };
      });
    },
    async pruneProbability(before) {
      await scanNames(redis, names.probabilityPattern, async (games) => {
        for (const game of games) await redis.zremrangebyscore(game, '-inf', `(${before}`);
      });
    },
    async noteLeagueAsked(league, at) {
      await redis.hset(names.leagueInterest, league, String(at));
    },
    async leaguesAskedSince(since) {
      const asked = await redis.hgetall(names.leagueInterest);
      return Object.keys(asked)
        .filter((league) => Number(asked[league]) >= since)
        .sort();
    },
  };
}
