import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import type { RunningRelay } from '../../src/relay/server.js';

/** Asserts that a relay answer has the contract's shape (naming the first issues) and gives it typed. */
export function conforms<Schema extends z.ZodMiniType>(schema: Schema, body: unknown, what: string): z.infer<Schema> {
  const result = z.safeParse(schema, body);
  assert.ok(result.success, `${what}: ${result.success ? '' : JSON.stringify(result.error.issues.slice(0, 3))}`);
  return result.data;
}

/** Upstream requests the relay has made so far: all of them, or one endpoint's (`/lines`). */
export async function upstreamCalls(relay: RunningRelay, endpoint?: string): Promise<number> {
  const metric = await relay.metrics.upstreamRequests.get();
  return metric.values
    .filter((value) => endpoint === undefined || value.labels.endpoint === endpoint)
    .reduce((sum, value) => sum + value.value, 0);
}
