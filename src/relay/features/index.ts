import { archiveFeature } from './archive.js';
import type { FeatureOptions } from './feature.js';
import { httpFeature } from './http.js';
import { liveFeature } from './live.js';
import { recorderFeature } from './recorder.js';
import { sandboxFeature } from './sandbox.js';
import { upstreamFeature } from './upstream.js';
import { usageFeature } from './usage.js';

/**
 * The relay, feature by feature, in the order they start: each starts from what those before it provide. A new
 * feature is a module beside these and a line here; a new flag is a line in its feature's module.
 */
export const RELAY_FEATURES = [
  sandboxFeature,
  usageFeature,
  archiveFeature,
  upstreamFeature,
  liveFeature,
  recorderFeature,
  httpFeature,
] as const;

/** What callers may set, feature by feature (the flags' settings and the programmatic ones beside them). */
export type RelayFeatureOptions = FeatureOptions<typeof RELAY_FEATURES>;
