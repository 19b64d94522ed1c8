/**
 * How the loader fetches a page's elements: with one Pressbox tag at its first look, that element's standalone file
 * (everything it needs in one file, nothing it does not); from this many different Pressbox tags at its first look, every element in
 * one file (pressbox-all.js, which gzips as one stream) instead of the shared core and a chunk per tag. Below it the
 * chunks are smaller; above it the one file is (core 16 KiB, a chunk 1.8–3 KiB, all ten in one 29 KiB). The bundle
 * test checks this against the built sizes for every set of tags.
 */
export const ALL_IN_ONE_FROM = 6;

/** The one file, beside the loader (the latest-URL copy of the loader points it into its version's folder). */
export const ALL_IN_ONE_FILE = './pressbox-all.js';

/** The folder of the standalone files, beside the loader: `standalone/<tag>.js`. */
export const STANDALONE_DIR = 'standalone';
