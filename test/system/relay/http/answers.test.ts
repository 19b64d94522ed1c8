// The relay answers on two HTTP stacks: the data routes on Node's own request and response, every other route on Hono.
// A refusal must read the same on both, byte for byte on the wire (status line, every header in order, body), since
// elements, the builder and operators' tools read them alike: both go through http/answer.ts.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { MIDDAY } from '../../../helpers/sandbox.js';
import { addKey, testRelay } from '../../../helpers/relay.js';

const ORIGIN = 'https://news.example.com';

/** The answer exactly as it crossed the socket, with its Date line (the one thing that changes by the second) dropped. */
function rawAnswer(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${ORIGIN}\r\nConnection: close\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/^Date: .*\r\n/m, ''),
      ),
    );
  });
}

describe('refusals on both HTTP stacks', () => {
  let relay: RunningRelay;
  let key: string;
  let port: number;
  before(async () => {
    // A frozen clock: the refusal says when to retry, and that must not move between the two requests.
    relay = await testRelay({ now: () => Date.parse(MIDDAY), rateLimit: { perMinute: 1, burst: 1 } });
    key = await addKey(relay, ['news.example.com'], { test: true });
    port = Number(new URL(relay.origin).port);
  });
  after(() => relay?.close());

  it('a data route (Node) and the builder catalog (Hono) refuse a key over its rate limit byte for byte alike', async () => {
    // One request from this reader's bucket, then a refusal from each stack.
    const first = await rawAnswer(port, `/v1/standings?league=nba&key=${key}`);
    assert.match(first, /^HTTP\/1\.1 200 /);
    const data = await rawAnswer(port, `/v1/standings?league=nba&key=${key}`);
    const builder = await rawAnswer(port, `/builder/catalog?league=nba&key=${key}`);
    assert.match(data, /^HTTP\/1\.1 429 Too Many Requests\r\n/);
    assert.match(data, /\r\nAccess-Control-Allow-Origin: https:\/\/news\.example\.com\r\n/);
    assert.match(data, /\r\nX-Content-Type-Options: nosniff\r\n/);
    assert.match(data, /\r\nRetry-After: \d+\r\n/);
    assert.match(data, /\r\n\r\n\{"error":\{"code":"rate_limited","message":"Too many requests/);
    assert.equal(builder, data);
  });

  it('an unknown path (Hono) is refused in the same shape and headers as the data routes refuse', async () => {
    const unknown = await rawAnswer(port, '/v1/nothing-here');
    const [head, body] = unknown.split('\r\n\r\n');
    assert.match(head!, /^HTTP\/1\.1 404 Not Found\r\n/);
    const names = head!
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(':')));
    assert.deepEqual(names, [
      'Vary',
      'Access-Control-Allow-Origin',
      'Access-Control-Expose-Headers',
      'X-Content-Type-Options',
      'Cross-Origin-Resource-Policy',
      'Content-Type',
      'Content-Length',
      'Connection',
    ]);
    assert.equal((JSON.parse(body!) as { error: { code: string } }).error.code, 'not_found');
  });

  it('counts each refusal under its route with its status, whichever stack answered', async () => {
    const metrics = await (
      await fetch(`${relay.origin}/metrics`, { headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' } })
    ).text();
    assert.match(metrics, /route="\/builder\/catalog",status="429"/);
    assert.match(metrics, /route="\/v1\/standings",status="429"/);
  });
});
