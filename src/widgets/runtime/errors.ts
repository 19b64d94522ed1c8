import type { ErrorCode } from '../../contract/common.js';
import { CONTRACT_VERSION } from '../../contract/version.js';

/** The relay's error codes, plus what can go wrong before or around a relay answer. */
export type PressboxErrorCode = ErrorCode | 'network' | 'bad_response';

export class PressboxError extends Error {
  override readonly name = 'PressboxError';

  constructor(
    readonly code: PressboxErrorCode,
    message: string,
    readonly status = 0,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What a page visitor reads; the publisher's detail goes to the console. */
export const READER_MESSAGES: Record<PressboxErrorCode, string> = {
  missing_key: 'This widget is not set up yet.',
  invalid_key: 'This widget’s key is not valid.',
  origin_not_allowed: 'This widget is not enabled for this website.',
  plan_required: 'This feature is not included in this site’s plan.',
  bad_request: 'This widget has a setting it does not understand.',
  not_found: 'We could not find this game.',
  quota_exceeded: 'Updates are paused for now.',
  rate_limited: 'Too many updates at once. Retrying shortly.',
  upstream_unavailable: 'Scores are temporarily unavailable.',
  network: 'The scores service cannot be reached. Retrying.',
  bad_response: 'Scores are temporarily unavailable.',
};

/** Errors worth retrying on their own; the others need the publisher to change something. */
export function isTransient(error: PressboxError): boolean {
  return ['rate_limited', 'upstream_unavailable', 'network', 'bad_response', 'quota_exceeded'].includes(error.code);
}

/** An answer from a relay that speaks another version of the payload contract than this script was built for. */
export function checkContract(version: unknown, relay: string): void {
  if (String(version) === String(CONTRACT_VERSION)) return;
  throw new PressboxError(
    'bad_response',
    `The relay at ${relay} speaks payload contract ${version ?? 'unknown'}, this page's Pressbox script speaks ${CONTRACT_VERSION}: ` +
      `load the script from ${relay}/pressbox.js (not a copy), or reload the page after a relay upgrade.`,
  );
}
