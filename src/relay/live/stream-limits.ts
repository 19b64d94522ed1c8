import { LIVE_STREAM_LIMITS } from '../base/defaults.js';
import type { StreamLimits } from './stream-slots.js';

/** Descriptors never given to streams: /health, /ready, the console, data requests, upstream, Redis and the store's. */
const DESCRIPTOR_RESERVE = { share: 0.25, atLeast: 256 };

/** The most streams a process with `fileLimit` descriptors may hold and still answer everything else. */
function streamsAllowedBy(fileLimit: number): number {
  const reserve = Math.max(DESCRIPTOR_RESERVE.atLeast, Math.ceil(fileLimit * DESCRIPTOR_RESERVE.share));
  return Math.max(0, fileLimit - reserve);
}

/**
 * The relay's stream limits: the default ceiling lowered to what the descriptors allow, and a `--max-streams` given
 * above that lowered too (`lowered` says so, for a warning): a full stream pool must never refuse /health.
 */
export function streamLimits(
  given: { maxStreamsPerAddress?: number; maxStreams?: number; maxStreamsPerKey?: number },
  fileLimit: number,
): StreamLimits & { lowered?: { given: number; fileLimit: number } } {
  const allowed = streamsAllowedBy(fileLimit);
  const wanted = given.maxStreams ?? LIVE_STREAM_LIMITS.maxStreams;
  const maxStreams = Math.min(wanted, allowed);
  return {
    maxStreamsPerAddress: given.maxStreamsPerAddress ?? LIVE_STREAM_LIMITS.maxStreamsPerAddress,
    maxStreams,
    maxStreamsPerKey: given.maxStreamsPerKey,
    ...(given.maxStreams !== undefined && given.maxStreams > allowed && { lowered: { given: given.maxStreams, fileLimit } }),
  };
}
