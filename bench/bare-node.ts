// Bare `node:http` answering the relay's own answer, byte for byte: the runtime's floor for the cached data route. It
// runs in a process of its own on the same Node as the relay, with no origin check, no metering and no log, so the
// ratio relay ÷ bare Node says what the relay's own work per request costs, whatever the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../test/harness/local-servers.js';

export interface RunningBareNode {
  origin: string;
  /** Its process, for its CPU time. */
  pid: number | undefined;
  stop(): void;
}

/** The server the child runs: headers and body read once from the file, then written for every request. */
const SERVER_SOURCE = `
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const { headers, body } = JSON.parse(readFileSync(process.env.BARE_ANSWER, 'utf8'));
const bytes = Buffer.from(body, 'base64');
createServer((request, response) => {
  response.writeHead(200, [...headers, 'Content-Length', String(bytes.byteLength)]);
  response.end(bytes);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.stdout.write('listening\\n'));
`;

/** The relay's answer to `url` (as the load generator will ask it), served by bare Node on a port of its own. */
export async function startBareNode(url: string, requestHeaders: Record<string, string>, dir: string): Promise<RunningBareNode> {
  const answer = await fetch(url, { headers: requestHeaders });
  if (!answer.ok) throw new Error(`the relay answered ${answer.status} to the request bare Node is to copy`);
  const headers: string[] = [];
  // fetch has decoded the body: what is copied is the identity answer, as wrk (which sends no Accept-Encoding) gets.
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name))
      headers.push(name, value);
  });
  const file = join(dir, 'bare-answer.json');
  await writeFile(file, JSON.stringify({ headers, body: Buffer.from(await answer.arrayBuffer()).toString('base64') }));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER_SOURCE], {
    env: { ...process.env, BARE_ANSWER: file, BARE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare Node exited with ${code}`)));
    child.stdout!.once('data', () => resolve());
  });
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}
