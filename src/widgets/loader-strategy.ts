import { ELEMENT_TAGS, type ElementTag } from '../contract/elements.js';

/**
 * How the loader fetches a page's elements, by the different Pressbox tags at its first look: one tag, that element's
 * standalone file (only the shared code it uses, one gzip stream); tags whose chunks weigh ALL_IN_ONE_FROM or more,
 * every element in one file (pressbox-all.js); else the shared core and a chunk per tag. By count alone the choice
 * would miss by kilobytes: five light chunks cost less than the one file, five heavy ones more. The bundle test checks
 * the choice against the built sizes for every set of tags.
 */
export const ALL_IN_ONE_FROM = 25;

/**
 * Each element's chunk (without a lazy view, which every way of loading fetches alike) in half-kilobytes gzip, rounded:
 * one digit per tag, in the order of ELEMENT_TAGS (a table keyed by tag would cost every page 75 bytes). The bundle test
 * names the weight to change when a chunk grows.
 */
export const CHUNK_WEIGHTS = '45655445421';

/** Whether the one file is the smaller download for a page with these tags (two or more). */
export function prefersOneFile(tags: readonly ElementTag[]): boolean {
  let weight = 0;
  for (const tag of tags) weight += +CHUNK_WEIGHTS[ELEMENT_TAGS.indexOf(tag)]!;
  return weight >= ALL_IN_ONE_FROM;
}

/** The one file, beside the loader (the latest-URL copy of the loader points it into its version's folder). */
export const ALL_IN_ONE_FILE = './pressbox-all.js';

/** The folder of the standalone files, beside the loader: `standalone/<tag>.js`. */
export const STANDALONE_DIR = 'standalone';

/**
 * The folder of each element's chunk for pages with two to five tags, `chunks/<tag>.js` beside the loader: named by tag
 * rather than by content, like every file of a version's folder, which never changes once published.
 */
export const ELEMENT_CHUNK_DIR = 'chunks';
