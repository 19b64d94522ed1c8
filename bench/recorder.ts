// What the win-probability recorder costs upstream: one simulated hour (the relay's and the sandbox's clocks moved
// together a minute at a time) with four leagues live, units spent on the live upstream with the recorder on and off,
// with nobody watching and with one reader per league refreshing its game every 15 s as the element does.
import { silentLogger } from '../src/relay/base/logger.js';
import { createKey } from '../src/relay/key-service/service.js';
import { startRelay } from '../src/relay/server.js';

/** Sunday evening US time: NFL, NBA, NHL and college basketball on at once in the sandbox's schedule. */
const EVENING = Date.parse('2026-11-23T01:00:00Z');
const LEAGUES = ['nfl', 'nba', 'nhl', 'ncaab'];
const MINUTE = 60_000;

export interface RecorderRun {
  recorder: boolean;
  watched: boolean;
  /** Live upstream units spent in the simulated hour, by endpoint. */
  unitsPerHour: number;
  byEndpoint: Record<string, number>;
  liveLeagues: number;
}

async function simulatedHour(recorder: boolean, watched: boolean): Promise<RecorderRun> {
  let now = EVENING;
  const relay = await startRelay({
    port: 0,
    db: ':memory:',
    journal: ':memory:',
    logger: silentLogger,
    now: () => now,
    rateLimit: { perMinute: 1e9, burst: 1e9 },
    sandbox: { calendar: 'round-the-clock', now: EVENING, rate: 0 },
    recorder: recorder ? { everyMs: 3_600_000, leagues: LEAGUES } : { everyMs: 0 },
  });
  try {
    const key = (await createKey(relay.store, { plan: 'pro', domains: ['example.com'], name: 'bench', test: false }, now)).key;
    const sandbox = new URL(relay.sandbox.baseUrl).origin;
    const get = (path: string) =>
      fetch(`${relay.origin}${path}&key=${key}`, { headers: { origin: 'https://example.com' } }).then((r) => r.json());
    let liveLeagues = 0;
    for (const league of LEAGUES) {
      const slate = (await get(`/v1/scores?league=${league}`)) as { games: Array<{ status: string }> };
      if (slate.games.some((game) => game.status === 'live')) liveLeagues++;
    }
    const before = await unitsByEndpoint(relay);
    for (let minute = 0; minute < 60; minute++) {
      // A reader refreshes every 15 s; the recorder samples once a minute (its default rhythm).
      for (let quarter = 0; quarter < 4; quarter++) {
        now += MINUTE / 4;
        await fetch(`${sandbox}/_sandbox/clock`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceMs: MINUTE / 4 }),
        });
        if (watched)
          for (const league of LEAGUES) {
            const slate = (await get(`/v1/scores?league=${league}`)) as { games: Array<{ id: string; status: string }> };
            const live = slate.games.find((game) => game.status === 'live');
            if (live) await get(`/v1/win-probability?league=${league}&gameId=${live.id}`);
          }
      }
      if (recorder) await relay.recorder!.sample();
    }
    const after = await unitsByEndpoint(relay);
    const byEndpoint = Object.fromEntries(Object.entries(after).map(([endpoint, units]) => [endpoint, units - (before[endpoint] ?? 0)]));
    return { recorder, watched, unitsPerHour: Object.values(byEndpoint).reduce((sum, units) => sum + units, 0), byEndpoint, liveLeagues };
  } finally {
    await relay.close();
  }
}

async function unitsByEndpoint(relay: Awaited<ReturnType<typeof startRelay>>): Promise<Record<string, number>> {
  const units: Record<string, number> = {};
  for (const value of (await relay.metrics.upstreamUnits.get()).values)
    if (value.labels.upstream === 'live') units[String(value.labels.endpoint)] = (units[String(value.labels.endpoint)] ?? 0) + value.value;
  return units;
}

export async function recorderCost(): Promise<RecorderRun[]> {
  const runs: RecorderRun[] = [];
  for (const watched of [false, true]) for (const recorder of [false, true]) runs.push(await simulatedHour(recorder, watched));
  return runs;
}
