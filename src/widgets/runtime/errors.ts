import type { ErrorBody, ErrorCode } from '../../contract/common.js';
import { CONTRACT_REVISION, CONTRACT_VERSION } from '../../contract/version.js';

/** The relay's error codes, plus what can go wrong before or around a relay answer. */
export type PressboxErrorCode = ErrorCode | 'network' | 'bad_response';

export class PressboxError extends Error {
  override readonly name = 'PressboxError';

  constructor(
    readonly code: PressboxErrorCode,
    message: string,
    readonly status = 0,
    readonly retryAfterSeconds?: number,
    /**
     * What the relay's error body says besides its code and message: with a `bad_request` for a league the element does
     * not serve, the leagues it does; with a `plan_required` for betting data, why it is withheld.
     */
    readonly detail?: Pick<ErrorBody['error'], 'leagues' | 'oddsHidden'>,
  ) {
    super(message);
  }
}

/** Errors worth retrying on their own; the others need the publisher to change something. */
export function isTransient(error: PressboxError): boolean {
  return ['rate_limited', 'upstream_unavailable', 'store_unavailable', 'network', 'bad_response', 'quota_exceeded'].includes(error.code);
}

/**
 * An answer from a relay that speaks another version of the payload contract than this script was built for, or an
 * older revision of it (without fields this script reads; a relay's newer revision only adds what it can ignore).
 */
export function checkContract(version: unknown, revision: unknown, relay: string): void {
  if (String(version) === String(CONTRACT_VERSION) && Number(revision) >= CONTRACT_REVISION) return;
  throw new PressboxError(
    'bad_response',
    `The relay at ${relay} speaks payload contract ${version ?? 'unknown'}.${Number(revision) || 0}, this page's Pressbox script speaks ${CONTRACT_VERSION}.${CONTRACT_REVISION}: ` +
      `load the script from ${relay}/pressbox.js (not a copy), or reload the page after a relay upgrade.`,
  );
}
