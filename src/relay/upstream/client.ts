import type { z } from 'zod';
import { fullJitterDelay, parseRetryAfter } from './backoff.js';
import { bodyCode, classifyAnswer, describeBody } from './answers.js';
import type { UpstreamEndpoint, UpstreamQuery } from './endpoints.js';
import {
  UpstreamAuthError,
  UpstreamBadRequestError,
  UpstreamBadResponseError,
  UpstreamNotFoundError,
  UpstreamPlanError,
  UpstreamQuotaError,
  UpstreamRateLimitError,
  UpstreamUnavailableError,
} from './errors.js';

/** Retry-After up to this is slept out inside one request; beyond it the request fails over to cached data. */
const SHORT_RATE_LIMIT_WAIT_MS = 1000;

export interface UpstreamClientOptions {
  /**
   * The spec's `{base_url}`, ending in `/v1`; or how to get it, awaited on the first call (the embedded sandbox of a
   * relay on the real service starts only when a test key first needs it).
   */
  baseUrl: string | (() => Promise<string>);
  /** Secret key; sent only in the `x-api-key` header. */
  apiKey: string;
  /** Per attempt, body included. */
  timeoutMs?: number;
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A 429 asking for a longer wait than this is a spent quota, not a burst limit: fail at once. */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called once per HTTP attempt, for metrics and logs. */
  onAttempt?: (attempt: UpstreamAttempt) => void;
  /** Awaited before each attempt leaves, with the units it will cost: whoever pays is charged before the call. */
  beforeAttempt?: (endpoint: string, units: number) => Promise<void> | void;
}

export interface UpstreamAttempt {
  endpoint: string;
  /** HTTP status, or `network` / `timeout` when no status came back. */
  outcome: number | 'network' | 'timeout';
  attempt: number;
  durationMs: number;
  /** Units the upstream charged for this attempt (non-zero only on success). */
  units: number;
  /** Wait before the next attempt, when there is one. */
  retryInMs?: number;
}

export interface EndpointStats {
  requests: number;
  successes: number;
  units: number;
}

export interface UpstreamStats extends EndpointStats {
  retries: number;
  byEndpoint: Record<string, EndpointStats>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/** The error an answer the client does not retry is raised as, by the verdict on it (answers.ts). */
function finalRefusal(kind: string, endpoint: string, status: number, attempt: number, because: string): Error {
  if (kind === 'auth') return new UpstreamAuthError(endpoint, `Upstream rejected the secret key${because}`);
  if (kind === 'plan') return new UpstreamPlanError(endpoint, `Upstream plan does not include ${endpoint}${because}`, status);
  if (kind === 'bad_request') return new UpstreamBadRequestError(endpoint, `Upstream ${endpoint} refused the request${because}`);
  if (kind === 'not_found') return new UpstreamNotFoundError(endpoint, `Upstream ${endpoint} found nothing${because}`);
  return new UpstreamUnavailableError(endpoint, `Upstream ${endpoint} answered ${status} after ${attempt + 1} attempts${because}`, status);
}

/** A 200's JSON as the endpoint's schema reads it; any other shape is a bad answer naming its first issues. */
function inShape<Schema extends z.ZodType>(schema: Schema, json: unknown, endpoint: string): z.output<Schema> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new UpstreamBadResponseError(endpoint, `Upstream ${endpoint} answered in an unexpected shape (${issues.join('; ')}).`);
}

/** The endpoint's path with its `{placeholders}` filled from the query, its URL with the rest, and the units it costs. */
function requestOf<Query extends UpstreamQuery>(root: string, spec: UpstreamEndpoint<Query, z.ZodType>, query: Query) {
  const placed = new Set<string>();
  const endpoint = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => (placed.add(name), String(query[name])));
  const url = new URL(root + endpoint);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && !placed.has(name)) url.searchParams.set(name, String(value));
  }
  return { endpoint, url, units: spec.units(query) };
}

/** What every call of one client shares: its settings, its counts and the endpoints held back. */
interface ClientState {
  root: string | (() => Promise<string>);
  options: UpstreamClientOptions;
  fetchImpl: typeof fetch;
  timeoutMs: number;
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  stats: UpstreamStats;
  /** Endpoints that answered 429: not called again, by any request, before the time they asked for. */
  heldUntil: Map<string, number>;
  endpointStats: (endpoint: string) => EndpointStats;
}

/**
 * One call of an endpoint of the table (endpoints.ts). One loop
 * over attempts, longer than the house's 80 lines for a reason: the attempt number and whether this request slept out
 * a hold are the loop's state, and each outcome below either retries (`continue`) or ends the call where it is read.
 */
// eslint-disable-next-line max-lines-per-function -- one loop over attempts, whole for the reason above
async function callEndpoint<Query extends UpstreamQuery, Schema extends z.ZodType>(
  client: ClientState,
  spec: UpstreamEndpoint<Query, Schema>,
  query: Query,
  call: CallOptions,
): Promise<z.output<Schema>> {
  const { options, fetchImpl, timeoutMs, maxRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, random, sleep, now, stats, heldUntil } =
    client;
  const { schema } = spec;
  const root = typeof client.root === 'string' ? client.root : await client.root();
  const { endpoint, url, units } = requestOf(root, spec, query);
  const refusal = spec.refusal?.(query);
  if (refusal) throw new UpstreamBadRequestError(endpoint, refusal);
  const perEndpoint = client.endpointStats(endpoint);

  // Set once this request has slept out a short Retry-After itself: a timer may fire a millisecond before the clock
  // reaches the hold it set, and the request that waited must not then refuse itself.
  let sleptOut = false;
  for (let attempt = 0; ; attempt++) {
    const held = (heldUntil.get(endpoint) ?? 0) - now();
    if (held > 0 && !sleptOut)
      throw new UpstreamRateLimitError(
        endpoint,
        `Upstream ${endpoint} asked to wait: not called again for ${Math.ceil(held / 1000)} s (cached data is served meanwhile).`,
        held,
      );
    await options.beforeAttempt?.(endpoint, units);
    const started = now();
    const report = (outcome: UpstreamAttempt['outcome'], charged: number, retryInMs?: number) =>
      options.onAttempt?.({ endpoint, outcome, attempt, durationMs: now() - started, units: charged, retryInMs });
    const canRetry = attempt < maxRetries;
    const backoff = () => fullJitterDelay(attempt, baseDelayMs, maxDelayMs, random);
    const retry = async (outcome: UpstreamAttempt['outcome'], waitMs: number) => {
      report(outcome, 0, waitMs);
      stats.retries++;
      await sleep(waitMs);
    };

    stats.requests++;
    perEndpoint.requests++;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    let answer: { status: number; text: string; retryAfterMs: number | undefined };
    try {
      const response = await fetchImpl(url, { headers: { 'x-api-key': options.apiKey, accept: 'application/json' }, signal });
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
      answer = { status: response.status, retryAfterMs, text: await response.text() };
    } catch (error) {
      if (call.signal?.aborted) throw error;
      const outcome = timeout.aborted ? 'timeout' : 'network';
      if (canRetry) {
        await retry(outcome, backoff());
        continue;
      }
      report(outcome, 0);
      const what = outcome === 'timeout' ? `no answer within ${timeoutMs} ms` : 'the connection failed';
      throw new UpstreamUnavailableError(endpoint, `Upstream ${endpoint}: ${what} after ${attempt + 1} attempts.`, undefined, {
        cause: error,
      });
    }

    const { status, text, retryAfterMs } = answer;
    const detail = describeBody(text);
    const because = detail ? `: ${detail}` : '.';
    const verdict = classifyAnswer({
      status,
      code: status === 429 ? bodyCode(text) : undefined,
      retryAfterMs,
      canRetry,
      backoffMs: backoff,
      maxRetryAfterMs,
      shortWaitMs: SHORT_RATE_LIMIT_WAIT_MS,
    });
    switch (verdict.kind) {
      case 'ok': {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          report(status, 0);
          throw new UpstreamBadResponseError(endpoint, `Upstream ${endpoint} answered 200 with a body that is not JSON.`, {
            cause: error,
          });
        }
        // Units are counted for answers the service completed; a truncated body is taken as never served.
        for (const counts of [stats, perEndpoint]) {
          counts.successes++;
          counts.units += units;
        }
        report(status, units);
        return inShape(schema, json, endpoint);
      }
      case 'retry':
        if (verdict.holdEndpoint) heldUntil.set(endpoint, now() + verdict.waitMs);
        await retry(status, verdict.waitMs);
        // A short wait is slept out for this request; a longer one is not worth a viewer waiting (stale data serves).
        if (verdict.holdEndpoint) sleptOut = true;
        continue;
      case 'quota':
        report(status, 0);
        throw new UpstreamQuotaError(endpoint, `Upstream request units are spent for this month${because}`, retryAfterMs);
      case 'rate_limited':
        heldUntil.set(endpoint, now() + verdict.waitMs);
        report(status, 0, verdict.waitMs);
        throw new UpstreamRateLimitError(
          endpoint,
          `Upstream ${endpoint} answered 429 (attempt ${attempt + 1}); not called again for ${Math.ceil(verdict.waitMs / 1000)} s${because}`,
          verdict.waitMs,
        );
    }
    report(status, 0);
    throw finalRefusal(verdict.kind, endpoint, status, attempt, because);
  }
}

/** The service's root address (origin and path, no trailing slash), from its `{base_url}`. */
function rootOf(baseUrl: string): string {
  const base = new URL(baseUrl.replace(/\/+$/, ''));
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('upstream base address must be http or https');
  return base.origin + base.pathname.replace(/\/+$/, '');
}

/**
 * The Sports Data Service's endpoints as typed methods, each call retried with backoff on failures worth retrying,
 * held back when the service asked to wait, metered per attempt, and its answer checked against the endpoint's schema.
 */
export function createUpstreamClient(options: UpstreamClientOptions) {
  const { baseUrl } = options;
  let resolving: Promise<string> | undefined;
  const root =
    typeof baseUrl === 'string'
      ? rootOf(baseUrl)
      : () => (resolving ??= baseUrl().then(rootOf, (error: unknown) => ((resolving = undefined), Promise.reject(error))));
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 8000;
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 4000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;

  const stats: UpstreamStats = { requests: 0, successes: 0, units: 0, retries: 0, byEndpoint: {} };
  /** Endpoints that answered 429: not called again, by any request, before the time they asked for. */
  const heldUntil = new Map<string, number>();
  const endpointStats = (endpoint: string): EndpointStats => (stats.byEndpoint[endpoint] ??= { requests: 0, successes: 0, units: 0 });

  const client: ClientState = {
    root,
    options,
    fetchImpl,
    timeoutMs,
    maxRetries,
    baseDelayMs,
    maxDelayMs,
    maxRetryAfterMs,
    random,
    sleep,
    now,
    stats,
    heldUntil,
    endpointStats,
  };
  /** One call of an endpoint of the table (endpoints.ts), with its query named as the upstream names it. */
  const callOf = <Query extends UpstreamQuery, Schema extends z.ZodType>(
    endpoint: UpstreamEndpoint<Query, Schema>,
    query: Query,
    options: CallOptions = {},
  ): Promise<z.output<Schema>> => callEndpoint(client, endpoint, query, options);

  return { stats: (): UpstreamStats => structuredClone(stats), call: callOf };
}
