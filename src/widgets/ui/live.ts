import type * as LiveKitModule from './live-kit.js';
import type { LiveOption } from '../runtime/live-option.js';
import type { ChangeMarker } from './change-marker.js';

type LiveKit = typeof LiveKitModule;

/** The live kit, once an element on the page has had live data (and the kit has arrived). */
export let liveKit: LiveKit | undefined;
let loading: Promise<unknown> | undefined;

/**
 * Fetches the live kit once per page, for the first element whose data is live: a game in progress. Pages whose games
 * are scheduled or over never fetch it, nor open a stream: their data changes by the minute, and polling keeps it as
 * fresh. A kit that cannot be fetched (a copy of the bundle without it) leaves elements polling, with "Live" for where
 * a game stands.
 */
function loadLiveKit(): Promise<unknown> {
  return (loading ??= import('./live-kit.js').then(
    (kit) => (liveKit = kit),
    (error: unknown) => console.warn(`Pressbox: could not load live updates (${(error as Error).message}); polling instead.`),
  ));
}

/** The resource option of an element whose data is live while `when` says so. */
export function liveWhile<T>(when: (data: T) => boolean): LiveOption<T> {
  return {
    when,
    ready: (data) => (when(data) ? loadLiveKit() : undefined),
    stream: (relay, key) => liveKit?.LiveStream.for(relay, key),
  };
}

/** A marker of scores that just changed, once the live kit is here: scores only change while a game is on. */
export function liveChangeMarker(): ChangeMarker | undefined {
  return liveKit && new liveKit.ChangeMarker();
}
