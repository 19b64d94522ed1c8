import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';

export interface ResourceContext {
  upstream: CachedUpstream;
  history: HistoryStore;
  now: number;
  /**
   * Set for a reader's own request (a GET): its answer stands as the day's snapshot for `as-of`. Live polls leave it
   * unset: a followed topic's pages ask again by GET once it settles, and a topic's first polls stay as cheap as before.
   */
  snapshotDay?: boolean;
  /** Set for a HEAD: it delivers nothing, so nothing is kept for it (no final game, no snapshot). */
  keepsNothing?: boolean;
}
