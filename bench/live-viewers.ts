// Many live viewers of one topic against a relay in its own process: memory per open stream, upstream calls in a
// fixed span, how long one update takes to reach every viewer, and the longest event-loop block while it fans out.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { openFileLimit } from '../src/relay/base/descriptors.js';
import { RUNTIME_FLAGS } from '../src/relay/base/runtime-flags.js';
import { streamLimits } from '../src/relay/live/stream-limits.js';
import { startBareBroadcast } from './bare-broadcast.js';

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
    // PRESSBOX_BENCH_PROFILE=DIR: each relay writes a CPU profile there when it stops (for a flame graph).
    const profile = process.env.PRESSBOX_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PRESSBOX_BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, [
      ...profile,
      '--expose-gc',
      // As bin/pressbox.js runs the relay.
      ...RUNTIME_FLAGS,
      'bench/relay-process.ts',
      JSON.stringify(options),
    ]);
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
  /** Loads the relay counted (pressbox_widget_loads_total): data answers, and live updates that opened a billing window. */
  loads: number;
  longestBlockMs: number;
  /** CPU time the relay process has used (user and system). */
  cpuMs: number;
  /** With Redis: loads in the relay's journal not yet counted there. */
  journalPending?: number;
}

const UPDATE_MARK = 'event: update\nid: ';

/**
 * One SSE viewer on a raw TCP socket: no HTTP client and no per-viewer parser, only a search for each update's event
 * id, so that one bench process can keep up with a relay writing to 20,000 streams (Node's HTTP client could not, and
 * the bench measured itself). It reports each update's arrival and event id, and may resume from a `Last-Event-ID`.
 */
export function openViewer(
  relay: Pick<RelayProcess, 'origin' | 'key'>,
  topic: string,
  onUpdate: (at: number, id: number) => void,
  lastEventId = 0,
): Promise<Socket> {
  const { hostname, port } = new URL(relay.origin);
  const request =
    `GET /v1/live?key=${relay.key}&topic=${encodeURIComponent(topic)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    `Origin: ${ORIGIN}\r\n${lastEventId ? `Last-Event-ID: ${lastEventId}\r\n` : ''}Accept: text/event-stream\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    socket.setEncoding('latin1');
    let buffer = '';
    let answered = false;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (!answered) {
        if (buffer.length < 12) return;
        if (!buffer.startsWith('HTTP/1.1 200')) {
          reject(new Error(`stream answered ${buffer.slice(9, 12)}: ${buffer.slice(buffer.indexOf('\r\n\r\n') + 4)}`));
          socket.destroy();
          return;
        }
        answered = true;
        resolve(socket);
      }
      let from = 0;
      for (let mark = buffer.indexOf(UPDATE_MARK); mark >= 0; mark = buffer.indexOf(UPDATE_MARK, from)) {
        const end = buffer.indexOf('\n', mark + UPDATE_MARK.length);
        if (end < 0) {
          from = mark;
          break;
        }
        onUpdate(performance.now(), Number(buffer.slice(mark + UPDATE_MARK.length, end)));
        from = end;
      }
      // What could still be the start of the next mark is kept; the rest was read.
      buffer = buffer.slice(Math.max(from, buffer.length - UPDATE_MARK.length));
    });
    // A relay killed under the bench resets its streams; the viewer is then reopened elsewhere, or counted as missing.
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () => (answered ? undefined : reject(new Error('the stream closed before it was answered'))));
  });
}

/**
 * The most streams `relays` relay processes here hold for one key given the whole pool (`--max-streams-per-key`), read
 * from the relay's own rules (live/stream-limits.ts: a quarter of the process's descriptors kept for everything else,
 * so 15,000 at 20,000 open files), 100 left each for requests; and no more than the bench process itself may hold.
 */
export function streamsRelaysHold(relays = 1): number {
  return Math.min(19_500, relays * (streamLimits({}, openFileLimit()).maxStreams - 100));
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

export interface LiveViewersResult {
  viewers: number;
  rssPerStreamKiB: number;
  heapPerStreamKiB: number;
  /** The relay process's resident memory with every stream open. */
  rssMiB: number;
  upstreamCallsPerMinute: number;
  /** From the relay having the change (its first delivery) to each viewer. */
  fanOutP50Ms: number;
  fanOutP95Ms: number;
  fanOutP99Ms: number;
  /** From the change in the sandbox to each viewer, including the wait for the next poll. */
  changeToViewerP50Ms: number;
  changeToViewerP99Ms: number;
  delivered: number;
  longestBlockMs: number;
  /** The machine's floor in the same run: a bare Node loop writing an event of the same size to as many viewers. */
  floorFanOutP50Ms: number;
  floorFanOutP95Ms: number;
  /** The relay's fan-out p95 over the floor's: 1 is the runtime's own cost, anything above it the relay's. */
  fanOutP95OverFloor: number;
  /**
   * CPU time, which a busy machine does not stretch as it does wall time: the relay's for the whole update (its poll,
   * the new payload, counting every viewer's load, the writes) and the floor's loop of writes.
   */
  updateCpuMs: number;
  floorCpuMs: number;
}

/** `viewers` streams on one live game's topic, at the production polling rhythm (≈ 10 s while live). */
export async function liveViewers(viewers: number, spanMs = 30_000): Promise<LiveViewersResult> {
  // Every viewer comes from one address and with one key, as an article's readers do not: both limits are lifted.
  const relay = await RelayProcess.start({ live: { maxStreamsPerAddress: viewers + 10, maxStreamsPerKey: viewers + 10 } });
  const requests: Socket[] = [];
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
    // Read before the event loop's watch is reset: reading collects the garbage first, which blocks the loop.
    const beforeChange = await relay.command<RelayStats>('stats');
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
    const eventBytes = JSON.stringify({
      topic,
      data: await (await fetch(`${relay.origin}${topic}&key=${relay.key}`, { headers: { origin: ORIGIN } })).json(),
    }).length;
    for (const request of requests.splice(0)) request.destroy();
    await relay.stop();
    const floor = await bareFanOut(viewers, eventBytes);
    const fanOutP95Ms = percentile(fanOut, 0.95) ?? 0;
    return {
      viewers,
      rssPerStreamKiB: (connected.rss - baseline.rss) / viewers / 1024,
      heapPerStreamKiB: (connected.heapUsed + connected.external - baseline.heapUsed - baseline.external) / viewers / 1024,
      rssMiB: Math.round(connected.rss / 2 ** 20),
      upstreamCallsPerMinute: Math.round(((afterSpan.upstreamCalls - connected.upstreamCalls) * 60_000) / spanMs),
      fanOutP50Ms: Math.round(percentile(fanOut, 0.5) ?? 0),
      fanOutP95Ms: Math.round(fanOutP95Ms),
      fanOutP99Ms: Math.round(percentile(fanOut, 0.99) ?? 0),
      changeToViewerP50Ms: Math.round(percentile(fromChange, 0.5) ?? 0),
      changeToViewerP99Ms: Math.round(percentile(fromChange, 0.99) ?? 0),
      delivered: arrivals.length,
      longestBlockMs: Math.round(broadcast.longestBlockMs * 10) / 10,
      floorFanOutP50Ms: Math.round(floor.p50),
      floorFanOutP95Ms: Math.round(floor.p95),
      fanOutP95OverFloor: Math.round((fanOutP95Ms / floor.p95) * 100) / 100,
      updateCpuMs: broadcast.cpuMs - beforeChange.cpuMs,
      floorCpuMs: Math.round(floor.cpuMs),
    };
  } finally {
    for (const request of requests) request.destroy();
    await relay.stop();
  }
}

/** One event from the bare loop to `viewers` viewers: p50 and p95 from the first arrival, as the relay's fan-out is read. */
async function bareFanOut(viewers: number, eventBytes: number): Promise<{ p50: number; p95: number; cpuMs: number }> {
  const bare = await startBareBroadcast(eventBytes);
  const sockets: Socket[] = [];
  try {
    let arrivals: number[] = [];
    const target = { origin: bare.origin, key: 'none' };
    for (let opened = 0; opened < viewers; opened += 250)
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(250, viewers - opened) }, () => openViewer(target, '/', (at) => arrivals.push(at))),
        )),
      );
    // As the relay's viewers had: a settled second before the event.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    arrivals = [];
    const { cpuMs } = await bare.send();
    const deadline = performance.now() + 30_000;
    while (arrivals.length < viewers && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const sorted = [...arrivals].sort((a, b) => a - b);
    const fanOut = sorted.map((at) => at - sorted[0]!);
    return { p50: percentile(fanOut, 0.5) ?? 0, p95: percentile(fanOut, 0.95) ?? 0, cpuMs };
  } finally {
    for (const socket of sockets) socket.destroy();
    bare.stop();
  }
}
