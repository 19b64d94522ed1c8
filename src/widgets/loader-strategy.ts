/**
 * How the loader fetches a page's elements, by the different Pressbox tags at its first look: one tag, that element's
 * standalone file (only the shared code it uses, one gzip stream); from ALL_IN_ONE_FROM tags, every element in one
 * file (pressbox-all.js); in between, the shared core and a chunk per tag. Below ALL_IN_ONE_FROM the chunks are the
 * smaller download, above it the one file is; the bundle test checks this against the built sizes for every set of tags.
 */
export const ALL_IN_ONE_FROM = 6;

/** The one file, beside the loader (the latest-URL copy of the loader points it into its version's folder). */
export const ALL_IN_ONE_FILE = './pressbox-all.js';

/** The folder of the standalone files, beside the loader: `standalone/<tag>.js`. */
export const STANDALONE_DIR = 'standalone';

/**
 * The folder of each element's chunk for pages with two to five tags, `chunks/<tag>.js` beside the loader: named by tag
 * rather than by content, like every file of a version's folder, which never changes once published.
 */
export const ELEMENT_CHUNK_DIR = 'chunks';
