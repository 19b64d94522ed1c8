import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';

export interface ResourceContext {
  upstream: CachedUpstream;
  history: HistoryStore;
  now: number;
}
