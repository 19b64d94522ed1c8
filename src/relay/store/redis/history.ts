import { scanNames, type RedisClient } from '../redis-connection.js';
import type { HistoryStore, InterestStore, SeriesPoint } from '../types.js';
import { names } from './names.js';
import type { Scripts } from './scripts.js';

/** Recorded series (win probability, lines, splits) as a sorted set each, kept answers (a string each, indexed by age), and the leagues readers asked for, by when. */
export function redisHistory(redis: RedisClient, scripts: Scripts): HistoryStore & InterestStore {
  return {
    async recordPoint(series, point: SeriesPoint) {
      await scripts.pressboxRecordPoint(names.series(series), String(point.at), String(point.value));
    },
    async pointsOf(series) {
      const members = await redis.zrange(names.series(series), '0', '-1');
      return members.map((member) => {
        const [at, value] = member.split(':') as [string, string];
        return { at: Number(at), value: Number(value) };
      });
    },
    async prunePoints(before) {
      await scanNames(redis, names.seriesPattern, async (series) => {
        for (const name of series) await redis.zremrangebyscore(name, '-inf', `(${before}`);
      });
    },
    async keepPayload(name, body, at) {
      // Two slots on a cluster, so two commands: an entry indexed but not yet written is pruned as absent, never kept unread.
      await redis.zadd(names.keptIndex, at, name);
      await redis.set(names.kept(name), body);
    },
    keptPayload: async (name) => (await redis.getBuffer(names.kept(name))) ?? undefined,
    async pruneKept(before) {
      let pruned = 0;
      for (;;) {
        const old = await redis.zrangebyscore(names.keptIndex, '-inf', `(${before}`, 'LIMIT', 0, 500);
        if (old.length === 0) return pruned;
        for (const name of old) await redis.del(names.kept(name));
        await redis.zrem(names.keptIndex, ...old);
        pruned += old.length;
      }
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
