import { readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { containedContentCss, GAMBLING_LINE_TAGS, reservedSizesCss } from '../../src/contract/elements.js';
import { gamblingLinePlaceCss } from '../../src/contract/gambling-line.js';

/** Where the CDN files go: the moving latest one level above each version's immutable folder. */
export interface CdnDirs {
  cdn: string;
  version: string;
  /** The version's folder, `<cdn>/v/<version>`. */
  versionDir: string;
}

/**
 * The latest copy of a versioned entry: its imports of chunks point into the version's folder, so every chunk stays
 * immutable and is fetched from one URL whichever copy a page loads.
 */
export function latestCopy(versioned: string, version: string): string {
  return versioned.replace(/(["'`])\.\/(chunks\/)/g, `$1./v/${version}/$2`);
}

/**
 * The latest URL of an entry (pressbox.js, pressbox-all.js): a copy of this version's file made by `latestCopy`, so a
 * page on the moving URL loads in as few round trips as one on the versioned URL. (Chunks never import the entry, so
 * the two copies can never both run for one chunk.)
 */
export function latestAlias(entry: string, dirs: CdnDirs): Plugin {
  return {
    name: 'pressbox-latest-alias',
    writeBundle() {
      const versioned = readFileSync(`${dirs.versionDir}/${entry}.js`, 'utf8');
      writeFileSync(`${dirs.cdn}/${entry}.js`, latestCopy(versioned, dirs.version));
    },
  };
}

/**
 * pressbox.css's text: the elements' reserved boxes for a page's <head>, and the place of a responsible-gambling line
 * in them, so nothing moves from the first paint.
 */
export function reservedSizesStylesheetText(version: string): string {
  return `/* Pressbox ${version}: each element's box before its code arrives. */\n${reservedSizesCss()}\n${containedContentCss()}\n${gamblingLinePlaceCss(GAMBLING_LINE_TAGS)}\n`;
}

/** pressbox.css, versioned and latest. */
export function reservedSizesStylesheet(dirs: CdnDirs): Plugin {
  return {
    name: 'pressbox-reserved-sizes-stylesheet',
    writeBundle() {
      const stylesheet = reservedSizesStylesheetText(dirs.version);
      writeFileSync(`${dirs.versionDir}/pressbox.css`, stylesheet);
      writeFileSync(`${dirs.cdn}/pressbox.css`, stylesheet);
    },
  };
}
