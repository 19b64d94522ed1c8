import type { Logger } from './logger.js';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '../contract/common.js';
import { endpointAt } from './upstream/endpoints.js';
import { UpstreamError } from './upstream/errors.js';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
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

/** An error with its documented code; the message is for the publisher reading the console. */
export class RelayError extends HTTPException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    status: ContentfulStatusCode = STATUS[code],
    /** The leagues a route serves, sent with its refusal of another league so that the element can name them. */
    readonly leagues?: readonly string[],
  ) {
    super(status, { message });
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.leagues ? { leagues: [...this.leagues] } : {}) } };
  }
}

/** What an upstream failure means to the page; details stay in the operator's log. */
export function fromUpstream(error: unknown): RelayError {
  if (error instanceof RelayError) return error;
  if (!(error instanceof UpstreamError))
    return new RelayError('upstream_unavailable', 'The sports data service is unavailable right now; the widget will retry.');
  switch (error.kind) {
    case 'plan': {
      const plan = /\b(Starter|Builder|Pro)\b/.exec(error.message)?.[1] ?? 'Starter';
      const feature = endpointAt(error.endpoint)?.feature ?? 'This data';
      return new RelayError(
        'plan_required',
        `${feature} need the ${plan} plan or above on the data service account behind this relay; ask the relay operator to upgrade it.`,
      );
    }
    case 'not_found':
      return new RelayError('not_found', 'The data service has no such game or team.');
    case 'bad_request':
      return new RelayError('bad_request', 'The data service refused this request; check the element attributes.');
    case 'rate_limited':
    case 'quota':
      return new RelayError(
        'upstream_unavailable',
        'The sports data service is over its limits right now; the widget will retry.',
        {},
        503,
      );
    case 'auth':
    case 'bad_response':
      return new RelayError(
        'upstream_unavailable',
        'The sports data service answered in a way the relay could not use; the widget will retry.',
        {},
        502,
      );
    default:
      return new RelayError('upstream_unavailable', 'The sports data service is unavailable right now; the widget will retry.', {}, 503);
  }
}

/** A failure no rule foresaw: logged by name only (never its message, which may carry data), answered in one way. */
export function unexpectedFailure(error: unknown, path: string, logger: Logger): RelayError {
  logger.log('error', 'unhandled error', { path, error: error instanceof Error ? error.name : 'unknown' });
  return new RelayError('upstream_unavailable', 'The relay hit an unexpected problem; the widget will retry.', {}, 500);
}
