// Sizes of the built browser bundle (dist/cdn/v/{version}), minified and gzipped, and the budgets they must meet.
// Shared by `npm run bench` (the table) and test/bundle/budget.test.ts (the gate in `npm test`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ELEMENT_CHUNK_DIR, prefersOneFile, STANDALONE_DIR } from '../src/widgets/loader-strategy.js';
import { ELEMENT_TAGS, isElementTag, type ElementTag } from '../src/contract/elements.js';

export interface Size {
  min: number;
  gzip: number;
}

export interface ElementSize {
  /** The element's own chunk, for pages with several tags. */
  chunk: Size & { file: string };
  /** The shared chunks it imports. */
  shared: string[];
  /** The element's standalone file, for pages with only this tag. */
  standalone: Size;
  /** Its layout, when it ships apart (ui/lazy-view.ts): pages with several tags fetch it before its first render. */
  view: (Size & { file: string }) | undefined;
  /** Everything a page with only this element downloads: the loader and the standalone file (its view inside). */
  page: Size;
  /**
   * The live kit the standalone file fetches once its data is live (runtime/live.ts), for the elements that follow
   * games in progress; the page with live data downloads it too.
   */
  liveKit?: Size & { file: string };
}

const KIB = 1024;

/** Budgets in bytes of gzip (level 9), as the project set them (docs/performance.md). */
export const BUDGETS = {
  loader: 2 * KIB,
  /** Moved 64 B by issue 52, 320 B by issue 54 and 128 B by issue 56 (docs/performance.md, "Budgets moved"). */
  oneElement: 16 * KIB + 512,
  allSevenByLoader: 30 * KIB,
  /** The first seven elements and the three season elements. */
  allTenByLoader: 36 * KIB,
  /** Moved 64 B by issue 52, 256 B by issue 54 and 384 B by issue 56 (docs/performance.md, "Budgets moved"). */
  allInOne: 28 * KIB + 704,
  laterChunk: 4 * KIB,
  /** One locale's messages, fetched only by pages in that locale. */
  localeChunk: 3 * KIB,
  /** The live stream and the words for a game in progress, fetched only by pages with live data. */
  liveKit: 2 * KIB,
};

/** The first seven elements, whose budgets still hold with the season elements beside them. */
export const FIRST_SEVEN = ['game-header', 'injury-report', 'last-five', 'player-props', 'score-strip', 'score-ticker', 'win-probability'];

/** The chunk files of the locales' messages, named by locale (en has none: its words are in the code). */
const LOCALE_CHUNK = /^(?:[a-z]{2}(?:-[A-Z]{2})?)$/;

/** A built file's text and its sizes, read once. */
function readBuilt(path: string): { code: string; size: Size } {
  const bytes = readFileSync(path);
  return { code: bytes.toString('utf8'), size: { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length } };
}

const sum = (parts: Size[]): Size => ({
  min: parts.reduce((total, part) => total + part.min, 0),
  gzip: parts.reduce((total, part) => total + part.gzip, 0),
});

/** The chunk files a file imports statically (what the browser fetches before running it), by file name. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w{},\s*$]+from\s*)?["'`]\.\/(?:chunks\/)?([\w.-]+\.js)["'`]/g)].map(
    (match) => match[1]!,
  );
}

/** Loader, core, each element's chunk with the shared chunks it pulls in, the all-in-one file, and what pages pay. */
export function bundleSizes(root = 'dist/cdn') {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const dir = join(root, 'v', version);
  const chunkDir = join(dir, 'chunks');
  const files = readdirSync(chunkDir).filter((name) => name.endsWith('.js'));
  // Element chunks are named by tag, the rest by content (vite.config.ts).
  const nameOf = (file: string) => {
    const name = file.slice(0, -'.js'.length);
    return isElementTag(name) ? name : name.replace(/-[\w-]{8}$/, '');
  };
  const chunks: Record<string, Size & { file: string }> = {};
  const codes: Record<string, string> = {};
  for (const file of files) {
    const { code, size } = readBuilt(join(chunkDir, file));
    chunks[nameOf(file)] = { file, ...size };
    codes[nameOf(file)] = code;
  }
  const core = chunks.core;
  if (!core) throw new Error(`No core chunk in ${chunkDir}: run npm run build:widgets.`);
  const { code: loaderCode, size: loader } = readBuilt(join(dir, 'pressbox.js'));
  if (!loaderCode.includes(`\`./${ELEMENT_CHUNK_DIR}/\${`)) throw new Error(`The loader no longer imports ${ELEMENT_CHUNK_DIR}/<tag>.js.`);
  /** Every chunk a chunk needs, itself included. */
  const closure = (name: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(name)) return seen;
    seen.add(name);
    for (const file of staticImports(codes[name] ?? '')) closure(nameOf(file), seen);
    return seen;
  };
  const liveKitOf = (code: string) => {
    const file = /import\(["'`]\.\.\/chunks\/(live-kit-[\w-]+\.js)["'`]\)/.exec(code)?.[1];
    return file ? { file, ...readBuilt(join(chunkDir, file)).size } : undefined;
  };
  // A lazy view (ui/lazy-view.ts) is fetched before the element's first render by pages of several tags (the chunk's
  // and the one file's import); a standalone file carries its own (vite.config.ts, ownViewInline), and must not fetch it.
  const viewOf = (code: string) => {
    const file = /import\(["'`]\.\/([\w-]+-view-[\w-]{8}\.js)["'`]\)/.exec(code)?.[1];
    return file ? { file, ...readBuilt(join(chunkDir, file)).size } : undefined;
  };
  const elements: Record<string, ElementSize> = Object.fromEntries(
    ELEMENT_TAGS.map((tag) => {
      // An element's chunk is named by its tag.
      const needed = [...closure(tag)];
      const standalone = readBuilt(join(dir, STANDALONE_DIR, `${tag}.js`));
      if (staticImports(standalone.code).length) throw new Error(`${STANDALONE_DIR}/${tag}.js imports a chunk before it runs.`);
      if (/-view-[\w-]{8}\.js/.test(standalone.code)) throw new Error(`${STANDALONE_DIR}/${tag}.js fetches its view: it should carry it.`);
      const view = viewOf(codes[tag] ?? '');
      return [
        tag,
        {
          chunk: chunks[tag]!,
          shared: needed.filter((name) => name !== tag),
          standalone: standalone.size,
          view,
          page: sum([loader, standalone.size]),
          liveKit: liveKitOf(standalone.code),
        },
      ];
    }),
  );
  const viewsOf = (tags: readonly string[]) => tags.flatMap((tag) => elements[tag]?.view ?? []);
  const everyChunk = new Set(ELEMENT_TAGS.flatMap((tag) => [...closure(tag)]));
  const chunksOf = (tags: readonly string[]) =>
    new Set(ELEMENT_TAGS.filter((tag) => tags.includes(tag)).flatMap((tag) => [...closure(tag)]));
  const heaviest = Object.entries(elements).sort((a, b) => b[1].page.gzip - a[1].page.gzip)[0]!;
  const allInOne = readBuilt(join(dir, 'pressbox-all.js')).size;
  /** Loader, core and the tags' chunks. */
  const chunkedPage = (tags: readonly string[]) => sum([loader, ...[...chunksOf(tags)].map((name) => chunks[name]!), ...viewsOf(tags)]);
  /** Loader and the all-in-one file (and the lazy views of the tags that have one). */
  const oneFilePage = (tags: readonly string[] = []) => sum([loader, allInOne, ...viewsOf(tags)]);
  /**
   * What the loader fetches for a page with these tags (loader-strategy.ts): one tag's standalone file, chunks, or from
   * tags weighty enough (loader-strategy.ts) on the one file.
   */
  const pageByLoader = (tags: readonly string[]) =>
    tags.length === 1 ? elements[tags[0]!]!.page : prefersOneFile(tags as ElementTag[]) ? oneFilePage(tags) : chunkedPage(tags);
  return {
    version,
    loader,
    core,
    elements,
    allInOne,
    /** The heaviest page with one element: the loader and that element's standalone file. */
    oneElement: { tag: heaviest[0], ...heaviest[1].page },
    pageByLoader,
    chunkedPage,
    oneFilePage,
    /** A page with the first seven elements through the loader. */
    allSevenByLoader: pageByLoader(FIRST_SEVEN),
    /** A page with every element through the loader. */
    allByLoader: pageByLoader(ELEMENT_TAGS),
    /** Each locale's messages chunk, and whether any page needs it before it asks for that locale. */
    locales: Object.fromEntries<Size & { file: string; eager: boolean }>(
      Object.keys(chunks)
        .filter((name) => LOCALE_CHUNK.test(name))
        .map((name) => [name, { ...chunks[name]!, eager: everyChunk.has(name) }]),
    ),
    /** Each locale's season part (what only the season elements say), fetched by pages that show one of them. */
    seasonLocales: Object.fromEntries<Size & { file: string; eager: boolean }>(
      Object.keys(chunks)
        .filter((name) => name.endsWith('.season') && LOCALE_CHUNK.test(name.slice(0, -'.season'.length)))
        .map((name) => [name.slice(0, -'.season'.length), { ...chunks[name]!, eager: everyChunk.has(name) }]),
    ),
  };
}

export const kilobytes = (bytes: number): string => `${(bytes / KIB).toFixed(2)} KiB`;
