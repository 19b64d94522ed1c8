/**
 * How much an outsider may send, stated once: every limit here is enforced before the relay does any work for the
 * request (docs/operators.md, "Limits on what clients send").
 */

/** A request body (sign-in, console and admin API): a key with a hundred domain patterns fits in a few KiB. */
export const MAX_BODY_BYTES = 16 * 1024;
/** A keys backup imported from the console (about 20,000 keys); larger ones go through `pressbox keys import`. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const CONSOLE_IMPORT_PATH = '/console/api/keys/import';
/** The request line and every header together (Node's own parser refuses more with 431). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The request target (path and query). */
export const MAX_URL_LENGTH = 4096;
/** A host name as DNS allows it: 253 characters in all, labels of 63. */
export const MAX_HOST_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;
/** An Origin or the origin read from a Referer: a scheme, a host and a port. */
export const MAX_ORIGIN_LENGTH = 'https://'.length + MAX_HOST_LENGTH + ':65535'.length;

/**
 * Stored attributions per key and UTC day: past these, loads still count in full but are attributed to `other`, so a
 * month of loads from made-up origins and networks costs kilobytes of store, not gigabytes.
 */
export const ATTRIBUTION_LIMITS = {
  /** Distinct page origins kept per key and day (and per key and month). */
  originsPerDay: 100,
  /** Distinct client networks (/24, /48) kept per key and day. */
  prefixesPerDay: 100,
  /** Distinct (route, origin, network, client) rows kept per key and day. */
  rowsPerDay: 500,
  /** Distinct page origins kept per key and month. */
  originsPerMonth: 300,
  /** How long Redis remembers which attributions a key's day and month admitted (past the month's end). */
  rememberedForS: 40 * 86_400,
} as const;

/** What a load is attributed to once its key's day is full. */
export const OTHER = 'other';

/** Whether a host name fits DNS's limits (after WHATWG URL parsing, so IDN names are measured as punycode). */
export function hostFitsDns(host: string): boolean {
  if (host.length > MAX_HOST_LENGTH) return false;
  if (host.startsWith('[')) return true;
  return host.split('.').every((label) => label.length <= MAX_LABEL_LENGTH);
}
