import type { z } from 'zod';
import { fullJitterDelay, parseRetryAfter } from './backoff.js';
import { unitCost } from './costs.js';
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
import * as schemas from './schemas.js';

/** Retry-After up to this is slept out inside one request; beyond it the request fails over to cached data. */
const SHORT_RATE_LIMIT_WAIT_MS = 1000;

export interface UpstreamClientOptions {
  /** The spec's `{base_url}`, ending in `/v1`. */
  baseUrl: string;
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
const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

function describeBody(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = body.error;
    const message =
      (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : undefined) ??
      (typeof body.message === 'string' ? body.message : undefined) ??
      (typeof error === 'string' ? error : undefined);
    return (message ?? '').slice(0, 300);
  } catch {
    return '';
  }
}

function bodyCode(text: string): string | undefined {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
      ? (error as { code: string }).code
      : undefined;
  } catch {
    return undefined;
  }
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

export function createUpstreamClient(options: UpstreamClientOptions) {
  const base = new URL(options.baseUrl.replace(/\/+$/, ''));
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('upstream base address must be http or https');
  const basePath = base.pathname.replace(/\/+$/, '');
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

  async function get<Schema extends z.ZodType>(
    endpoint: string,
    params: Params,
    schema: Schema,
    call: CallOptions = {},
  ): Promise<z.output<Schema>> {
    const url = new URL(base.origin + basePath + endpoint);
    const stringParams: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined) continue;
      url.searchParams.set(name, String(value));
      stringParams[name] = String(value);
    }
    const units = unitCost(endpoint, stringParams);
    const perEndpoint = endpointStats(endpoint);

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
      let status: number;
      let text: string;
      let retryAfterMs: number | undefined;
      try {
        const response = await fetchImpl(url, { headers: { 'x-api-key': options.apiKey, accept: 'application/json' }, signal });
        status = response.status;
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
        text = await response.text();
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

      const detail = describeBody(text);
      const because = detail ? `: ${detail}` : '.';
      if (status === 200) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          report(status, 0);
          throw new UpstreamBadResponseError(endpoint, `Upstream ${endpoint} answered 200 with a body that is not JSON.`, { cause: error });
        }
        // Units are counted for answers the service completed; a truncated body is taken as never served.
        stats.successes++;
        perEndpoint.successes++;
        stats.units += units;
        perEndpoint.units += units;
        report(status, units);
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
          throw new UpstreamBadResponseError(endpoint, `Upstream ${endpoint} answered in an unexpected shape (${issues.join('; ')}).`);
        }
        return parsed.data;
      }
      if (status === 429) {
        const quota = bodyCode(text) === 'quota_exceeded' || (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs);
        if (quota) {
          report(status, 0);
          throw new UpstreamQuotaError(endpoint, `Upstream request units are spent for this month${because}`, retryAfterMs);
        }
        const waitMs = retryAfterMs ?? backoff();
        heldUntil.set(endpoint, now() + waitMs);
        // A short wait is slept out for this request; a longer one is not worth a viewer waiting (stale data serves).
        if (canRetry && waitMs <= SHORT_RATE_LIMIT_WAIT_MS) {
          await retry(status, waitMs);
          sleptOut = true;
          continue;
        }
        report(status, 0, waitMs);
        throw new UpstreamRateLimitError(
          endpoint,
          `Upstream ${endpoint} answered 429 (attempt ${attempt + 1}); not called again for ${Math.ceil(waitMs / 1000)} s${because}`,
          waitMs,
        );
      }
      if (RETRYABLE_STATUS.has(status) && canRetry) {
        await retry(status, Math.min(retryAfterMs ?? backoff(), maxRetryAfterMs));
        continue;
      }
      report(status, 0);
      if (status === 401) throw new UpstreamAuthError(endpoint, `Upstream rejected the secret key${because}`);
      if (status === 402 || status === 403)
        throw new UpstreamPlanError(endpoint, `Upstream plan does not include ${endpoint}${because}`, status);
      if (status === 400) throw new UpstreamBadRequestError(endpoint, `Upstream ${endpoint} refused the request${because}`);
      if (status === 404) throw new UpstreamNotFoundError(endpoint, `Upstream ${endpoint} found nothing${because}`);
      throw new UpstreamUnavailableError(
        endpoint,
        `Upstream ${endpoint} answered ${status} after ${attempt + 1} attempts${because}`,
        status,
      );
    }
  }

  function checkMarkets(endpoint: string, markets: readonly string[] | undefined): string | undefined {
    if (!markets?.length) return undefined;
    if (markets.length > MAX_MARKETS) {
      throw new UpstreamBadRequestError(endpoint, `At most ${MAX_MARKETS} markets per request (got ${markets.length}); nothing was sent.`);
    }
    return markets.join(',');
  }

  return {
    stats(): UpstreamStats {
      return structuredClone(stats);
    },
    health: (call?: CallOptions) => get('/health', {}, schemas.healthSchema, call),
    me: (call?: CallOptions) => get('/me', {}, schemas.accountSchema, call),
    liveGames: (
      params: { sport: string; status?: 'scheduled' | 'live' | 'final'; team?: string; gameId?: string; recentDays?: 1 | 2 | 3 },
      call?: CallOptions,
    ) =>
      get(
        '/live-games',
        {
          sport: params.sport.toLowerCase(),
          status: params.status,
          team: params.team,
          game_id: params.gameId,
          recentdays: params.recentDays,
        },
        schemas.liveGamesSchema,
        call,
      ),
    lines: (params: { league: string; exchange?: boolean }, call?: CallOptions) =>
      get('/lines', { league: params.league, include: params.exchange ? 'xchg' : undefined }, schemas.linesSchema, call),
    oddsGames: (params: { league: string }, call?: CallOptions) => get('/odds-games', params, schemas.oddsGamesSchema, call),
    games: (params: { league: string; date?: string }, call?: CallOptions) => get('/games', params, schemas.storedGamesSchema, call),
    teams: (params: { league: string; injuries?: boolean }, call?: CallOptions) =>
      get('/teams', { league: params.league, injuries: params.injuries ? 'true' : undefined }, schemas.teamsSchema, call),
    injuries: (params: { league: string; reportDate?: string; team?: string }, call?: CallOptions) =>
      get('/injuries', params, schemas.injuriesSchema, call),
    recentForm: (params: { league: string; team?: string; limit?: number }, call?: CallOptions) =>
      get('/recent-form', params, schemas.recentFormSchema, call),
    headToHead: (params: { league: string; teamA: string; teamB: string; limit?: number }, call?: CallOptions) =>
      get('/head-to-head', params, schemas.headToHeadSchema, call),
    playerProps: async (params: { league: string; gameId: string; markets?: readonly string[] }, call?: CallOptions) =>
      get(
        '/player-props',
        { league: params.league, gameId: params.gameId, markets: checkMarkets('/player-props', params.markets) },
        schemas.playerPropsSchema,
        call,
      ),
    playerPropSplits: async (params: { league: string; gameId: string; markets?: readonly string[]; team?: string }, call?: CallOptions) =>
      get(
        '/player-props/splits',
        { league: params.league, gameId: params.gameId, team: params.team, markets: checkMarkets('/player-props/splits', params.markets) },
        schemas.propSplitsSchema,
        call,
      ),
    splits: (params: { league: string }, call?: CallOptions) => get('/splits', params, schemas.splitsSchema, call),
    teamStats: (params: { league: string; teamId?: string }, call?: CallOptions) =>
      get(`/${params.league.toLowerCase()}/team-stats`, { teamId: params.teamId }, schemas.teamStatsSchema, call),
    startingPitchers: (params: { date?: string; gameId?: string }, call?: CallOptions) =>
      get('/mlb/starting-pitchers', params, schemas.startingPitchersSchema, call),
    strikeoutPredictor: (params: { date?: string; gameId?: string }, call?: CallOptions) =>
      get('/mlb/strikeout-predictor', params, schemas.strikeoutPredictorSchema, call),
    venueWeather: (params: { teamId?: string; date?: string; format?: 'list' | 'detail' }, call?: CallOptions) =>
      get('/mlb/venue-weather', params, schemas.venueWeatherSchema, call),
  };
}
