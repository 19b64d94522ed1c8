import type { z } from 'zod';
import { fullJitterDelay, parseRetryAfter } from './backoff.js';
import { bodyCode, classifyAnswer, describeBody } from './answers.js';
import { ENDPOINTS } from './endpoints.js';
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

type Params = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  signal?: AbortSignal;
}

const MAX_MARKETS = 5;

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

/** The endpoint's path with its placeholders filled, its URL with the parameters given, and the units it will cost. */
function requestOf(
  root: string,
  spec: { path: string; units: (params: Record<string, string | undefined>) => number },
  params: Params,
  at: Record<string, string>,
) {
  const endpoint = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => at[name]!);
  const url = new URL(root + endpoint);
  const given: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    url.searchParams.set(name, String(value));
    given[name] = String(value);
  }
  return { endpoint, url, units: spec.units(given) };
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
 * One call of an endpoint of the table; `at` fills the path's `{placeholders}` (`/{league}/team-stats`). One loop
 * over attempts, longer than the house's 80 lines for a reason: the attempt number and whether this request slept out
 * a hold are the loop's state, and each outcome below either retries (`continue`) or ends the call where it is read.
 */
// eslint-disable-next-line max-lines-per-function -- one loop over attempts, whole for the reason above
async function callEndpoint<Schema extends z.ZodType>(
  client: ClientState,
  spec: { path: string; schema: Schema; units: (params: Record<string, string | undefined>) => number },
  params: Params,
  call: CallOptions,
  at: Record<string, string>,
): Promise<z.output<Schema>> {
  const { options, fetchImpl, timeoutMs, maxRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, random, sleep, now, stats, heldUntil } =
    client;
  const { schema } = spec;
  const root = typeof client.root === 'string' ? client.root : await client.root();
  const { endpoint, url, units } = requestOf(root, spec, params, at);
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
  const get: Get = (spec, params, call = {}, at = {}) => callEndpoint(client, spec, params, call, at);

  return { stats: (): UpstreamStats => structuredClone(stats), ...endpointMethods(get) };
}

/** A call of one endpoint of the table (see `get` above). */
type Get = <Schema extends z.ZodType>(
  spec: { path: string; schema: Schema; units: (params: Record<string, string | undefined>) => number },
  params: Params,
  call?: CallOptions,
  at?: Record<string, string>,
) => Promise<z.output<Schema>>;

function checkMarkets(endpoint: string, markets: readonly string[] | undefined): string | undefined {
  if (!markets?.length) return undefined;
  if (markets.length > MAX_MARKETS) {
    throw new UpstreamBadRequestError(endpoint, `At most ${MAX_MARKETS} markets per request (got ${markets.length}); nothing was sent.`);
  }
  return markets.join(',');
}

/** One method per endpoint of the spec, its parameters named as the relay names them. */
function endpointMethods(get: Get) {
  return {
    health: (call?: CallOptions) => get(ENDPOINTS.health, {}, call),
    me: (call?: CallOptions) => get(ENDPOINTS.me, {}, call),
    liveGames: (
      params: { sport: string; status?: 'scheduled' | 'live' | 'final'; team?: string; gameId?: string; recentDays?: 1 | 2 | 3 },
      call?: CallOptions,
    ) =>
      get(
        ENDPOINTS.liveGames,
        {
          sport: params.sport.toLowerCase(),
          status: params.status,
          team: params.team,
          game_id: params.gameId,
          recentdays: params.recentDays,
        },
        call,
      ),
    lines: (params: { league: string; exchange?: boolean }, call?: CallOptions) =>
      get(ENDPOINTS.lines, { league: params.league, include: params.exchange ? 'xchg' : undefined }, call),
    oddsGames: (params: { league: string }, call?: CallOptions) => get(ENDPOINTS.oddsGames, params, call),
    games: (params: { league: string; date?: string }, call?: CallOptions) => get(ENDPOINTS.games, params, call),
    teams: (params: { league: string; injuries?: boolean }, call?: CallOptions) =>
      get(ENDPOINTS.teams, { league: params.league, injuries: params.injuries ? 'true' : undefined }, call),
    injuries: (params: { league: string; reportDate?: string; team?: string }, call?: CallOptions) => get(ENDPOINTS.injuries, params, call),
    recentForm: (params: { league: string; team?: string; limit?: number }, call?: CallOptions) => get(ENDPOINTS.recentForm, params, call),
    headToHead: (params: { league: string; teamA: string; teamB: string; limit?: number }, call?: CallOptions) =>
      get(ENDPOINTS.headToHead, params, call),
    playerProps: async (params: { league: string; gameId: string; markets?: readonly string[] }, call?: CallOptions) =>
      get(
        ENDPOINTS.playerProps,
        { league: params.league, gameId: params.gameId, markets: checkMarkets(ENDPOINTS.playerProps.path, params.markets) },
        call,
      ),
    playerPropSplits: async (params: { league: string; gameId: string; markets?: readonly string[]; team?: string }, call?: CallOptions) =>
      get(
        ENDPOINTS.playerPropSplits,
        {
          league: params.league,
          gameId: params.gameId,
          team: params.team,
          markets: checkMarkets(ENDPOINTS.playerPropSplits.path, params.markets),
        },
        call,
      ),
    splits: (params: { league: string }, call?: CallOptions) => get(ENDPOINTS.splits, params, call),
    splitsHistory: (params: { league: string; date: string }, call?: CallOptions) => get(ENDPOINTS.splitsHistory, params, call),
    teamStats: (params: { league: string; teamId?: string }, call?: CallOptions) =>
      get(ENDPOINTS.teamStats, { teamId: params.teamId }, call, { league: params.league.toLowerCase() }),
    startingPitchers: (params: { date?: string; gameId?: string }, call?: CallOptions) => get(ENDPOINTS.startingPitchers, params, call),
    strikeoutPredictor: (params: { date?: string; gameId?: string }, call?: CallOptions) => get(ENDPOINTS.strikeoutPredictor, params, call),
    venueWeather: (params: { teamId?: string; date?: string; format?: 'list' | 'detail' }, call?: CallOptions) =>
      get(ENDPOINTS.venueWeather, params, call),
  };
}
