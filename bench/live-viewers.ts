// Many live viewers of one topic against a relay in its own process: memory per open stream, upstream calls in a
// fixed span, how long one update takes to reach every viewer, and the longest event-loop block while it fans out.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { get, type ClientRequest } from 'node:http';
import { createInterface } from 'node:readline';

const ORIGIN = 'https://example.com';

/** The relay of bench/relay-process.ts, driven over its stdin/stdout. */
export class RelayProcess {
  private readonly replies: ((line: string) => void)[] = [];
  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly origin: string,
    readonly key: string,
  ) {
    createInterface({ input: child.stdout }).on('line', (line) => this.replies.shift()?.(line));
  }

  static async start(options: object = {}): Promise<RelayProcess> {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/relay-process.ts', JSON.stringify(options)]);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const ready = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => {
        lines.close();
        resolve(line);
      });
      child.once('exit', () => reject(new Error(`relay process exited: ${stderr}`)));
    });
    const { origin, key } = JSON.parse(ready.replace(/^READY /, '')) as { origin: string; key: string };
    return new RelayProcess(child, origin, key);
  }

  command<T>(name: 'stats' | 'reset' | 'advance'): Promise<T> {
    return new Promise((resolve) => {
      this.replies.push((line) => resolve(JSON.parse(line) as T));
      this.child.stdin.write(`${name}\n`);
    });
  }

  stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill(signal);
    });
  }
}

export interface RelayStats {
  rss: number;
  heapUsed: number;
  external: number;
  openStreams: number;
  upstreamCalls: number;
  longestBlockMs: number;
}

/**
 * One SSE viewer on a plain socket (no per-viewer parser: the bench process must stay lighter than the relay); it
 * reports each update's arrival and event id, and may resume from a `Last-Event-ID`.
 */
export function openViewer(
  relay: RelayProcess,
  topic: string,
  onUpdate: (at: number, id: number) => void,
  lastEventId = 0,
): Promise<ClientRequest> {
  const url = `${relay.origin}/v1/live?key=${relay.key}&topic=${encodeURIComponent(topic)}`;
  const headers: Record<string, string> = { origin: ORIGIN };
  if (lastEventId) headers['last-event-id'] = String(lastEventId);
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.includes('event: update')) onUpdate(performance.now(), Number(/^id: (\d+)$/m.exec(message)?.[1] ?? 0));
        }
      });
      // A relay killed under the bench resets its streams; the viewer is then reopened elsewhere, or counted as missing.
      response.on('error', () => {});
      resolve(request);
    });
    request.on('error', reject);
  });
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

export interface LiveViewersResult {
  viewers: number;
  rssPerStreamKiB: number;
  heapPerStreamKiB: number;
  upstreamCallsPerMinute: number;
  /** From the relay having the change (its first delivery) to each viewer. */
  fanOutP50Ms: number;
  fanOutP99Ms: number;
  /** From the change in the sandbox to each viewer, including the wait for the next poll. */
  changeToViewerP50Ms: number;
  changeToViewerP99Ms: number;
  delivered: number;
  longestBlockMs: number;
}

/** `viewers` streams on one live game's topic, at the production polling rhythm (≈ 10 s while live). */
export async function liveViewers(viewers: number, spanMs = 30_000): Promise<LiveViewersResult> {
  const relay = await RelayProcess.start({ live: { maxStreamsPerAddress: viewers + 10 } });
  const requests: ClientRequest[] = [];
  try {
    const scores = (await (
      await fetch(`${relay.origin}/v1/scores?league=nba&key=${relay.key}`, { headers: { origin: ORIGIN } })
    ).json()) as { games: { id: string; status: string }[] };
    const game = scores.games.find((candidate) => candidate.status === 'live')!;
    const topic = `/v1/games/${game.id}?league=nba`;
    const baseline = await relay.command<RelayStats>('stats');

    let arrivals: number[] = [];
    const onUpdate = (at: number) => arrivals.push(at);
    for (let opened = 0; opened < viewers; opened += 250) {
      const batch = Math.min(250, viewers - opened);
      requests.push(...(await Promise.all(Array.from({ length: batch }, () => openViewer(relay, topic, onUpdate)))));
    }
    const connected = await relay.command<RelayStats>('stats');

    // Upstream calls over a fixed span, counted once every viewer is connected.
    await new Promise((resolve) => setTimeout(resolve, spanMs));
    const afterSpan = await relay.command<RelayStats>('stats');

    // One broadcast: move the game on by five minutes, then wait until every viewer has it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    arrivals = [];
    await relay.command('reset');
    const changedAt = performance.now();
    await relay.command('advance');
    const deadline = changedAt + 30_000;
    while (arrivals.length < viewers && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const broadcast = await relay.command<RelayStats>('stats');

    const sorted = [...arrivals].sort((a, b) => a - b);
    const first = sorted[0] ?? changedAt;
    const fanOut = sorted.map((at) => at - first);
    const fromChange = sorted.map((at) => at - changedAt);
    return {
      viewers,
      rssPerStreamKiB: (connected.rss - baseline.rss) / viewers / 1024,
      heapPerStreamKiB: (connected.heapUsed + connected.external - baseline.heapUsed - baseline.external) / viewers / 1024,
      upstreamCallsPerMinute: Math.round(((afterSpan.upstreamCalls - connected.upstreamCalls) * 60_000) / spanMs),
      fanOutP50Ms: Math.round(percentile(fanOut, 0.5) ?? 0),
      fanOutP99Ms: Math.round(percentile(fanOut, 0.99) ?? 0),
      changeToViewerP50Ms: Math.round(percentile(fromChange, 0.5) ?? 0),
      changeToViewerP99Ms: Math.round(percentile(fromChange, 0.99) ?? 0),
      delivered: arrivals.length,
      longestBlockMs: Math.round(broadcast.longestBlockMs * 10) / 10,
    };
  } finally {
    for (const request of requests) request.destroy();
    await relay.stop();
  }
}
