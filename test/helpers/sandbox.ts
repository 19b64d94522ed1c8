import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import type { SandboxOptions } from '../../src/sandbox/app.js';

/**
 * A sandbox on a free loopback port with its clock frozen at `now`, so every answer is reproducible. It plays the
 * round-the-clock calendar, where one instant holds every state of every league; test/unit/sandbox/calendar.test.ts and
 * test/system/relay/resources/season-routes.test.ts try the real season calendar.
 */
export async function frozenSandbox(now: string | number, options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ rate: 0, calendar: 'round-the-clock', ...options, now: typeof now === 'number' ? now : Date.parse(now) });
}

export async function getJson(
  sandbox: RunningSandbox,
  path: string,
  key: string | null = 'sk_sandbox_pro',
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, { headers: key ? { 'x-api-key': key } : {} });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

/** An instant in the middle of a slate, used across tests: 18:00 UTC on a Sunday. */
export const MIDDAY = '2026-11-22T18:00:00Z';
