/** Typed failures of the upstream Sports Data Service; messages never carry the key or a credentialed URL. */

export type UpstreamErrorKind = 'auth' | 'plan' | 'quota' | 'rate_limited' | 'bad_request' | 'not_found' | 'unavailable' | 'bad_response';

export class UpstreamError extends Error {
  override readonly name: string = 'UpstreamError';

  constructor(
    readonly kind: UpstreamErrorKind,
    readonly endpoint: string,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** 401: the secret key is missing or wrong. */
export class UpstreamAuthError extends UpstreamError {
  override readonly name = 'UpstreamAuthError';
  constructor(endpoint: string, message: string) {
    super('auth', endpoint, message, 401);
  }
}

/** 402/403: the upstream plan lacks this feature. */
export class UpstreamPlanError extends UpstreamError {
  override readonly name = 'UpstreamPlanError';
  constructor(endpoint: string, message: string, status: number) {
    super('plan', endpoint, message, status);
  }
}

/** 429 that will not clear soon: the month's request units are spent. */
export class UpstreamQuotaError extends UpstreamError {
  override readonly name = 'UpstreamQuotaError';
  constructor(
    endpoint: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super('quota', endpoint, message, 429);
  }
}

/** 429 that kept coming back through every retry. */
export class UpstreamRateLimitError extends UpstreamError {
  override readonly name = 'UpstreamRateLimitError';
  constructor(
    endpoint: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super('rate_limited', endpoint, message, 429);
  }
}

export class UpstreamBadRequestError extends UpstreamError {
  override readonly name = 'UpstreamBadRequestError';
  constructor(endpoint: string, message: string) {
    super('bad_request', endpoint, message, 400);
  }
}

export class UpstreamNotFoundError extends UpstreamError {
  override readonly name = 'UpstreamNotFoundError';
  constructor(endpoint: string, message: string) {
    super('not_found', endpoint, message, 404);
  }
}

/** 5xx, timeouts and dropped connections, after the retries ran out. */
export class UpstreamUnavailableError extends UpstreamError {
  override readonly name = 'UpstreamUnavailableError';
  constructor(endpoint: string, message: string, status?: number, options?: { cause?: unknown }) {
    super('unavailable', endpoint, message, status, options);
  }
}

/** A 200 whose body is not JSON or not the shape the spec describes. */
export class UpstreamBadResponseError extends UpstreamError {
  override readonly name = 'UpstreamBadResponseError';
  constructor(endpoint: string, message: string, options?: { cause?: unknown }) {
    super('bad_response', endpoint, message, 200, options);
  }
}
