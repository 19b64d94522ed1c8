export interface Size {
  min: number;
  gzip: number;
}
export const BUDGETS: { loader: number; firstElement: number; allSeven: number };
export function bundleSizes(root?: string): {
  version: string;
  loader: Size;
  core: Size;
  elements: Record<string, Size>;
  allInOne: Size;
  firstElement: Size & { tag: string };
  allSevenByLoader: Size;
};
export function kilobytes(bytes: number): string;
