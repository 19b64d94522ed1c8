/** The relay's limits when the operator sets none: `pressbox serve`'s flags, the app and the docs read them here. */

/** Requests a minute for one key from one address. */
export const RATE_LIMIT_PER_MINUTE = 600;

/** A burst is a fifth of a minute's allowance (at least 10), so a page loading many elements at once passes. */
export function burstFor(perMinute: number): number {
  return Math.max(10, Math.round(perMinute / 5));
}

/**
 * Sized for 20,000 readers on one relay, each page holding one stream; `maxStreams` is a ceiling, lowered to what the
 * process's file descriptors allow (live/stream-limits.ts), and one key's share follows the streams free (live/stream-slots.ts).
 */
export const LIVE_STREAM_LIMITS = { maxStreamsPerAddress: 50, maxStreams: 25_000 };

/**
 * A live element's billing window: one topic on one stream costs at most one load in this span, however often the relay
 * polls and pushes, so a live reader costs a published number (3,600 s / 10 s = 360 loads an hour per element).
 */
export const LIVE_LOAD_EVERY_MS = 10_000;
