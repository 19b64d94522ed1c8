// What the test wants to know about a reader's page from its first moment, recorded by a script the page loads before
// Pressbox (every engine runs it the same way; WebDriver classic has no way to add scripts to a page before it loads).
// The function is sent to the page as it is: it must not use anything from outside its own body.

export interface ReaderRecord {
  loads: string[];
  violations: string[];
  /** Cumulative layout shift; null where the engine has no Layout Instability API (Firefox, WebKit). */
  shift: number | null;
  /** Pressbox elements whose box changed height after it was first laid out. */
  resized: string[];
}

export function installReaderHarness(tags: string[]): void {
  const seen: ReaderRecord = { loads: [], violations: [], shift: null, resized: [] };
  Object.assign(window, { __seen: seen });
  addEventListener('pb-load', (event) => seen.loads.push((event.target as Element).localName), true);
  document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  if (PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
    seen.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) seen.shift! += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  }
  const firstHeights = new Map<Element, number>();
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const height = entry.borderBoxSize[0]!.blockSize;
      const first = firstHeights.get(entry.target);
      if (first === undefined) firstHeights.set(entry.target, height);
      else if (Math.abs(height - first) > 0.5) seen.resized.push(`${entry.target.localName} ${first}→${height}px`);
    }
  });
  document.addEventListener('DOMContentLoaded', () => {
    for (const element of document.querySelectorAll(tags.join(','))) sizes.observe(element);
  });
}
