import { WIDGET_LEAGUES } from '../../contract/leagues.js';
import { connectRedis } from '../store/redis-connection.js';

/** A league counts as asked for again after this long (so a busy league costs Redis one write a minute per relay). */
const NOTE_EVERY_MS = 60_000;
const KNOWN = new Set<string>(WIDGET_LEAGUES);

/** Which leagues readers asked this relay (or, on Redis, any relay) for lately: the recorder's default leagues. */
export interface LeagueInterest {
  /** The leagues of one validated request (`nba` or `nba,nhl`); anything not a league is ignored. */
  note(leagues: string): void;
  /** Leagues asked for since `since` (ms). */
  since(since: number): Promise<string[]>;
  close(): Promise<void>;
}

function known(leagues: string): string[] {
  return leagues.split(',').filter((league) => KNOWN.has(league));
}

export function localLeagueInterest(now: () => number): LeagueInterest {
  const asked = new Map<string, number>();
  return {
    note: (leagues) => known(leagues).forEach((league) => asked.set(league, now())),
    since: async (since) => [...asked].filter(([, at]) => at >= since).map(([league]) => league),
    close: async () => {},
  };
}

/** Shared by every relay on Redis, so the relay that records knows what readers of the others asked for. */
export async function redisLeagueInterest(url: string, now: () => number): Promise<LeagueInterest> {
  const redis = await connectRedis(url);
  // While Redis is away the interest is local only (the writes fail quietly); connectRedis reconnects by itself.
  redis.on('error', () => {});
  const local = localLeagueInterest(now);
  const written = new Map<string, number>();
  const hash = 'pressbox:recorder:leagues';
  return {
    note(leagues) {
      local.note(leagues);
      for (const league of known(leagues)) {
        if (now() - (written.get(league) ?? 0) < NOTE_EVERY_MS) continue;
        written.set(league, now());
        redis.hset(hash, league, String(now())).catch(() => written.delete(league));
      }
    },
    async since(since) {
      const shared = await redis.hgetall(hash).catch(() => ({}) as Record<string, string>);
      const leagues = new Set(await local.since(since));
      for (const [league, at] of Object.entries(shared)) if (KNOWN.has(league) && Number(at) >= since) leagues.add(league);
      return [...leagues];
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
