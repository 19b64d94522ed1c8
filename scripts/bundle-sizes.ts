// What readers download of the built browser bundle (dist/cdn/v/{version}), file by file as `pressbox serve` sends it
// (Brotli at quality 11, src/relay/http/static.ts; gzip -9 for proxies that recompress), and the budgets it must meet.
// Shared by `npm run bench`, docs/performance.md's table (scripts/docs-tables.ts) and test/e2e/budget.test.ts, which
// also checks these sums against the transfer sizes a browser reports.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ELEMENT_DETAILS, ELEMENT_TAGS, type ElementTag } from '../src/contract/elements.js';

export interface Size {
  min: number;
  gzip: number;
  brotli: number;
}

const KIB = 1024;

/**
 * Budgets in bytes of Brotli as served (DESIGN.md §4), each to be met with HEADROOM to spare: a change that eats it
 * saves bytes elsewhere or moves the budget here with its reason in docs/performance.md ("Budgets moved").
 */
export const BUDGETS = {
  loader: 2 * KIB,
  /**
   * Moved from 16 KiB by issue 57: one module graph instead of a file per element (docs/performance.md); from 18.5 KiB
   * by issue 69: the relay's clock, the betting elements' season words and the gambling line's place in the box; from
   * 19 KiB by issue 70: the league table, one record per league, and the registry's required attributes and request in
   * the base chunk; from 19.25 KiB by issue 71: the handover from a server-rendered element (its first answer read from
   * the page, the server's copy replaced in one frame); down from 19.5 KiB by issue 73 (docs/performance.md).
   */
  oneElement: 18.75 * KIB,
  /**
   * Moved from 17 KiB by issue 57, from 19.5 KiB by issue 69 and from 20 KiB by issue 70, as above; from 20.25 KiB by
   * issue 72: the game header's prices as links to a key's books; down from 20.5 KiB by issue 73, as above; up from
   * 20 KiB again by 0.25 KiB: a server-rendered element's first render on the relay's clock (its offset read from the
   * copy, 40 B of the base chunk but 34–94 B of Brotli) took the live `<game-header>` page 25–69 B past the headroom.
   */
  oneLiveElement: 20.25 * KIB,
  /**
   * Moved from 28 KiB by issue 57, as above: the all-in-one file stays the way to one download; from 40 KiB by issue 58,
   * three betting elements more (their chunks, 1.7–2.7 KiB each, and their words in the base chunk’s catalog); from
   * 47 KiB by issue 69, as the one-element budgets.
   */
  allElements: 48 * KIB,
};
export const HEADROOM = KIB;

/**
 * Ceilings in bytes of gzip -9, for readers behind proxies that recompress: what the Brotli budgets allow, plus what
 * gzip costs more on this code (about 12 %). No headroom rule: the Brotli budgets are the ones a change moves.
 */
export const GZIP_CEILINGS = {
  loader: 2 * KIB,
  oneElement: 20 * KIB,
  oneLiveElement: 21.5 * KIB,
  allElements: 54 * KIB,
};

/** One locale's messages (and its season part), fetched only by pages in that locale: gzip and Brotli alike. */
/**
 * Moved from 3 KiB by issue 58: the betting elements' and bet state's 29 messages (Arabic, the longest, measured 3,250 B);
 * from 3.5 KiB by issue 69: the postseason's rounds, the fight card's weight classes and the betting season sentences in
 * every language (Arabic measured 3,963 B).
 */
export const LOCALE_CHUNK_BUDGET = 4 * KIB;

/** The chunk files of the locales' messages, named by locale (en has none: its words are in the code). */
const LOCALE_CHUNK = /^(?:[a-z]{2}(?:-[A-Z]{2})?)$/;

/** A file's sizes as sent: minified, gzip -9, Brotli 11 (what pressbox serve sends browsers that accept it). */
export function sizeOf(bytes: Buffer): Size {
  return {
    min: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

export const sum = (parts: Size[]): Size => ({
  min: parts.reduce((total, part) => total + part.min, 0),
  gzip: parts.reduce((total, part) => total + part.gzip, 0),
  brotli: parts.reduce((total, part) => total + part.brotli, 0),
});

/** The chunk files a file imports statically (what the browser fetches before running it), by file name. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w{},\s*$]+from\s*)?["'`]\.\/(?:chunks\/)?([\w.-]+\.js)["'`]/g)].map(
    (match) => match[1]!,
  );
}

/** The chunk an element's code fetches before its first render with data, by pattern of its file name (`<name>-<hash>.js`). */
function lazyImport(code: string, name: string): string | undefined {
  return new RegExp(`import\\(["'\`]\\.\\.?/(?:chunks/)?(${name}-[\\w-]{8}\\.js)["'\`]\\)`).exec(code)?.[1];
}

/** What one page downloads, by file, and the sum. */
export interface Page {
  files: string[];
  size: Size;
}

/** The loader, the base chunk, what each page with one element downloads (with live data too), every element, locales. */
export function bundleSizes(root = 'dist/cdn') {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const dir = join(root, 'v', version);
  const chunkDir = join(dir, 'chunks');
  const files: Record<string, { code: string; size: Size }> = {};
  for (const file of readdirSync(chunkDir).filter((name) => name.endsWith('.js'))) {
    const bytes = readFileSync(join(chunkDir, file));
    files[file] = { code: bytes.toString('utf8'), size: sizeOf(bytes) };
  }
  // The latest URL's copy, which pages' script tags name (its imports point into the version's folder).
  const loaderBytes = readFileSync(join(root, 'pressbox.js'));
  const loader = sizeOf(loaderBytes);
  const loaderCode = loaderBytes.toString('utf8');
  if (!loaderCode.includes(`/v/${version}/chunks/\${`)) throw new Error('The loader no longer imports chunks/<tag>.js.');
  const base = Object.keys(files).find((file) => /^base-[\w-]{8}\.js$/.test(file));
  if (!base) throw new Error(`No base chunk in ${chunkDir}: run npm run build:widgets.`);
  /** Every chunk file a chunk needs before it runs, itself included. */
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of staticImports(files[file]?.code ?? '')) closure(imported, seen);
    return seen;
  };
  const liveKit = Object.keys(files).find((file) => /^live-kit-[\w-]{8}\.js$/.test(file));
  if (!liveKit) throw new Error(`No live kit chunk in ${chunkDir}.`);
  const page = (chunkFiles: Iterable<string>): Page => {
    const listed = [...new Set(chunkFiles)].sort();
    return { files: ['pressbox.js', ...listed], size: sum([loader, ...listed.map((file) => files[file]!.size)]) };
  };
  /** An element's chunk, what it imports, and its separate layout (fetched before its first render with data). */
  const firstData = (tag: ElementTag): string[] => {
    const own = `${tag}.js`;
    const view = lazyImport(files[own]?.code ?? '', `${tag}-view`);
    return [...closure(own), ...(view ? closure(view) : [])];
  };
  const elements = Object.fromEntries(
    ELEMENT_TAGS.map((tag) => {
      const first = firstData(tag);
      return [tag, { page: page(first), live: ELEMENT_DETAILS[tag].live ? page([...first, ...closure(liveKit)]) : undefined }];
    }),
  ) as Record<ElementTag, { page: Page; live: Page | undefined }>;
  const allElements = page([...ELEMENT_TAGS.flatMap(firstData), ...closure(liveKit)]);
  const eager = new Set(allElements.files);
  const chunksNamed = (pattern: RegExp) =>
    Object.fromEntries(
      Object.keys(files).flatMap((file) => {
        const name = pattern.exec(file)?.[1];
        return name && LOCALE_CHUNK.test(name) ? [[name, { file, ...files[file]!.size, eager: eager.has(file) }]] : [];
      }),
    );
  return {
    version,
    /** Each file's sizes by its name as pages fetch it (`pressbox.js`, or a chunk's file name). */
    files: { 'pressbox.js': loader, ...Object.fromEntries(Object.entries(files).map(([file, { size }]) => [file, size])) } as Record<
      string,
      Size
    >,
    loader,
    base: { file: base, ...files[base]!.size },
    elements,
    allElements,
    allInOne: sizeOf(readFileSync(join(dir, 'pressbox-all.js'))),
    /** Each locale's messages chunk, and whether any page needs it before it asks for that locale. */
    locales: chunksNamed(/^([\w-]+?)-[\w-]{8}\.js$/),
    /** Each locale's season part (what only the season elements say), fetched by pages that show one of them. */
    seasonLocales: chunksNamed(/^([\w-]+?)\.season-[\w-]{8}\.js$/),
  };
}

export const kilobytes = (bytes: number): string => `${(bytes / KIB).toFixed(2)} KiB`;
