import { reflectBoxProperties } from './box-properties.js';
import { ELEMENT_MODULES } from './element-modules.js';
import { loadOnSight } from './load-on-sight.js';

// The npm package's loader (`@pressbox/elements/loader`): defines the elements a page uses as they appear, each from its
// own module, which the app's bundler splits. The CDN's loader (loader.ts) chooses among files on the relay instead.

/** Imports and defines the elements named (once each); unknown names are ignored. */
export const load = loadOnSight((tag) => ELEMENT_MODULES[tag]().then(() => undefined), reflectBoxProperties);
