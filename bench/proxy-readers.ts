// The operators' guide's recipe as readers meet it: three relays on one Redis behind nginx started from deploy/nginx.conf, each
// relay trusting nginx's address only. Readers come from many loopback addresses (127.0.0.0/8): each opens one live
// stream and makes a few data requests, as a page does; one abusive address sends a burst meanwhile. Goals: no stream
// refused, no 429 to a reader within its limits, the abusive address limited alone.
// Run alone with `node --import tsx bench/proxy-readers.ts [readers]`; `npm run bench` runs it as one section.
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startRedisServer } from '../test/harness/local-servers.js';
import { startSandbox } from '../src/sandbox/server.js';
import { RelayProcess } from './live-viewers.js';
import { findDebianTool, startDeployNginx } from '../test/harness/deploy-nginx.js';

const ORIGIN = 'https://example.com';
const TOPIC = '/v1/scores?league=nba';
const DATA_PATH = '/v1/standings?league=nba';

export interface ProxyReadersResult {
  readers: number;
  distinctAddresses: number;
  streamsOpened: number;
  streamsRefused: number;
  readerRequests: number;
  readerRateLimited: number;
  abusiveRequests: number;
  abusiveRateLimited: number;
}

/** The i-th reader's address: 127.1.0.1, 127.1.0.2, … (all of 127.0.0.0/8 is loopback on Linux). */
const readerAddress = (i: number) => `127.${1 + Math.floor(i / 65_000)}.${Math.floor((i % 65_000) / 250)}.${(i % 250) + 1}`;

/** One live stream from `localAddress`: resolves with the status line's code, keeping the socket open. */
function openStream(origin: string, key: string, localAddress: string): Promise<{ status: number; socket: Socket }> {
  const { hostname, port } = new URL(origin);
  const head =
    `GET /v1/live?key=${key}&topic=${encodeURIComponent(TOPIC)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    `Origin: ${ORIGIN}\r\nAccept: text/event-stream\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress }, () => socket.write(head));
    socket.setEncoding('latin1');
    let buffer = '';
    const answer = (chunk: string) => {
      buffer += chunk;
      if (buffer.length < 12) return;
      socket.off('data', answer);
      resolve({ status: Number(buffer.slice(9, 12)), socket });
    };
    socket.on('data', answer);
    socket.on('error', () => resolve({ status: 0, socket }));
  });
}

/** `count` data requests from `localAddress`, one after another; resolves with their statuses. */
async function getFrom(origin: string, key: string, localAddress: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, localAddress });
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push(
      await new Promise<number>((resolve) => {
        const req = request(`${origin}${DATA_PATH}&key=${key}`, { agent, headers: { origin: ORIGIN } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', () => resolve(0));
        req.end();
      }),
    );
  agent.destroy();
  return statuses;
}

export async function proxyReaders(readers = 1000): Promise<ProxyReadersResult> {
  const nginx = findDebianTool('nginx');
  if ('missing' in nginx) throw new Error(nginx.missing);
  const dir = await mkdtemp(join(tmpdir(), 'pressbox-proxy-'));
  await mkdir(dir, { recursive: true });
  const redisPort = await freePort();
  const redis = await startRedisServer(redisPort);
  const sandbox = await startSandbox({ port: 0, calendar: 'round-the-clock', now: Date.parse('2026-11-22T18:00:00Z'), rate: 0 });
  const relays: RelayProcess[] = [];
  let proxy: ChildProcess | undefined;
  const sockets: Socket[] = [];
  try {
    // The guide's relay command: default limits (600 requests a minute per key and reader, 50 streams per reader),
    // trusting nginx's address only.
    for (let i = 0; i < 3; i++)
      relays.push(
        await RelayProcess.start({
          redis: `redis://127.0.0.1:${redisPort}`,
          upstreamUrl: sandbox.baseUrl,
          upstreamKey: 'sk_sandbox_pro',
          rateLimit: { perMinute: 600, burst: 120 },
          trustProxy: ['127.0.0.1'],
        }),
      );
    const started = await startDeployNginx(
      nginx.path,
      relays.map((relay) => Number(new URL(relay.origin).port)),
      dir,
    );
    proxy = started.process;
    const key = relays[0]!.key;

    const abusive = getFrom(started.origin, key, '127.250.250.250', 600);
    const streamStatuses: number[] = [];
    const readerStatuses: number[] = [];
    for (let from = 0; from < readers; from += 100) {
      const batch = Array.from({ length: Math.min(100, readers - from) }, (_, i) => readerAddress(from + i));
      const opened = await Promise.all(batch.map((address) => openStream(started.origin, key, address)));
      for (const stream of opened) {
        streamStatuses.push(stream.status);
        sockets.push(stream.socket);
      }
      for (const statuses of await Promise.all(batch.map((address) => getFrom(started.origin, key, address, 5))))
        readerStatuses.push(...statuses);
    }
    const abusiveStatuses = await abusive;
    return {
      readers,
      distinctAddresses: new Set(Array.from({ length: readers }, (_, i) => readerAddress(i))).size,
      streamsOpened: streamStatuses.filter((status) => status === 200).length,
      streamsRefused: streamStatuses.filter((status) => status !== 200).length,
      readerRequests: readerStatuses.length,
      readerRateLimited: readerStatuses.filter((status) => status === 429).length,
      abusiveRequests: abusiveStatuses.length,
      abusiveRateLimited: abusiveStatuses.filter((status) => status === 429).length,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    proxy?.kill('SIGQUIT');
    await Promise.all(relays.map((relay) => relay.stop()));
    await sandbox.close();
    redis.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await proxyReaders(Number(process.argv[2] ?? 1000)));
