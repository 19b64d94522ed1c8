export interface Size {
  min: number;
  gzip: number;
}
export const BUDGETS: {
  loader: number;
  oneElement: number;
  allSevenByLoader: number;
  allTenByLoader: number;
  allInOne: number;
  laterChunk: number;
  localeChunk: number;
};
export interface ElementSize {
  /** The element's own chunk. */
  chunk: Size & { file: string };
  /** The shared chunks it imports. */
  shared: string[];
  /** Everything a page with only this element downloads, loader included. */
  page: Size;
}
export function bundleSizes(root?: string): {
  version: string;
  loader: Size;
  core: Size & { file: string };
  elements: Record<string, ElementSize>;
  allInOne: Size;
  oneElement: Size & { tag: string };
  /** What the loader fetches for a page with these tags (the all-in-one file from loader-strategy.ts's count on). */
  pageByLoader(tags: string[]): Size;
  /** Loader, core and the tags' own chunks. */
  chunkedPage(tags: string[]): Size;
  /** Loader and the all-in-one file. */
  oneFilePage: Size;
  allSevenByLoader: Size;
  allByLoader: Size;
  locales: Record<string, Size & { file: string; eager: boolean }>;
  seasonLocales: Record<string, Size & { file: string; eager: boolean }>;
};
export const FIRST_SEVEN: string[];
export function kilobytes(bytes: number): string;
