import type { Logger } from './logger.js';
import type { ErrorBody, ErrorCode } from '../../contract/common.js';

/** The error body's fields besides its code and message. */
export type ErrorDetail = Omit<ErrorBody['error'], 'code' | 'message'>;

const STATUS: Record<ErrorCode, number> = {
  missing_key: 401,
  invalid_key: 401,
  origin_not_allowed: 403,
  plan_required: 403,
  bad_request: 400,
  not_found: 404,
  quota_exceeded: 429,
  rate_limited: 429,
  upstream_unavailable: 503,
  store_unavailable: 503,
};

/**
 * An error with its documented code, status and headers (Retry-After); the message is for the publisher reading the
 * console. The relay's own, not the HTTP framework's: http/answer.ts alone turns it into a response, on every route.
 */
export class RelayError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly status: number = STATUS[code],
    /**
     * What the element words the error by: the leagues a route serves, with its refusal of another league; why betting
     * data is withheld, with its refusal of a betting route.
     */
    readonly detail?: ErrorDetail,
  ) {
    super(message);
    this.name = 'RelayError';
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...this.detail } };
  }
}

/** A failure no rule foresaw: logged by name only (never its message, which may carry data), answered in one way. */
export function unexpectedFailure(error: unknown, path: string, logger: Logger): RelayError {
  logger.log('error', 'unhandled error', { path, error: error instanceof Error ? error.name : 'unknown' });
  return new RelayError('upstream_unavailable', 'The relay hit an unexpected problem; the widget will retry.', {}, 500);
}
