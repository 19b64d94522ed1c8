import { RelayError } from '../base/errors.js';
import { endpointAt } from './endpoints.js';
import { UpstreamError } from './errors.js';

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
