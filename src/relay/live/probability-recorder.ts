import { servesLeague } from '../../contract/elements.js';
import type { Logger } from '../base/logger.js';
import { recordFor } from '../resources/games.js';
import { lineSeriesOf, recordLineValues, valuesOf } from '../resources/line-movement.js';
import { historyKeyOf, linesWithExchange, moneylineProbability, recordPoint } from '../resources/probability.js';
import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { LeagueInterest } from '../resources/league-interest.js';
import type { LiveShare } from './share.js';

/** How often a live game's probability is sampled, by default. */
export const RECORD_EVERY_MS = 60_000;
/** How long points are kept, by default. */
export const RECORD_RETENTION_MS = 30 * 86_400_000;
/** Past the upstream month's slow-down share, samples are this many times further apart. */
const SLOWED_BY = 5;
/** Leagues asked for within this long are recorded when none are named. */
const INTEREST_WINDOW_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** With several relays (Redis) or workers, one holds this lease and records for all. */
const LEASE = 'recorder:win-probability';

export interface RecorderOptions {
  /** Each upstream whose games readers may see (the live service, and the sandbox test keys use). */
  upstreams: readonly CachedUpstream[];
  history: HistoryStore;
  share: LiveShare;
  /** The leagues to record, or those readers asked for lately from each upstream. */
  leagues: readonly string[] | { since(since: number, upstream: string): Promise<string[]> };
  now: () => number;
  everyMs?: number;
  retentionMs?: number;
  /** True while the upstream month is nearly spent: sample less often. */
  slowed: () => boolean;
  logger: Logger;
}

/**
 * Records every live game's win probability and line from its first live minute, whether or not anyone watches: while a
 * game of a recorded league is live, its moneyline and line are sampled on a steady rhythm. The prices come through the same cache the
 * live pollers fill, so a league someone watches costs nothing more, and one nobody watches costs one /lines call
 * (2 units) per sample.
 */
export function probabilityRecorder(options: RecorderOptions) {
  const everyMs = options.everyMs ?? RECORD_EVERY_MS;
  const retentionMs = options.retentionMs ?? RECORD_RETENTION_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastPrune = 0;
  const interval = () => everyMs * (options.slowed() ? SLOWED_BY : 1);

  /** The leagues to sample: of those chosen or asked for, the ones with betting lines (soccer has none to ask for). */
  async function leagues(upstream: string): Promise<readonly string[]> {
    const { leagues: chosen } = options;
    const asked = Array.isArray(chosen) ? chosen : await (chosen as LeagueInterest).since(options.now() - INTEREST_WINDOW_MS, upstream);
    return asked.filter((league) => servesLeague('win-probability', league));
  }

  /** One round: the points recorded (0 when another relay holds the lease or no game is live). */
  async function sample(): Promise<number> {
    if (!(await options.share.hold(LEASE, interval() * 3))) return 0;
    let recorded = 0;
    const names = new Set<string>();
    for (const upstream of options.upstreams) {
      // Two upstreams of one name (the sandbox serving both live and test keys) are one source.
      if (names.has(upstream.name)) continue;
      names.add(upstream.name);
      for (const league of await leagues(upstream.name)) {
        const feed = await upstream.liveGames(league).catch(() => undefined);
        const live = feed?.value.games.filter((game) => game.status === 'live') ?? [];
        if (live.length === 0) continue;
        const lines = await linesWithExchange(upstream, league);
        if (!lines) continue;
        for (const game of live) {
          const probability = moneylineProbability(game, lines.value);
          if (!probability) continue;
          await recordPoint(options.history, historyKeyOf(upstream.name, league, game.gameId), lines.fetchedAt, probability.home);
          recorded++;
        }
        // The same answer's book lines, for the line-movement chart and the closing line a bet state is read against:
        // games in progress and games to come, at no call of their own.
        for (const game of feed!.value.games.filter((candidate) => candidate.status !== 'final')) {
          const series = (field: Parameters<typeof lineSeriesOf>[3]) => lineSeriesOf(upstream.name, league, game.gameId, field);
          await recordLineValues(options.history, series, lines.fetchedAt, valuesOf(recordFor(game, lines.value.data)?.lines, undefined));
        }
      }
    }
    if (options.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = options.now();
      await options.history.prunePoints(options.now() - retentionMs);
    }
    return recorded;
  }

  const round = async () => {
    try {
      await sample();
    } catch (error) {
      options.logger.log('warn', 'win probability not recorded', { error: error instanceof Error ? error.message : 'unknown' });
    }
    if (!stopped) (timer = setTimeout(round, interval())).unref();
  };

  return {
    sample,
    start(): void {
      stopped = false;
      void round();
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type ProbabilityRecorder = ReturnType<typeof probabilityRecorder>;
