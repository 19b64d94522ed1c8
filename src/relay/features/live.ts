import { LIVE_LOAD_EVERY_MS, LIVE_STREAM_LIMITS } from '../base/defaults.js';
import { openFileLimit } from '../base/descriptors.js';
import { liveGauges } from '../http/metrics.js';
import { LiveHub, type HubOptions } from '../live/hub.js';
import { sharedLeagueInterest } from '../resources/league-interest.js';
import { DEFAULT_LIVE_PACE, livePollMs, urgencyOf, type LivePace } from '../live/pace.js';
import { liveRoute } from '../live/route.js';
import { streamLimits } from '../live/stream-limits.js';
import { localLiveShare, redisLiveShare } from '../live/share.js';
import { flag } from './flags.js';
import { relayFeature } from './feature.js';

export interface LiveExtras {
  /** Time between heartbeats on an idle stream (tests shorten it). */
  heartbeatMs: number;
  /** Polling override (tests). */
  pollMs: HubOptions['pollMs'];
  /** How fast watched live topics are polled, within the upstream month (the bench fixes it). */
  pace: Partial<LivePace>;
  onPoll: HubOptions['onPoll'];
}

/**
 * Live updates: one poller per watched topic (per relay group on Redis, per machine with workers), polled as fast as
 * the upstream month can carry, and `/v1/live` streaming each change to every viewer, within the stream limits.
 */
export const liveFeature = relayFeature<LiveExtras>()({
  name: 'live',
  group: 'live',
  flags: {
    maxStreamsPerAddress: flag.count(
      '--max-streams-per-address',
      'open live streams allowed from one address (a newsroom behind one NAT needs more)',
      LIVE_STREAM_LIMITS.maxStreamsPerAddress,
    ),
    maxStreams: flag.count(
      '--max-streams',
      'open live streams allowed on this relay in all (past it: 503, pages keep polling); default 25,000, and never more than leaves a quarter of the process’s file descriptors (at least 256) for everything else',
    ),
    maxStreamsPerKey: flag.count(
      '--max-streams-per-key',
      'one widget key’s open live streams on this relay, in place of its fair share (a relay serving one big publisher); without it, a key holds at most as many streams as are free (alone, half the relay’s); test keys together 5 % either way',
    ),
    loadEveryMs: flag.duration(
      '--live-load-every',
      'billing window of a live element: one topic on one stream costs at most one load in it, however often it updates',
      LIVE_LOAD_EVERY_MS,
    ),
    upstreamShare: flag.percent(
      '--upstream-share-live',
      'watched live games are polled as fast (down to 1.5 s) as keeps the upstream month’s forecast under this share of its limit',
      DEFAULT_LIVE_PACE.share,
    ),
  },
  async start(context) {
    const { settings, now, wall, metrics } = context;
    // With Redis, relays share live topics: one polls each, all pass its changes on (live/share.ts); so do the workers
    // of one machine through their primary.
    const redis = context.need('redis');
    const share = redis ? await redisLiveShare(redis, wall) : (context.machine?.share ?? localLiveShare(wall));
    const store = context.need('store');
    const upstreamBudget = context.need('upstreamBudget');
    const pace: LivePace = { ...DEFAULT_LIVE_PACE, share: settings.upstreamShare, ...settings.pace };
    const hub = new LiveHub({
      history: store,
      now,
      share,
      pollMs: settings.pollMs,
      // A watched game is polled as fast as the upstream month can carry (live/pace.ts).
      pace: (payload, routeMs) => livePollMs(routeMs, urgencyOf(payload), upstreamBudget.latest(), pace),
      onPoll: settings.onPoll,
    });
    context.onStop(() => hub.close());
    const { lowered, ...limits } = streamLimits(settings, openFileLimit());
    if (lowered)
      context.logger.log('warn', '--max-streams lowered to what the process’s file descriptors allow', {
        ...lowered,
        maxStreams: limits.maxStreams,
      });
    const live = liveRoute({
      ...settings,
      ...limits,
      hub,
      usage: store,
      now,
      spend: context.need('spend'),
      onLoad: () => metrics.loads.count('/v1/live'),
    });
    context.onStop(() => live.closeAll());
    liveGauges(metrics, live);
    context.provide('share', share);
    context.provide('interest', sharedLeagueInterest(store, now));
    context.provide('hub', hub);
    context.provide('live', live);
    context.provide('liveLoadEveryMs', settings.loadEveryMs);
  },
});
