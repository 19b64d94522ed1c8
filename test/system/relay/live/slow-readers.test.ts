import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { SLOW_READER_BYTES } from '../../../../src/relay/live/sse-connection.js';
import { openStream, updates } from '../../../helpers/live.js';
import { addKey, testRelay } from '../../../helpers/relay.js';
import { monthOf } from '../../../helpers/clock.js';

const READERS = 100;
// Every league on one topic: a large payload, so that a few dozen changes overflow what the kernel buffers for a
// reader that never reads.
const TOPIC = '/v1/scores?league=nba,nhl,nfl,mlb,wnba,cfb,cbb';

/** A page's live stream on a raw socket that reads nothing until `resume` (a reader that fell asleep). */
function sleepyReader(origin: string, key: string): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(
        `GET /v1/live?key=${key}&topic=${encodeURIComponent(TOPIC)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          'Origin: https://example.com\r\nAccept: text/event-stream\r\n\r\n',
      );
      socket.pause();
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('live readers that stop reading', () => {
  it(`holds at most ${SLOW_READER_BYTES / 1024} KiB and one frame for each of ${READERS} readers that never read, and gives a reader that wakes up the latest state, billed as delivered`, async () => {
    let polls = 0;
    const relay = await testRelay({
      rateLimit: { perMinute: 1_000_000, burst: 100_000 },
      // Every delivery billed (no billing window): what a sleeping reader is billed shows what it was sent.
      live: { pollMs: () => 20, onPoll: () => polls++, maxStreamsPerAddress: READERS + 10, loadEveryMs: 0 },
    });
    const readers: Socket[] = [];
    // Every poll sees the games move on (and no cached copy): each one is a change pushed to every stream.
    const clock = setInterval(() => {
      relay.sandbox.clock.advance(20_000);
      relay.cache.clear();
    }, 20);
    try {
      const key = await addKey(relay, ['example.com']);
      const sleeperKey = await addKey(relay, ['example.com']);
      const frameBytes = (await (await fetch(`${relay.origin}${TOPIC}&key=${key}`, { headers: { origin: 'https://example.com' } })).text())
        .length;
      for (let i = 0; i < READERS; i++) readers.push(await sleepyReader(relay.origin, i === 0 ? sleeperKey : key));
      await until(() => relay.openStreams() === READERS, 10_000, 'every stream to open');

      await until(() => relay.liveBacklog().behind === READERS, 60_000, 'every reader to fall behind');
      const pollsThen = polls;
      await until(() => polls >= pollsThen + 30, 20_000, '30 more changes');
      const backlog = relay.liveBacklog();
      assert.equal(relay.openStreams(), READERS, 'slow readers keep their streams');
      assert.equal(backlog.behind, READERS);
      // What waits in the relay per reader: what it had when it fell behind (less than the bound plus the frame that
      // crossed it) and a few heartbeats; nothing more however many changes follow.
      const bound = SLOW_READER_BYTES + frameBytes + 1024;
      assert.ok(
        backlog.unreadBytes <= READERS * bound,
        `${backlog.unreadBytes} bytes wait for ${READERS} readers: more than ${bound} each (frames of ${frameBytes} bytes)`,
      );

      clearInterval(clock);
      const pollsAtRest = polls;
      await until(() => polls >= pollsAtRest + 2, 5_000, 'the last change to be published');
      const probe = await openStream(relay, key, [TOPIC]);
      const [current] = updates(await probe.waitFor(1));
      probe.close();

      const month = monthOf(relay.now());
      const billedWhileBehind = await relay.store.loadsUsed(sleeperKey, month);
      const sleeper = readers[0]!;
      let text = '';
      sleeper.setEncoding('utf8');
      sleeper.on('data', (chunk: string) => (text += chunk));
      sleeper.resume();
      const ids = () => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
      await until(() => ids().includes(current!.id), 20_000, 'the woken reader to get the latest state');
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(ids().length, billedWhileBehind + 1, 'what it was sent before it fell behind, then only the latest state');
      assert.ok(ids().length < polls, `${ids().length} updates for ${polls} changes`);
      assert.equal(
        await relay.store.loadsUsed(sleeperKey, month),
        ids().length,
        'the reader is billed for the updates it was sent, not for the ones it slept through',
      );
    } finally {
      clearInterval(clock);
      for (const reader of readers) reader.destroy();
      await relay.close();
    }
  });
});
