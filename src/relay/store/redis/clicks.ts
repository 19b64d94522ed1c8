import type { RedisClient } from '../redis-connection.js';
import type { ClickRow, ClickStore } from '../types.js';
import { names, SEPARATOR } from './names.js';

/** Clicks on prices: a hash per key and month (day␟book␟element → clicks), and which keys and months have any. */
export function redisClicks(redis: RedisClient): ClickStore {
  return {
    async countClick({ key, day, book, element }) {
      const month = day.slice(0, 7);
      await Promise.all([
        redis.hincrby(names.clicks(key, month), [day, book, element].join(SEPARATOR), 1),
        redis.sadd(names.clickKeys(month), key),
        redis.sadd(names.clickMonths, month),
      ]);
    },
    async clicks(filter) {
      const month = filter.day?.slice(0, 7) ?? filter.month;
      const months = month ? [month] : (await redis.smembers(names.clickMonths)).sort();
      const rows: ClickRow[] = [];
      for (const each of months) {
        const keys = filter.key ? [filter.key] : await redis.smembers(names.clickKeys(each));
        for (const key of keys)
          for (const [field, clicks] of Object.entries(await redis.hgetall(names.clicks(key, each)))) {
            const [day, book, element] = field.split(SEPARATOR) as [string, string, string];
            if (!filter.day || day === filter.day) rows.push({ key, day, book, element, clicks: Number(clicks) });
          }
      }
      return rows.sort(
        (a, b) =>
          b.clicks - a.clicks ||
          a.key.localeCompare(b.key) ||
          a.day.localeCompare(b.day) ||
          a.book.localeCompare(b.book) ||
          a.element.localeCompare(b.element),
      );
    },
  };
}
