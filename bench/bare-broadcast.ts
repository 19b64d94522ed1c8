// The machine's floor for one live update to many viewers: a bare Node loop writing the same event, byte for byte the
// size of the relay's, to as many loopback sockets read by the same viewers (bench/live-viewers.ts openViewer), in a
// process of its own with the relay's runtime flags. No key, no origin check, no topic, no metering: what is left of
// the relay's fan-out time above it is the relay's own.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { RUNTIME_FLAGS } from '../src/relay/base/runtime-flags.js';

/** Answers every request with an event stream; on `send` from stdin, writes the event to every stream in one loop. */
const SERVER_SOURCE = `
const { createServer } = require('node:http');
const streams = new Set();
let id = 0;
const data = 'x'.repeat(Number(process.env.BARE_EVENT_BYTES));
createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  response.flushHeaders();
  streams.add(response);
  response.on('close', () => streams.delete(response));
}).listen(0, '127.0.0.1', function () {
  process.stdout.write(JSON.stringify({ port: this.address().port }) + '\\n');
});
// An exit, not a kill: a CPU profile asked for is written then.
process.on('SIGTERM', () => process.exit(0));
require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
  const event = Buffer.from('event: update\\nid: ' + ++id + '\\ndata: ' + data + '\\n\\n');
  // One chunk of the chunked body, framed once and written to each socket as it is: the least a loop can do.
  const frame = Buffer.concat([Buffer.from(event.length.toString(16) + '\\r\\n'), event, Buffer.from('\\r\\n')]);
  const before = process.cpuUsage();
  for (const response of streams) response.socket.write(frame);
  const used = process.cpuUsage(before);
  process.stdout.write(JSON.stringify({ sent: streams.size, cpuMs: (used.user + used.system) / 1000 }) + '\\n');
});
`;

export interface BareBroadcast {
  origin: string;
  /** Writes one event to every open stream; resolves with how many it was written to and the loop's CPU time. */
  send(): Promise<{ sent: number; cpuMs: number }>;
  stop(): void;
}

/** The bare loop, its events `eventBytes` long in their data line, as the relay's update of the same topic is. */
export async function startBareBroadcast(eventBytes: number): Promise<BareBroadcast> {
  // PRESSBOX_BENCH_PROFILE=DIR: a CPU profile of the loop too, to set beside the relay's (bench/live-viewers.ts).
  const profile = process.env.PRESSBOX_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PRESSBOX_BENCH_PROFILE}`] : [];
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...profile, ...RUNTIME_FLAGS, '-e', SERVER_SOURCE], {
    env: { ...process.env, BARE_EVENT_BYTES: String(eventBytes) },
  });
  const replies: ((line: string) => void)[] = [];
  const lines = createInterface({ input: child.stdout });
  const first = new Promise<string>((resolve, reject) => {
    replies.push(resolve);
    child.once('exit', (code) => reject(new Error(`the bare broadcast loop exited with ${code}`)));
  });
  lines.on('line', (line) => replies.shift()?.(line));
  const { port } = JSON.parse(await first) as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    send: () =>
      new Promise((resolve) => {
        replies.push((line) => resolve(JSON.parse(line) as { sent: number; cpuMs: number }));
        child.stdin.write('send\n');
      }),
    stop: () => child.kill('SIGTERM'),
  };
}
