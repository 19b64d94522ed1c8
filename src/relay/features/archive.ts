import { flag } from './flags.js';
import { pruneKept } from '../resources/test-kept.js';
import { relayFeature } from './feature.js';

/** How often kept answers older than `--keep-games` are looked for (they only age by days). */
const PRUNE_EVERY_MS = 6 * 3_600_000;

/**
 * Kept answers (final games, the days pages pin with `as-of`: resources/archive.ts) stay for ever by default, so an
 * article's embed keeps working; `--keep-games 5y` lets an operator bound them, the oldest going first.
 */
export const archiveFeature = relayFeature()({
  name: 'archive',
  group: 'archive',
  flags: {
    keepMs: flag.duration('--keep-games', 'keep final games and pinned days this long, such as 5y (default, or 0: for ever)'),
  },
  start(context) {
    const { keepMs } = context.settings;
    if (!keepMs) return;
    const store = context.need('store');
    const prune = () =>
      pruneKept(store, context.now() - keepMs).then(
        (pruned) => pruned > 0 && context.logger.log('info', 'kept answers past --keep-games dropped', { pruned }),
        (error: unknown) =>
          context.logger.log('warn', 'kept answers could not be pruned now; trying again later', { error: String(error) }),
      );
    void prune();
    const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
    context.onStop(() => clearInterval(timer));
  },
});
