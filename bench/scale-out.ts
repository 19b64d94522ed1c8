// Three relays on one Redis, one shared data service (the sandbox), live viewers spread over the relays: upstream
// calls per minute against one relay, how long a change takes to reach every viewer across relays, and what happens
// when the relay polling the topic is killed (kill -9): seconds until every viewer has the next update, and misses.
// Run alone with `node --import tsx bench/scale-out.ts [viewers]`; `npm run bench` runs it as one section.
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { throwawayRedis } from '../test/harness/local-servers.js';
import { startSandbox } from '../src/sandbox/server.js';
import { RelayProcess, openViewer, percentile, type RelayStats } from './live-viewers.js';

const ORIGIN = 'https://example.com';
const SPAN_MS = 30_000;

interface Viewer {
  request: Socket;
  lastId: number;
  /** When each update arrived, by event id. */
  arrivals: Map<number, number>;
}

async function follow(relay: RelayProcess, topic: string, lastEventId = 0): Promise<Viewer> {
  const viewer = { lastId: lastEventId, arrivals: new Map<number, number>() } as Viewer;
  viewer.request = await openViewer(
    relay,
    topic,
    (at, id) => {
      viewer.lastId = Math.max(viewer.lastId, id);
      viewer.arrivals.set(id, at);
    },
    lastEventId,
  );
  return viewer;
}

export interface ScaleOutResult {
  relays: number;
  viewers: number;
  upstreamCallsPerMinute: number;
  /** From the first viewer having a change to each viewer, across the relays. */
  fanOutP95Ms: number;
  changeToViewerP95Ms: number;
  takeoverSeconds: number;
  missedUpdates: number;
  reconnectedViewers: number;
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

export async function scaleOut(viewers = 5000, relayCount = 3): Promise<ScaleOutResult> {
  // A throwaway redis-server for the run (REDIS_URL is used instead when set).
  const store = await throwawayRedis(true);
  const sandbox = await startSandbox({ port: 0, calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 });
  const relays: RelayProcess[] = [];
  const all: Viewer[] = [];
  try {
    for (let index = 0; index < relayCount; index++)
      relays.push(
        await RelayProcess.start({
          redis: store.url,
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          live: { maxStreamsPerAddress: viewers + 10 },
        }),
      );
    const scores = (await (
      await fetch(`${relays[0]!.origin}/v1/scores?league=nba&key=${relays[0]!.key}`, { headers: { origin: ORIGIN } })
    ).json()) as { games: { id: string; status: string }[] };
    const topic = `/v1/games/${scores.games.find((game) => game.status === 'live')!.id}?league=nba`;
    const relayOf = new Map<Viewer, number>();
    for (let opened = 0; opened < viewers; opened += 250) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(250, viewers - opened) }, (_, i) => {
          const index = (opened + i) % relayCount;
          return follow(relays[index]!, topic).then((viewer) => relayOf.set(viewer, index) && viewer);
        }),
      );
      all.push(...batch);
    }
    await waitUntil(() => all.every((viewer) => viewer.lastId > 0), 20_000);
    const calls = async () => (await Promise.all(relays.map((relay) => relay.command<RelayStats>('stats')))).map((s) => s.upstreamCalls);
    const before = await calls();
    await new Promise((resolve) => setTimeout(resolve, SPAN_MS));
    const after = await calls();
    const perRelay = after.map((count, index) => count - before[index]!);
    const upstreamCallsPerMinute = Math.round((perRelay.reduce((sum, n) => sum + n, 0) * 60_000) / SPAN_MS);
    const holder = perRelay.indexOf(Math.max(...perRelay));

    // One change, across all relays.
    const seen = Math.max(...all.map((viewer) => viewer.lastId));
    const changedAt = performance.now();
    sandbox.clock.advance(5 * 60_000);
    await waitUntil(() => all.every((viewer) => viewer.lastId > seen), 30_000);
    const arrivals = all
      .map((viewer) => [...viewer.arrivals].find(([id]) => id > seen)?.[1])
      .filter((at): at is number => at !== undefined);
    const sorted = arrivals.sort((a, b) => a - b);
    const fanOut = sorted.map((at) => at - sorted[0]!);
    const fromChange = sorted.map((at) => at - changedAt);

    // kill -9 of the relay polling the topic; its viewers come back on the others with their Last-Event-ID.
    await relays[holder]!.stop('SIGKILL');
    const survivors = relays.filter((_, index) => index !== holder);
    const orphans = all.filter((viewer) => relayOf.get(viewer) === holder);
    const reconnected = await Promise.all(
      orphans.map((viewer, i) => {
        viewer.request.destroy();
        return follow(survivors[i % survivors.length]!, topic, viewer.lastId);
      }),
    );
    const watching = [...all.filter((viewer) => relayOf.get(viewer) !== holder), ...reconnected];
    const lastBefore = Math.max(...watching.map((viewer) => viewer.lastId));
    const killedAt = performance.now();
    sandbox.clock.advance(5 * 60_000);
    await waitUntil(() => watching.every((viewer) => viewer.lastId > lastBefore), 60_000);
    const takeoverSeconds = (performance.now() - killedAt) / 1000;
    for (const viewer of reconnected) all.push(viewer);
    return {
      relays: relayCount,
      viewers,
      upstreamCallsPerMinute,
      fanOutP95Ms: Math.round(percentile(fanOut, 0.95) ?? 0),
      changeToViewerP95Ms: Math.round(percentile(fromChange, 0.95) ?? 0),
      takeoverSeconds: Math.round(takeoverSeconds * 10) / 10,
      missedUpdates: watching.filter((viewer) => viewer.lastId <= lastBefore).length,
      reconnectedViewers: reconnected.length,
    };
  } finally {
    for (const viewer of all) viewer.request.destroy();
    await Promise.all(relays.map((relay) => relay.stop('SIGKILL')));
    await sandbox.close();
    store.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await scaleOut(Number(process.argv[2] ?? 5000)), null, 2));
  process.exit(0);
}
