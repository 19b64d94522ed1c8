// The page's clock, set to the relay's: a relay whose sandbox plays another day (`--time`) says "today", "next" and
// how old its data is in that day. Durations (flashes, announcements, reload pacing) stay on the page's own clock.
let offsetMs = 0;

/** Now on the relay's clock, as the page last heard it (the page's own clock before any answer, or from an older relay). */
export const relayNow = (): number => Date.now() + offsetMs;

/** Notes the relay's time (ms since the epoch) from an answer's RELAY_TIME_HEADER. */
export function heardRelayTime(header: string | null): void {
  if (header) offsetMs = +header - Date.now();
}

/**
 * Notes how far the relay's clock stands from its machine's, as a server-rendered copy carries it: unlike a time, it
 * stays true however long the page's server keeps the copy (0 unless the relay plays another day).
 */
export function heardRelayOffset(ms: number | undefined): void {
  offsetMs = ms ?? offsetMs;
}
