/** What an upstream answer's status (and body) means for the request that got it: a pure decision, tested alone. */
export type AnswerVerdict =
  | { kind: 'ok' }
  /** Try again after `waitMs`: a 5xx, or a 429 short enough to sleep out. */
  | { kind: 'retry'; waitMs: number; holdEndpoint: boolean }
  /** The month's units are spent: no retry until `retryAfterMs`. */
  | { kind: 'quota' }
  /** A 429 too long to wait for in one request: the endpoint is held for `waitMs`, cached data serves. */
  | { kind: 'rate_limited'; waitMs: number }
  | { kind: 'auth' | 'plan' | 'bad_request' | 'not_found' | 'unavailable' };

export interface AnswerContext {
  status: number;
  /** The body's `error.code`, when it has one. */
  code: string | undefined;
  retryAfterMs: number | undefined;
  /** Whether another attempt is allowed. */
  canRetry: boolean;
  /** The wait a retry would take without a Retry-After (jittered backoff), drawn only when needed. */
  backoffMs: () => number;
  /** A 429 asking for longer than this is a spent quota, not a burst limit. */
  maxRetryAfterMs: number;
  /** Retry-After up to this is slept out inside one request. */
  shortWaitMs: number;
}

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

export function classifyAnswer(answer: AnswerContext): AnswerVerdict {
  const { status, retryAfterMs, canRetry, backoffMs, maxRetryAfterMs } = answer;
  if (status === 200) return { kind: 'ok' };
  if (status === 429) {
    if (answer.code === 'quota_exceeded' || (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs)) return { kind: 'quota' };
    const waitMs = retryAfterMs ?? backoffMs();
    return canRetry && waitMs <= answer.shortWaitMs ? { kind: 'retry', waitMs, holdEndpoint: true } : { kind: 'rate_limited', waitMs };
  }
  if (RETRYABLE_STATUS.has(status) && canRetry)
    return { kind: 'retry', waitMs: Math.min(retryAfterMs ?? backoffMs(), maxRetryAfterMs), holdEndpoint: false };
  if (status === 401) return { kind: 'auth' };
  if (status === 402 || status === 403) return { kind: 'plan' };
  if (status === 400) return { kind: 'bad_request' };
  if (status === 404) return { kind: 'not_found' };
  return { kind: 'unavailable' };
}

/** The message an error body carries (`{error: {message}}`, `{message}` or `{error: "…"}`), at most 300 characters. */
export function describeBody(text: string): string {
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

/** The body's `error.code`, when it is JSON and has one. */
export function bodyCode(text: string): string | undefined {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
      ? (error as { code: string }).code
      : undefined;
  } catch {
    return undefined;
  }
}
